#include "tidemark/scenario.h"

#include <memory>
#include <utility>

#include "api/internal/convert.h"
#include "api/internal/scenario_plan.h"
#include "sim/check/expectations.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"

namespace tidemark {

namespace {

std::shared_ptr<const Scenario::Plan> Planned(sim::ScenarioSpec spec) {
  auto plan = std::make_shared<Scenario::Plan>();
  plan->job = sim::PlanJob(std::move(spec));
  for (const sim::PlanWarning& warning : plan->job.warnings) {
    plan->warnings.push_back(warning.ToString());
  }
  return plan;
}

}  // namespace

Scenario Scenario::Load(const std::string& path) {
  return api::internal::Guarded([&] { return Scenario(Planned(sim::LoadScenario(path))); });
}

Scenario Scenario::Parse(const std::string& text, const std::string& file,
                         const std::string& folder) {
  return api::internal::Guarded(
      [&] { return Scenario(Planned(sim::ParseScenario(text, file, folder))); });
}

const std::string& Scenario::name() const { return plan_->job.spec.name; }

uint64_t Scenario::seed() const { return plan_->job.spec.seed; }

const std::vector<std::string>& Scenario::warnings() const { return plan_->warnings; }

RunResult Scenario::Run(const RunOptions& options) const {
  const uint64_t seed = options.seed.value_or(plan_->job.spec.seed);
  return api::internal::Guarded([&] {
    // Emission watermarks and times are kept per record; the ledger's counts
    // are always kept, its per-record entries (for explain) are not.
    const sim::RunResult result =
        sim::RunJob(plan_->job, {.seed = seed, .detail = engine::Ledger::Detail::kCountsOnly});
    return api::internal::ToRunResult(plan_->job, result, seed);
  });
}

CheckResult Scenario::Check(const RunOptions& options) const {
  const uint64_t seed = options.seed.value_or(plan_->job.spec.seed);
  return api::internal::Guarded([&] {
    const sim::RunResult result = sim::RunJob(plan_->job, sim::CheckRunOptions(plan_->job, seed));
    CheckResult check{.run = api::internal::ToRunResult(plan_->job, result, seed)};
    for (const sim::SinkDiff& diff : sim::CheckExpectations(plan_->job, result).diffs) {
      ExpectationDiff out{.subject = diff.subject, .lines = diff.lines};
      for (const sim::Mismatch& m : diff.mismatches) {
        out.mismatches.push_back(
            {.where = api::internal::ToLocation(m.where), .message = m.message});
      }
      check.diffs.push_back(std::move(out));
    }
    return check;
  });
}

}  // namespace tidemark
