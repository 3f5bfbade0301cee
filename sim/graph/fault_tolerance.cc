#include "sim/graph/fault_tolerance.h"

#include <limits>

namespace tidemark::sim {

std::optional<std::string> RestartPlanError(const RestartPlan& plan) {
  constexpr int64_t kJavaIntMax = std::numeric_limits<int32_t>::max();
  switch (plan.strategy) {
    case RestartPlan::Strategy::kNone: return std::nullopt;
    case RestartPlan::Strategy::kFixedDelay:
      // FixedDelayRestartBackoffTimeStrategy's constructor.
      if (plan.attempts < 0) return "Maximum number of restart attempts must be at least 0.";
      if (plan.attempts > kJavaIntMax) return "The number of restart attempts must fit a Java int.";
      if (plan.delay < engine::Duration::Zero()) {
        return "Backoff time between restart attempts must be at least 0 ms.";
      }
      return std::nullopt;
    case RestartPlan::Strategy::kFailureRate:
      // FailureRateRestartBackoffTimeStrategy's constructor.
      if (plan.max_failures_per_interval <= 0) {
        return "Maximum number of restart attempts per time unit must be greater than 0.";
      }
      if (plan.max_failures_per_interval > kJavaIntMax) {
        return "The maximum number of failures per interval must fit a Java int.";
      }
      if (plan.failure_rate_interval <= engine::Duration::Zero()) {
        return "Failures interval must be greater than 0 ms.";
      }
      if (plan.delay < engine::Duration::Zero()) return "Backoff time must be at least 0 ms.";
      return std::nullopt;
    case RestartPlan::Strategy::kExponentialDelay: {
      // ExponentialDelayRestartBackoffTimeStrategy's constructor, in its order.
      const engine::Duration one = engine::Duration::Millis(1);
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

}  // namespace tidemark::sim
