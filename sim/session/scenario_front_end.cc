#include "sim/session/scenario_front_end.h"

#include <filesystem>
#include <memory>
#include <utility>

#include "sim/check/expectation_kinds.h"
#include "sim/scenario/scenario_rows.h"
#include "sim/scenario/scenario_settings.h"

namespace tidemark::sim {

namespace {

// A point as `failures:` holds it, marked as drawn by a campaign.
FailureSpec ToFailureSpec(const FailurePoint& point) {
  FailureSpec f;
  f.seeded = true;
  if (point.kind == FailurePoint::Kind::kAt) {
    f.kind = FailureSpec::Kind::kAt;
    f.at = point.at - engine::Timestamp::Millis(0);
    f.task = point.task;
    f.subtask = point.subtask;
  } else {
    f.kind = FailureSpec::Kind::kOnRecord;
    f.sink = point.sink;
    f.count = point.count;
  }
  return f;
}

}  // namespace

ScenarioSpec LoadScenarioSpec(const std::string& path, const PathConfinement& paths) {
  return LoadScenario(path, paths, ExpectationKeys());
}

ScenarioSpec ParseScenarioSpec(const std::string& text, const std::string& file,
                               const std::string& folder, const PathConfinement& paths) {
  return ParseScenario(text, file, folder, paths, ExpectationKeys());
}

JobPlan BindScenario(ScenarioSpec spec) {
  JobPlan plan = PlanJob(spec);
  plan.expectations = BindExpectations(spec.expectations, plan);
  plan.source = std::make_shared<ScenarioSource>(std::move(spec));
  return plan;
}

JobPlan ScenarioSource::Plan(const JobVariant& variant) const {
  ScenarioSpec spec = variant.rows ? WithRows(spec_, *variant.rows, variant.keep) : spec_;
  if (variant.own_failures == JobVariant::OwnFailures::kDrop) spec.failures.clear();
  for (const FailurePoint& point : variant.added_failures) {
    spec.failures.push_back(ToFailureSpec(point));
  }
  for (const auto& [key, value] : variant.settings) ApplySetting(spec, key, value);
  return BindScenario(std::move(spec));
}

void ScenarioSource::CheckSettings(const std::vector<JobSetting>& settings) const {
  ScenarioSpec probe = spec_;
  for (const auto& [key, value] : settings) ApplySetting(probe, key, value);
}

std::string ScenarioSource::ReproText(const ReproRequest& request) const {
  std::vector<std::string> added;
  for (const FailurePoint& point : request.added_failures) added.push_back(FailureText(point));
  return ReproScenarioText(ReadScenarioFile(spec_.file), spec_, *request.rows, request.keep,
                           request.seed, request.folder, request.comment, added);
}

JobPlan ScenarioSource::Reload(const std::string& text, const std::string& file) const {
  const std::string folder = std::filesystem::path(file).parent_path().string();
  // A reproduction names the original's traces, already confined when it
  // loaded, from its own folder: they need not lie under it.
  const PathConfinement paths{.root = "", .outside = OutsideRoot::kAllow};
  return BindScenario(ParseScenarioSpec(text, file, folder, paths));
}

std::vector<LintFinding> LintPlan(const JobPlan& plan) {
  const auto* scenario = dynamic_cast<const ScenarioSource*>(plan.source.get());
  return scenario ? Lint(scenario->spec()) : std::vector<LintFinding>{};
}

}  // namespace tidemark::sim
