// Failure points for `tidemark explore --failures N` (docs/explore-and-sweep.md,
// "Failures"): each seed adds N failures to the scenario, drawn from the
// seed's own "failures" PRNG stream, so the schedule draws exactly what the
// failure-free run of that seed draws until the first failure strikes.
//
// A failure point is a task failing at a processing time, `{at: T, task:
// STREAM/N}` — any subtask of a source or an operator (a union or a side
// output is no task of its own: Flink chains it) at a time in [0, the last
// row's arrival or a source's end] — or, one time in four, a sink throwing on
// its K-th record, `{sink: NAME, on_record: K}` with K in [1, rows].
#ifndef TIDEMARK_SIM_EXPLORE_FAILURE_POINTS_H_
#define TIDEMARK_SIM_EXPLORE_FAILURE_POINTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/planner/job_source.h"
#include "sim/trace/pinned_rows.h"

namespace tidemark::sim {

// `count` failure points for `seed`, ordered by time (task failures first,
// then sink failures by sink and record).
std::vector<FailurePoint> SeededFailures(const JobPlan& plan, const JobRows& rows, uint64_t seed,
                                         uint64_t count);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_FAILURE_POINTS_H_
