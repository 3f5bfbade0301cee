// The scenario file as a front end: read with the registered expectation
// kinds, its job planned, its expectations bound to the plan, and a
// ScenarioSource attached, through which campaigns vary it. Every plan of a
// scenario is made here (OpenJob, variants, reproductions read back), so it
// is the one place that knows the scenario's syntax and the plan together.
#ifndef TIDEMARK_SIM_SESSION_SCENARIO_FRONT_END_H_
#define TIDEMARK_SIM_SESSION_SCENARIO_FRONT_END_H_

#include <string>
#include <vector>

#include "sim/lint/lint.h"
#include "sim/planner/job_plan.h"
#include "sim/planner/job_source.h"
#include "sim/scenario/path_confinement.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

// LoadScenario and ParseScenario with every registered expectation kind.
// Throw engine::InputError.
ScenarioSpec LoadScenarioSpec(const std::string& path, const PathConfinement& paths = {});
ScenarioSpec ParseScenarioSpec(const std::string& text, const std::string& file,
                               const std::string& folder, const PathConfinement& paths = {});

// The plan of `spec` with its expectations bound and its ScenarioSource.
// Throws engine::InputError: the planner's errors, else every binding error.
JobPlan BindScenario(ScenarioSpec spec);

// The JobSource of a plan bound from a scenario: it keeps the syntax, so a
// variant is the scenario varied (rows inline, failures, settings) and bound
// again, and a reproduction is a scenario file written from the original's
// text and read back the same way.
class ScenarioSource final : public JobSource {
 public:
  explicit ScenarioSource(ScenarioSpec spec) : spec_(std::move(spec)) {}

  JobPlan Plan(const JobVariant& variant) const override;
  void CheckSettings(const std::vector<JobSetting>& settings) const override;
  std::string ReproText(const ReproRequest& request) const override;
  JobPlan Reload(const std::string& text, const std::string& file) const override;

  const ScenarioSpec& spec() const { return spec_; }

 private:
  ScenarioSpec spec_;
};

// Lint's findings for a plan bound from a scenario (lint reads the syntax);
// none for a job of another front end. Throws engine::InputError when a
// trace lint reads cannot be read.
std::vector<LintFinding> LintPlan(const JobPlan& plan);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_SCENARIO_FRONT_END_H_
