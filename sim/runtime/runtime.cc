#include "sim/runtime/runtime.h"

#include "sim/runtime/internal/loop_runs.h"

namespace tidemark::sim {

RunResult RunJob(const JobGraph& plan, const RunOptions& options) {
  if (plan.fault_tolerance.enabled()) return internal::RunWithFaultTolerance(plan, options);
  return internal::RunWithoutFaultTolerance(plan, options);
}

}  // namespace tidemark::sim
