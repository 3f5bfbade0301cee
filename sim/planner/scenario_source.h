// ScenarioSource: the JobSource (job_source.h) of a plan bound from a
// scenario file. It keeps the scenario's syntax, so that a variant is the
// scenario varied (rows inline, failures, settings) and planned again, and a
// reproduction is a scenario file written from the original's text.
#ifndef TIDEMARK_SIM_PLANNER_SCENARIO_SOURCE_H_
#define TIDEMARK_SIM_PLANNER_SCENARIO_SOURCE_H_

#include <string>
#include <vector>

#include "sim/planner/job_source.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

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

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_SCENARIO_SOURCE_H_
