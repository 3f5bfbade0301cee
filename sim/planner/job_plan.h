// PlanJob: a scenario resolved into the job graph a run executes.
//
// PlanJob checks everything that can be checked before running — unknown
// streams and fields (with the nearest known name), cycles, expression types,
// side-output tags and their types (Flink's rules, §7), sinks and expected
// fields — and reports the first problem as an engine::InputError at its place
// in the scenario file.
//
// A JobPlan is the JobGraph (all the runtime reads) together with the
// ScenarioSpec it came from, which checks, campaigns and reports also read.
#ifndef TIDEMARK_SIM_PLANNER_JOB_PLAN_H_
#define TIDEMARK_SIM_PLANNER_JOB_PLAN_H_

#include <vector>

#include "sim/graph/job_graph.h"
#include "sim/planner/plan_warning.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

struct JobPlan : JobGraph {
  ScenarioSpec spec;
  std::vector<PlanWarning> warnings;  // in file order of the streams they concern
};

// Throws engine::InputError on the first problem found.
JobPlan PlanJob(ScenarioSpec spec);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_JOB_PLAN_H_
