// PlanJob: a scenario resolved into the job graph a run executes.
//
// PlanJob checks everything that can be checked before running — unknown
// streams and fields (with the nearest known name), cycles, expression types,
// side-output tags and their types (Flink's rules, §7), sinks and expected
// fields — and reports the first problem as an engine::InputError at its place
// in the scenario file.
//
// A JobPlan is the JobGraph (all the runtime reads) together with what
// reports and campaigns say about the job (JobInfo) and the warnings.
#ifndef TIDEMARK_SIM_PLANNER_JOB_PLAN_H_
#define TIDEMARK_SIM_PLANNER_JOB_PLAN_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/graph/job_graph.h"
#include "sim/planner/job_source.h"
#include "sim/planner/plan_warning.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

// What reports and campaigns say of a job besides its graph: how it was
// named and described, the seed it asks for, and the files it was read from.
struct JobInfo {
  std::string name = {};
  std::string description = {};
  uint64_t seed = 0;  // the schedule seed it asks for; runs may use another
  // Every schedule must give the same sinks: `explore` fails (exit 1) when
  // two seeds give different outcomes.
  bool deterministic = false;
  // The files the job was read from: its own file (JobGraph::file) first,
  // then each source's trace file in source order. A report's hash and a
  // campaign's input hash cover them.
  std::vector<std::string> input_files = {};
};

struct JobPlan : JobGraph {
  JobInfo info;
  // The front end the plan was bound from: campaigns vary the job through it.
  std::shared_ptr<const JobSource> source;
  ScenarioSpec spec;
  std::vector<PlanWarning> warnings;  // in file order of the streams they concern
};

// Throws engine::InputError on the first problem found.
JobPlan PlanJob(ScenarioSpec spec);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_JOB_PLAN_H_
