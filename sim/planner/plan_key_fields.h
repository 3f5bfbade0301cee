// The key fields of each source (sim/trace/null_key.h): source fields that a
// key_by reads as they are, so the trace readers can refuse a null key at its
// cell, or route its row to the source's dead letter.
#ifndef TIDEMARK_SIM_PLANNER_PLAN_KEY_FIELDS_H_
#define TIDEMARK_SIM_PLANNER_PLAN_KEY_FIELDS_H_

#include "sim/graph/job_graph.h"

namespace tidemark::sim {

// Fills plan.sources[i].trace.key_fields. A key_by's input is followed back
// through unions (which pass records as they are) to sources; any other
// operator on the way (a filter may drop the null rows, a map may compute the
// key) leaves the check to the runtime, where the record meets the key_by.
void PlanKeyFields(JobGraph& plan);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_PLAN_KEY_FIELDS_H_
