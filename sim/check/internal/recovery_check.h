// `recovery:` expectations: what checkpoints, failures and restarts did.
#ifndef TIDEMARK_SIM_CHECK_INTERNAL_RECOVERY_CHECK_H_
#define TIDEMARK_SIM_CHECK_INTERNAL_RECOVERY_CHECK_H_

#include <optional>

#include "sim/check/expectations.h"

namespace tidemark::sim::internal {

// The run's value of `counter`, or nullopt when the run has no recovery.
std::optional<uint64_t> RecoveryValue(const JobPlan& plan, const RunResult& result,
                                      const RecoveryExpectation::Counter& counter);

// One diff listing every counter that differs, or none.
std::optional<SinkDiff> CheckRecovery(const JobPlan& plan, const RunResult& result);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_CHECK_INTERNAL_RECOVERY_CHECK_H_
