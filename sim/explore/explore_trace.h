// The rows of a job's sources as data (sim/trace/pinned_rows.h), read from
// the plan, so that `tidemark explore` can shrink a trace by delta debugging
// over rows and have the job's front end write the rows left back as a job.
#ifndef TIDEMARK_SIM_EXPLORE_EXPLORE_TRACE_H_
#define TIDEMARK_SIM_EXPLORE_EXPLORE_TRACE_H_

#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/trace/pinned_rows.h"

namespace tidemark::sim {

// Reads every source's rows, pinned. Throws engine::InputError on a bad trace.
JobRows ReadJobRows(const JobPlan& plan);

// Every shrinkable row, source by source, in file order.
std::vector<RowRef> ShrinkableRows(const JobRows& rows);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_EXPLORE_TRACE_H_
