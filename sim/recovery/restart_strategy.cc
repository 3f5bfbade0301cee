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
  TIDEMARK_CHECK(!ValidationError(plan).has_value());
}

std::optional<std::string> RestartStrategy::ValidationError(const RestartPlan& plan) {
  constexpr int64_t kJavaIntMax = std::numeric_limits<int32_t>::max();
  switch (plan.strategy) {
    case Strategy::kNone: return std::nullopt;
    case Strategy::kFixedDelay:
      // FixedDelayRestartBackoffTimeStrategy's constructor.
      if (plan.attempts < 0) return "Maximum number of restart attempts must be at least 0.";
      if (plan.attempts > kJavaIntMax) return "The number of restart attempts must fit a Java int.";
      if (plan.delay < Duration::Zero()) {
        return "Backoff time between restart attempts must be at least 0 ms.";
      }
      return std::nullopt;
    case Strategy::kFailureRate:
      // FailureRateRestartBackoffTimeStrategy's constructor.
      if (plan.max_failures_per_interval <= 0) {
        return "Maximum number of restart attempts per time unit must be greater than 0.";
      }
      if (plan.max_failures_per_interval > kJavaIntMax) {
        return "The maximum number of failures per interval must fit a Java int.";
      }
      if (plan.failure_rate_interval <= Duration::Zero()) {
        return "Failures interval must be greater than 0 ms.";
      }
      if (plan.delay < Duration::Zero()) return "Backoff time must be at least 0 ms.";
      return std::nullopt;
    case Strategy::kExponentialDelay: {
      // ExponentialDelayRestartBackoffTimeStrategy's constructor, in its order.
      const Duration one = Duration::Millis(1);
      if (plan.initial_backoff < one) return "Initial backoff must be at least 1.";
      if (plan.max_backoff < one) return "Maximum backoff must be at least 1.";
      if (plan.initial_backoff > plan.max_backoff) {
        return "Initial backoff cannot be higher than maximum backoff.";
      }
      if (!(plan.multiplier > 1)) return "Backoff multiplier must be greater than 1.";
      if (plan.reset_threshold < one) {
        return "Threshold duration for exponential backoff reset must be at least 1.";
      }
      if (!(0 <= plan.jitter && plan.jitter <= 1)) return "Jitter factor must be >= 0 and <= 1.";
      if (plan.attempts_before_reset < 1) {
        return "The attemptsBeforeResetBackoff must be at least 1.";
      }
      if (plan.attempts_before_reset > kJavaIntMax) {
        return "The attemptsBeforeResetBackoff must fit a Java int.";
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
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
    decision.restart_at = now + BackoffTime(now);
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
      next_restart_ = now + ExponentialBackoff();
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
