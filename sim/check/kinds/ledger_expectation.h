// `ledger:` — per stream, counters of the run's ledger (fate name -> count)
// and, under `to:`, the records sent to each side-output tag. `check
// --update` writes every counter the block names with the run's count.
#ifndef TIDEMARK_SIM_CHECK_KINDS_LEDGER_EXPECTATION_H_
#define TIDEMARK_SIM_CHECK_KINDS_LEDGER_EXPECTATION_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/ledger.h"
#include "sim/check/expectation.h"

namespace tidemark::sim {

// `ledger:` counters expected for one stream: fate name -> count, and per
// side-output tag the records sent to it.
struct LedgerExpectation {
  struct Counter {
    std::string name;  // a counter name (LedgerCounters())
    uint64_t count = 0;
    SourceLocation where;
  };
  std::string stream;
  SourceLocation where;
  std::vector<Counter> counters;
  std::vector<Counter> tags;  // name = the tag
};

// A `ledger:` counter name and the fate it counts.
struct LedgerCounterName {
  std::string_view name;
  engine::Fate fate;
};
// Every counter name, in the order the format reference lists them.
std::span<const LedgerCounterName> LedgerCounters();

const ExpectationKind& LedgerExpectationKind();

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_KINDS_LEDGER_EXPECTATION_H_
