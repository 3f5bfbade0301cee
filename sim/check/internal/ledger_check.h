// `ledger:` expectations: counters of the run's ledger per stream.
#ifndef TIDEMARK_SIM_CHECK_INTERNAL_LEDGER_CHECK_H_
#define TIDEMARK_SIM_CHECK_INTERNAL_LEDGER_CHECK_H_

#include <vector>

#include "engine/operators/router.h"
#include "sim/check/expectations.h"

namespace tidemark::sim::internal {

// The value of counter `fate` at `node`, summed over its tags (ports, sinks).
uint64_t CounterValue(const engine::Ledger& ledger, NodeIndex node, engine::Fate fate);
// Records `node` sent to side output `port` (routed there, or late to it).
uint64_t TagValue(const engine::Ledger& ledger, NodeIndex node, engine::Port port);

// One diff per stream whose counters differ, in the order the scenario names them.
std::vector<SinkDiff> CheckLedger(const JobPlan& plan, const RunResult& result);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_CHECK_INTERNAL_LEDGER_CHECK_H_
