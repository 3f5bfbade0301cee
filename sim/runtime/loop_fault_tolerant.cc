// The loop of a job with checkpoints, failures or restarts:
// Loop<FaultTolerance> (protocol.h, fault_tolerance.h).
#include "sim/runtime/internal/fault_tolerance.h"
#include "sim/runtime/internal/loop.h"
#include "sim/runtime/internal/loop_runs.h"

namespace tidemark::sim::internal {

RunResult RunWithFaultTolerance(const JobGraph& plan, const RunOptions& options) {
  return RunLoop<FaultTolerance>(plan, options);
}

}  // namespace tidemark::sim::internal
