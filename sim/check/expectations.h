// Compares a run's sinks with the scenario's expectations.
//
// Expected rows name the fields they check (any subset of the sink's fields),
// written as trace cells are and typed by the sink's schema. Ordered
// expectations compare position by position; unordered ones as multisets.
// Doubles match within the expectation's tolerance (absolute or relative).
#ifndef TIDEMARK_SIM_CHECK_EXPECTATIONS_H_
#define TIDEMARK_SIM_CHECK_EXPECTATIONS_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

struct SinkDiff {
  std::string sink;
  std::vector<std::string> lines;  // one readable line per difference
};

struct ExpectationReport {
  std::vector<SinkDiff> diffs;  // only sinks that differ, in expectation order
  bool passed() const { return diffs.empty(); }
};

// Throws engine::InputError when an expected value does not parse as its
// field's type.
ExpectationReport CheckExpectations(const JobPlan& plan, const RunResult& result);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_EXPECTATIONS_H_
