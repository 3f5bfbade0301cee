// PlanJob: a scenario's job resolved into the graph a run executes.
//
// PlanJob checks everything about the job that can be checked before running
// — unknown streams and fields (with the nearest known name), cycles,
// expression types, side-output tags and their types (Flink's rules, §7),
// sinks — and reports it as an engine::InputError at its place in the
// scenario file.
//
// A JobPlan is the JobGraph (all the runtime reads) together with what
// reports and campaigns say about the job (JobInfo), the warnings, the
// expectations bound to it and the front end it came from. Nothing after
// the plan reads the scenario's syntax: a second front end produces the
// same plan.
#ifndef TIDEMARK_SIM_PLANNER_JOB_PLAN_H_
#define TIDEMARK_SIM_PLANNER_JOB_PLAN_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "sim/graph/job_graph.h"
#include "sim/planner/job_source.h"
#include "sim/planner/plan_warning.h"

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
  // then each source's trace file in source order, each with where the job
  // names it. A report's hash and a campaign's input hash cover them.
  struct InputFile {
    std::string path;
    engine::SourceLocation where;
  };
  std::vector<InputFile> input_files = {};
};

class Expectation;    // sim/check/expectation.h
struct ScenarioSpec;  // sim/scenario/scenario.h: the planner's input, kept from those above it

struct JobPlan : JobGraph {
  JobInfo info;
  // The front end the plan was bound from: campaigns vary the job through it.
  // Set by the front end's binder (sim/session/scenario_front_end.h), not by PlanJob.
  std::shared_ptr<const JobSource> source;
  // What the job expects of its runs, bound to this plan by the expectation
  // kinds (sim/check/expectation.h), in the kinds' order. Set by the binder.
  std::vector<std::shared_ptr<const Expectation>> expectations;
  std::vector<PlanWarning> warnings;  // in file order of the streams they concern
};

// The graph, JobInfo and warnings of `spec`; its expectations and source are
// the binder's to add. Throws engine::InputError on the first problem found
// (every broken stream at once).
JobPlan PlanJob(const ScenarioSpec& spec);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_JOB_PLAN_H_
