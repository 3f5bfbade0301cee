// The loop of a job without fault tolerance: Loop<NoFaultTolerance>, with no
// protocol on any path (protocol.h).
#include "sim/runtime/internal/loop.h"
#include "sim/runtime/internal/loop_runs.h"
#include "sim/runtime/internal/protocol.h"

namespace tidemark::sim::internal {

RunResult RunWithoutFaultTolerance(const JobGraph& plan, const RunOptions& options) {
  return RunLoop<NoFaultTolerance>(plan, options);
}

}  // namespace tidemark::sim::internal
