// IdlenessTimer: decides when an input with no events counts as idle, exactly
// as Flink's WatermarksWithIdleness.IdlenessTimer (§4.4).
//
// Activity is a counter bumped per event. CheckIfIdle is a probe run on each
// periodic tick with the current activity-clock reading:
//   - the counter moved since the last probe: remember it, stop the countdown,
//     answer "active";
//   - else, no countdown running: start it now, answer "active" (inactivity is
//     timed from the first quiet probe, not from the last event);
//   - else: idle iff now - start > timeout (strictly greater).
// A timer that never sees an event therefore also goes idle. With tick interval
// I, idleness is reported between about timeout + I and timeout + 3I after the
// last event.
//
// The zero-sentinel quirk: Flink keeps "no countdown" as start == 0 on a
// relative nanosecond clock, so a probe that reads exactly 0 cannot start the
// countdown (the next quiet probe starts it instead). Flink's clock is
// System.nanoTime based and practically never reads 0, but a simulated clock
// starting at 0 often does; by default this timer keeps "no countdown" in a
// separate flag, which is what real Flink observably does. Options can select
// the literal sentinel for reproducing Flink's own ManualClock-at-0 tests.
#ifndef TIDEMARK_ENGINE_IDLENESS_TIMER_H_
#define TIDEMARK_ENGINE_IDLENESS_TIMER_H_

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/time.h"

namespace tidemark::engine {

enum class InactivityStartSentinel {
  // "No countdown" is a separate flag: a probe at time 0 starts the countdown.
  kSeparateFlag,
  // "No countdown" is start == 0, as in Flink's code: a probe at time 0 does not.
  kZeroLikeFlink,
};

struct IdlenessTimerOptions {
  InactivityStartSentinel sentinel = InactivityStartSentinel::kSeparateFlag;
};

class IdlenessTimer {
 public:
  // Flink's message for a rejected timeout ("idleTimeout must be greater than
  // zero"), or nullopt when `idle_timeout` is acceptable.
  static std::optional<std::string> Validate(Duration idle_timeout);

  // REQUIRES: Validate(idle_timeout) is nullopt.
  explicit IdlenessTimer(Duration idle_timeout, IdlenessTimerOptions options = {});

  // Records that an event arrived.
  void Activity() { ++counter_; }
  // The periodic probe; `now` is the activity clock. See the header comment.
  bool CheckIfIdle(Timestamp now);

  Duration idle_timeout() const { return idle_timeout_; }

  // With no event before it, the earliest probe time whose answer or effect
  // differs from the last probe's: the moment the countdown passes the
  // timeout (a time already past once idle). Nullopt when the next probe
  // changes the timer's state (it would start the countdown).
  std::optional<Timestamp> StableUntil() const;

 private:
  bool CountdownRunning() const;

  Duration idle_timeout_;
  IdlenessTimerOptions options_;
  // Unsigned so that wrapping is defined; Flink's long counter "may overflow".
  uint64_t counter_ = 0;
  uint64_t last_counter_ = 0;
  bool countdown_running_ = false;
  Timestamp start_of_inactivity_ = Timestamp::Millis(0);
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_IDLENESS_TIMER_H_
