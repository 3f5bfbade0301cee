// The invariants `tidemark explore` checks on every schedule it runs. Each
// holds for every legal interleaving, so a violation is a simulator bug (or a
// scenario the simulator mishandles), never a property of the schedule:
//
//   conservation   per input record, from the ledger against the plan's graph:
//                  a record arrives at a node once per emission on a port the
//                  node reads; each arrival ends in one decision (a terminal
//                  fate or emissions); an emission on a port nobody reads is
//                  noted unconsumed; each sink holds a record as often as the
//                  ledger says it sank there. Record ids are per source, so
//                  rows of different sources with one id are counted together.
//                  Only on runs without failures: a failure discards records
//                  in flight, which no ledger entry notes, and sources read
//                  rows again (recovery_invariants.h checks those runs' sinks).
//   watermark monotonicity
//                  per (node, subtask), every operator input watermark and
//                  every source output watermark strictly increases — from
//                  -inf again after the subtask is restored.
//   side-output isolation
//                  a sink on a side output holds only records the ledger shows
//                  routed (or sent late) to that tag, and every sink's values
//                  have its schema's types.
//   per-key order  in a sink of input records fed by a chain from one source
//                  (each stream one input, no rebalance) through a key_by
//                  whose key field the sink keeps, the records of one key and
//                  one partition appear in trace order (§9.2), within each
//                  attempt after a restart.
#ifndef TIDEMARK_SIM_EXPLORE_EXPLORE_INVARIANTS_H_
#define TIDEMARK_SIM_EXPLORE_EXPLORE_INVARIANTS_H_

#include <string>
#include <vector>

#include "sim/explore/explore_trace.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

// One line per violation, "conservation: ...", at most `limit` of them.
// REQUIRES: `result` ran with Ledger::Detail::kEveryRecord and collected sinks.
std::vector<std::string> CheckInvariants(const JobPlan& plan, const JobRows& rows,
                                         const RunResult& result, size_t limit = 5);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_EXPLORE_INVARIANTS_H_
