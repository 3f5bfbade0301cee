// `recovery:` — counters of what checkpointing, failures and restarts did
// (docs/checkpoints.md, "Expectations"): job-wide counters, rows replayed
// per source, and per sink what was written, visible, duplicated, aborted or
// left uncommitted. A run without checkpoints or failures has none of them:
// the block needs `checkpointing:` or `failures:`.
#ifndef TIDEMARK_SIM_CHECK_KINDS_RECOVERY_EXPECTATION_H_
#define TIDEMARK_SIM_CHECK_KINDS_RECOVERY_EXPECTATION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "sim/check/expectation.h"

namespace tidemark::sim {

// `recovery:` counters expected of a run with checkpoints or failures
// (docs/checkpoints.md, "Expectations"). `scope` is empty for the job's own
// counters, else the source (replayed_rows) or sink (the sink counters) named.
struct RecoveryExpectation {
  struct Counter {
    std::string name;  // checkpoints_completed, ..., or a sink counter
    std::string scope;
    uint64_t count = 0;
    engine::SourceLocation where;
    engine::SourceLocation scope_where;
  };
  engine::SourceLocation where;
  std::vector<Counter> counters;
};

const ExpectationKind& RecoveryExpectationKind();

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_KINDS_RECOVERY_EXPECTATION_H_
