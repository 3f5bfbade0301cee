#include "engine/watermarks/idleness_timer.h"

#include "engine/core/check.h"

namespace tidemark::engine {

std::optional<std::string> IdlenessTimer::Validate(Duration idle_timeout) {
  if (idle_timeout <= Duration::Zero()) return "idleTimeout must be greater than zero";
  return std::nullopt;
}

IdlenessTimer::IdlenessTimer(Duration idle_timeout, IdlenessTimerOptions options)
    : idle_timeout_(idle_timeout), options_(options) {
  TIDEMARK_CHECK(!Validate(idle_timeout).has_value());
}

bool IdlenessTimer::CountdownRunning() const {
  if (options_.sentinel == InactivityStartSentinel::kZeroLikeFlink) {
    return start_of_inactivity_ != Timestamp::Millis(0);
  }
  return countdown_running_;
}

std::optional<Timestamp> IdlenessTimer::StableUntil() const {
  if (counter_ != last_counter_ || !CountdownRunning()) return std::nullopt;
  // Idle from the first probe with now - start > timeout, whole milliseconds.
  return SaturatingAdd(SaturatingAdd(start_of_inactivity_, idle_timeout_), Duration::Millis(1));
}

bool IdlenessTimer::CheckIfIdle(Timestamp now) {
  if (counter_ != last_counter_) {
    last_counter_ = counter_;
    countdown_running_ = false;
    start_of_inactivity_ = Timestamp::Millis(0);
    return false;
  }
  if (!CountdownRunning()) {
    countdown_running_ = true;
    start_of_inactivity_ = now;
    return false;
  }
  // Flink compares nanoseconds; scaling both sides by 10^6 keeps a strict
  // comparison of whole milliseconds unchanged. The difference wraps like a long.
  return now - start_of_inactivity_ > idle_timeout_;
}

}  // namespace tidemark::engine
