// What a job does about failures: checkpointing, the restart strategy and
// failover, scripted failures, and each sink's delivery guarantee
// (docs/checkpoints.md). The planner fills it from a scenario's
// `checkpointing:`, `restart:`, `failures:` and sink options; the runtime
// reads it. A job that configures none of it runs exactly as before: no
// barrier, no snapshot, no failure, every sink writing at once.
//
// Defaults are Flink 1.20's (CheckpointingOptions, RestartStrategyOptions,
// RestartBackoffTimeStrategyFactoryLoader); each field names its option.
#ifndef TIDEMARK_SIM_GRAPH_FAULT_TOLERANCE_H_
#define TIDEMARK_SIM_GRAPH_FAULT_TOLERANCE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/time.h"
#include "engine/expressions/expression.h"

namespace tidemark::sim {

// execution.checkpointing.mode: aligned barriers (EXACTLY_ONCE) or counted
// ones that never block a channel (AT_LEAST_ONCE, CheckpointBarrierTracker).
enum class CheckpointingMode { kExactlyOnce, kAtLeastOnce };

struct CheckpointPlan {
  // execution.checkpointing.interval, on the processing clock; > 0.
  engine::Duration interval = engine::Duration::Seconds(1);
  CheckpointingMode mode = CheckpointingMode::kExactlyOnce;
  // execution.checkpointing.unaligned.enabled (exactly-once only), and
  // aligned-checkpoint-timeout: 0 = unaligned from the first barrier.
  bool unaligned = false;
  engine::Duration aligned_timeout = engine::Duration::Zero();
  // execution.checkpointing.min-pause: from the last completion to the next
  // periodic trigger.
  engine::Duration min_pause = engine::Duration::Zero();
  // execution.checkpointing.timeout: a checkpoint not complete by then expires.
  engine::Duration timeout = engine::Duration::Millis(600'000);
  // execution.checkpointing.max-concurrent-checkpoints.
  int max_concurrent = 1;
  // execution.checkpointing.tolerable-failed-checkpoints.
  int tolerable_failures = 0;
  // The scheduler's first trigger after the job (re)starts. Flink draws it
  // uniformly from [min-pause, interval] (CheckpointCoordinator
  // .getRandomInitDelay); the scenario fixes it. Default: the interval.
  std::optional<engine::Duration> first_delay;
  // The asynchronous part of a snapshot: a task acknowledges this long after
  // its synchronous snapshot (AsyncCheckpointRunnable).
  engine::Duration ack_delay = engine::Duration::Zero();
  // From a checkpoint's completion on the coordinator to
  // notifyCheckpointComplete at the tasks (and so to a commit).
  engine::Duration notify_delay = engine::Duration::Zero();

  // Where the job sets checkpointing up: a run that would trigger more than
  // kMaxCheckpointTriggers checkpoints is refused there.
  engine::SourceLocation where;

  engine::Duration FirstDelay() const { return first_delay.value_or(interval); }
};

// The most checkpoints one run may trigger. Each is walked barrier by
// barrier; a 10 ms interval over 30 days of processing time (259 million)
// once ran for hours, and Flink would spend as long.
inline constexpr uint64_t kMaxCheckpointTriggers = 100'000;

// restart-strategy.type and its options, and
// jobmanager.execution.failover-strategy.
struct RestartPlan {
  enum class Strategy { kNone, kFixedDelay, kFailureRate, kExponentialDelay };
  Strategy strategy = Strategy::kNone;
  // fixed-delay: restart-strategy.fixed-delay.attempts (the restarts allowed)
  // and .delay.
  int64_t attempts = 1;
  engine::Duration delay = engine::Duration::Seconds(1);
  // failure-rate: .max-failures-per-interval, .failure-rate-interval, .delay
  // (the delay above).
  int64_t max_failures_per_interval = 1;
  engine::Duration failure_rate_interval = engine::Duration::Seconds(60);
  // exponential-delay: .initial-backoff, .max-backoff, .backoff-multiplier,
  // .reset-backoff-threshold, .jitter-factor, .attempts-before-reset-backoff.
  engine::Duration initial_backoff = engine::Duration::Seconds(1);
  engine::Duration max_backoff = engine::Duration::Seconds(60);
  double multiplier = 1.5;
  engine::Duration reset_threshold = engine::Duration::Seconds(3600);
  double jitter = 0.1;
  int64_t attempts_before_reset = INT32_MAX;

  enum class Failover { kRegion, kFull } failover = Failover::kRegion;
};

// A scripted failure (`failures:`).
struct FailurePlan {
  enum class Kind {
    kAt,        // subtask `subtask` of `node` fails at processing time `at`
    kOnRecord,  // sink `sink` throws on the `count`-th record it receives (once)
    kEvery,     // sink `sink` throws on every `count`-th record it receives
    kWhen,      // sink `sink` throws on every record for which `when` holds
  };
  Kind kind = Kind::kAt;
  engine::Timestamp at = engine::Timestamp::Millis(0);
  uint32_t node = 0;
  int subtask = 0;
  size_t sink = 0;  // index into JobGraph::sinks
  uint64_t count = 0;
  std::optional<engine::Expression> when;
  engine::SourceLocation where;
  bool seeded = false;  // drawn from a seed (FailureSpec::seeded)
};

// What a sink does with records between checkpoints (docs/checkpoints.md):
//   kNone: writes each record at once and keeps no state (print(), a
//     non-transactional writer): after a restore it writes again what it
//     wrote after the restored checkpoint;
//   kAtLeastOnce: writes at once and flushes at each checkpoint (Kafka
//     AT_LEAST_ONCE): the same duplicates, nothing lost;
//   kExactlyOnce: writes into a transaction per checkpoint, committed when the
//     checkpoint completes and aborted on failure (Kafka EXACTLY_ONCE, a
//     two-phase-commit sink): a read_committed reader sees it then.
enum class SinkGuarantee { kNone, kAtLeastOnce, kExactlyOnce };

// The scenario's spelling: "none", "at_least_once", "exactly_once".
inline std::string_view SinkGuaranteeName(SinkGuarantee guarantee) {
  switch (guarantee) {
    case SinkGuarantee::kNone: return "none";
    case SinkGuarantee::kAtLeastOnce: return "at_least_once";
    case SinkGuarantee::kExactlyOnce: return "exactly_once";
  }
  return "?";
}

// Flink's message for a restart plan its strategy's constructor rejects (its
// checkArgument texts: initial backoff above the maximum, a multiplier not
// above 1, ...), or nullopt. The planner reports it as bad input, so the
// runtime never meets one. Counts beyond a Java int, which Flink's option
// parser rejects before any strategy exists, get a message of tidemark's.
std::optional<std::string> RestartPlanError(const RestartPlan& plan);

struct FaultTolerancePlan {
  std::optional<CheckpointPlan> checkpointing;  // nullopt: disabled
  // As configured, or Flink 1.20's default: exponential-delay with
  // checkpointing, none without (RestartBackoffTimeStrategyFactoryLoader).
  RestartPlan restart;
  std::vector<FailurePlan> failures;
  // Whether any of it is configured: a run without it is the run of old.
  bool enabled() const { return checkpointing.has_value() || !failures.empty(); }
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_GRAPH_FAULT_TOLERANCE_H_
