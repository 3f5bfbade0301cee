// `check --update`: rewrites a scenario's expectations from a run's output.
//
// Every registered kind (expectation_kinds.h) rewrites its own block in the
// scenario's text — the block replaced in place, the rest of the file,
// comments included, kept byte for byte — and its own files (golden CSVs);
// the scenario file is written back when any block of it changed.
// `expect_error:` is never rewritten.
#ifndef TIDEMARK_SIM_CHECK_EXPECTATION_UPDATE_H_
#define TIDEMARK_SIM_CHECK_EXPECTATION_UPDATE_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

// Whether the plan expects anything (a block that names nothing does not).
bool HasExpectations(const JobPlan& plan);

// Whether `--update` must rewrite even when every expectation holds: a sink
// without an expectation, or a golden file missing.
bool NeedsUpdate(const JobPlan& plan);

// The scenario text with every kind's block regenerated from `result`, which
// comes from a run with CheckRunOptions; no file is written.
std::string RewriteExpectationBlock(const std::string& scenario_text, const JobPlan& plan,
                                    const RunResult& result);

// Writes golden files and the scenario file; returns the paths written.
// Throws engine::InputError when a file cannot be written.
std::vector<std::string> UpdateExpectations(const JobPlan& plan, const RunResult& result);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_EXPECTATION_UPDATE_H_
