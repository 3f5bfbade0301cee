#include "sim/recovery/restart_strategy.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "sim/recovery/internal/java_number.h"

namespace tidemark::sim {

namespace {

using Strategy = RestartPlan::Strategy;
using engine::Duration;
using engine::Timestamp;
using internal::JavaDouble;
using internal::JavaLong;
using internal::Power;

// ExponentialDelayRestartBackoffTimeStrategy.DEFAULT_NEXT_RESTART_TIMESTAMP:
// Integer.MIN_VALUE, "no restart scheduled yet". It shows in Describe().
constexpr Timestamp kNoRestartScheduled = Timestamp::Millis(std::numeric_limits<int32_t>::min());

}  // namespace

RestartStrategy::RestartStrategy(const RestartPlan& plan, Prng jitter)
    : plan_(plan), jitter_(jitter), next_restart_(kNoRestartScheduled) {
  TIDEMARK_CHECK(!RestartPlanError(plan).has_value());
}

// ExecutionFailureHandler.handleFailure: notify, then ask; a restart that is
// a new attempt counts towards numRestarts.
RestartStrategy::Decision RestartStrategy::OnFailure(Timestamp now) {
  Decision decision;
  const bool new_attempt = NotifyFailure(now);
  decision.merged = !new_attempt;
  if (CanRestart(now)) {
    if (new_attempt) ++restarts_;
    decision.restart = true;
    // A delay near Long.MAX_VALUE puts the restart past the end of time, not
    // before the failure: Flink's scheduler waits that long.
    decision.restart_at = engine::SaturatingAdd(now, BackoffTime(now));
  } else {
    decision.refusal = "Recovery is suppressed by " + Describe();
  }
  return decision;
}

bool RestartStrategy::NotifyFailure(Timestamp now) {
  switch (plan_.strategy) {
    case Strategy::kNone: return true;
    case Strategy::kFixedDelay: ++attempt_; return true;
    case Strategy::kFailureRate:
      // The queue keeps the last max_failures_per_interval + 1 failures.
      if (failure_times_.size() > static_cast<size_t>(plan_.max_failures_per_interval)) {
        failure_times_.pop_front();
      }
      failure_times_.push_back(now);
      return true;
    case Strategy::kExponentialDelay:
      // A failure before the pending restart joins it (FLINK-32895, 1.19).
      if (restart_pending_ && now <= next_restart_) return false;
      // The reset is measured from the previous *scheduled* restart.
      if (now - next_restart_ >= plan_.reset_threshold) attempt_ = 0;
      next_restart_ = engine::SaturatingAdd(now, ExponentialBackoff());
      ++attempt_;
      restart_pending_ = true;
      return true;
  }
  return true;
}

bool RestartStrategy::CanRestart(Timestamp now) const {
  switch (plan_.strategy) {
    case Strategy::kNone: return false;
    case Strategy::kFixedDelay: return attempt_ <= plan_.attempts;
    case Strategy::kFailureRate:
      // Full queue: the oldest of the last N + 1 failures must lie strictly
      // more than the interval ago.
      if (failure_times_.size() > static_cast<size_t>(plan_.max_failures_per_interval)) {
        return now - failure_times_.front() > plan_.failure_rate_interval;
      }
      return true;
    case Strategy::kExponentialDelay: return attempt_ <= plan_.attempts_before_reset;
  }
  return false;
}

Duration RestartStrategy::BackoffTime(Timestamp now) const {
  switch (plan_.strategy) {
    case Strategy::kNone: return Duration::Zero();
    case Strategy::kFixedDelay:
    case Strategy::kFailureRate: return plan_.delay;
    case Strategy::kExponentialDelay: return std::max(Duration::Zero(), next_restart_ - now);
  }
  return Duration::Zero();
}

// max(initial, min(b + jitter, max)) with b = (long) (initial * mult^attempt)
// and jitter uniform in [-(long) (b * jf), +(long) (b * jf)], drawn only when
// jf != 0 (calculateJitterBackoffMS). b + jitter wraps like Java's long sum.
Duration RestartStrategy::ExponentialBackoff() {
  const int64_t initial = plan_.initial_backoff.millis();
  const int64_t base = JavaLong(static_cast<double>(initial) * Power(plan_.multiplier, attempt_));
  int64_t jitter = 0;
  if (plan_.jitter != 0) {
    const int64_t offset = JavaLong(static_cast<double>(base) * plan_.jitter);
    jitter = jitter_.Between(-offset, offset);
  }
  const int64_t with_jitter = (Duration::Millis(base) + Duration::Millis(jitter)).millis();
  return Duration::Millis(std::max(initial, std::min(with_jitter, plan_.max_backoff.millis())));
}

std::string RestartStrategy::Describe() const {
  switch (plan_.strategy) {
    case Strategy::kNone: return "NoRestartBackoffTimeStrategy";
    case Strategy::kFixedDelay:
      return fmt::format(
          "FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts={}, backoffTimeMS={})",
          plan_.attempts, plan_.delay.millis());
    case Strategy::kFailureRate:
      // Flink's generateStrategyString really opens the class name twice and
      // closes one parenthesis.
      return fmt::format(
          "FailureRateRestartBackoffTimeStrategy(FailureRateRestartBackoffTimeStrategy("
          "failuresIntervalMS={},backoffTimeMS={},maxFailuresPerInterval={})",
          plan_.failure_rate_interval.millis(), plan_.delay.millis(),
          plan_.max_failures_per_interval);
    case Strategy::kExponentialDelay:
      return fmt::format(
          "ExponentialDelayRestartBackoffTimeStrategy(initialBackoffMS={}, maxBackoffMS={}, "
          "backoffMultiplier={}, resetBackoffThresholdMS={}, jitterFactor={}, "
          "attemptsBeforeResetBackoff={}, currentRestartAttempt={}, nextRestartTimestamp={})",
          plan_.initial_backoff.millis(), plan_.max_backoff.millis(), JavaDouble(plan_.multiplier),
          plan_.reset_threshold.millis(), JavaDouble(plan_.jitter), plan_.attempts_before_reset,
          attempt_, next_restart_.millis());
  }
  return "";
}

}  // namespace tidemark::sim
