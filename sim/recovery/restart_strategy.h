// RestartStrategy: whether and when a failed job restarts, as Flink 1.20's
// restart backoff time strategies decide it (flink-runtime
// executiongraph/failover/{NoRestart,FixedDelay,FailureRate,ExponentialDelay}
// RestartBackoffTimeStrategy.java), driven the way ExecutionFailureHandler
// .handleFailure drives them: notifyFailure, then canRestart, then
// getBackoffTime (docs/checkpoints.md, "Restart strategies").
//
// One instance lives as long as the job: it counts every failure the job
// handles, whether the failover was regional or global. Decisions depend only
// on the plan, the failure times passed in and the jitter generator, so a run
// replays exactly. Failure times must not go backwards.
//
// Arithmetic is Java's where Flink's is observable: long additions wrap, and
// the exponential backoff is a double product truncated towards zero
// (sim/recovery/internal/java_number.h says how it stays identical on every
// platform).
#ifndef TIDEMARK_SIM_RECOVERY_RESTART_STRATEGY_H_
#define TIDEMARK_SIM_RECOVERY_RESTART_STRATEGY_H_

#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "engine/core/time.h"
#include "sim/graph/fault_tolerance.h"
#include "sim/random/prng.h"

namespace tidemark::sim {

class RestartStrategy {
 public:
  // `jitter` draws exponential-delay's jitter and nothing else; the caller
  // derives it as Prng::ForComponent(seed, "restart-jitter"). Flink draws it
  // from ThreadLocalRandom, so no run of Flink can be matched draw for draw.
  // REQUIRES: !RestartPlanError(plan) (sim/graph/fault_tolerance.h).
  RestartStrategy(const RestartPlan& plan, Prng jitter);

  struct Decision {
    // False: the job fails for good (Flink's FailureHandlingResult
    // .unrecoverable).
    bool restart = false;
    // Exponential-delay only: the failure came while a restart was pending
    // and joins it; it is no new attempt and adds no delay.
    bool merged = false;
    // When the restarted tasks are deployed again (restart only): the
    // failure time plus getBackoffTime().
    engine::Timestamp restart_at;
    // Why not (restart false): "Recovery is suppressed by " + Describe(), as
    // ExecutionFailureHandler words the JobException.
    std::string refusal;
  };

  // A failure handled by the job manager at `now`.
  Decision OnFailure(engine::Timestamp now);

  // The pending restart has run. A failure after it is a new attempt even
  // in the same millisecond: the simulator's clock stands still while a job
  // restores and replays, where Flink's moves on past nextRestartTimestamp,
  // so without this a failure on the first replayed record would join the
  // restart that already ran, again and again.
  void RestartDone() { restart_pending_ = false; }

  // Flink's numRestarts (ExecutionFailureHandler.numberOfRestarts): restarts
  // granted as new attempts; merged failures and refusals are not counted.
  uint64_t restarts() const { return restarts_; }

  // The strategy's toString() in Flink, with its current state for
  // exponential-delay, e.g. "FixedDelayRestartBackoffTimeStrategy(
  // maxNumberRestartAttempts=3, backoffTimeMS=1000)".
  std::string Describe() const;

 private:
  // RestartBackoffTimeStrategy's three calls; NotifyFailure returns whether
  // the failure is a new attempt.
  bool NotifyFailure(engine::Timestamp now);
  bool CanRestart(engine::Timestamp now) const;
  engine::Duration BackoffTime(engine::Timestamp now) const;
  // ExponentialDelayRestartBackoffTimeStrategy.calculateActualBackoffTime.
  engine::Duration ExponentialBackoff();

  RestartPlan plan_;
  Prng jitter_;
  uint64_t restarts_ = 0;
  // Fixed-delay and exponential-delay: currentRestartAttempt.
  int64_t attempt_ = 0;
  // Failure-rate: the times of the last max_failures_per_interval + 1
  // failures, oldest first.
  std::deque<engine::Timestamp> failure_times_;
  // Exponential-delay: nextRestartTimestamp, and whether that restart is
  // still to come (see RestartDone).
  engine::Timestamp next_restart_;
  bool restart_pending_ = false;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RECOVERY_RESTART_STRATEGY_H_
