// `check --update`: rewrites a scenario's expectations from a run's output.
//
// Golden CSV files are written anew (keeping their metadata columns). Inline
// expectations are regenerated in the scenario file itself: the top-level
// `expect:` and `ledger:` blocks (each up to the next line that does not
// start with a space) are replaced; the rest of the file, comments included,
// is kept byte for byte. Each sink keeps its form (records or output), order,
// tolerance and the fields and metadata its rows named; a sink without an
// expectation gets one with every field. `expect_error:` is never rewritten.
#ifndef TIDEMARK_SIM_CHECK_EXPECTATION_UPDATE_H_
#define TIDEMARK_SIM_CHECK_EXPECTATION_UPDATE_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

// Sinks of the plan that no expectation names.
size_t SinksWithoutExpectations(const JobPlan& plan);

// The scenario text with its `expect:` (and `ledger:`) block regenerated
// from `result`, which comes from a run with CheckRunOptions.
std::string RewriteExpectationBlock(const std::string& scenario_text, const JobPlan& plan,
                                    const RunResult& result);

// Writes golden files and the scenario file; returns the paths written.
// Throws engine::InputError when a file cannot be written.
std::vector<std::string> UpdateExpectations(const JobPlan& plan, const RunResult& result);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_EXPECTATION_UPDATE_H_
