// What a tidemark::Scenario holds: the planned job and its warnings.
#ifndef TIDEMARK_API_INTERNAL_SCENARIO_PLAN_H_
#define TIDEMARK_API_INTERNAL_SCENARIO_PLAN_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "tidemark/scenario.h"

namespace tidemark {

struct Scenario::Plan {
  sim::JobPlan job;
  std::vector<std::string> warnings;
};

}  // namespace tidemark

#endif  // TIDEMARK_API_INTERNAL_SCENARIO_PLAN_H_
