// The loop's two instantiations (loop.h, protocol.h), each compiled in a
// translation unit of its own: RunJob calls the one the graph asks for.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_LOOP_RUNS_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_LOOP_RUNS_H_

#include "sim/graph/job_graph.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim::internal {

// A job that configures no fault tolerance: loop_plain.cc.
RunResult RunWithoutFaultTolerance(const JobGraph& plan, const RunOptions& options);
// A job with checkpoints, failures or restarts: loop_fault_tolerant.cc.
RunResult RunWithFaultTolerance(const JobGraph& plan, const RunOptions& options);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_LOOP_RUNS_H_
