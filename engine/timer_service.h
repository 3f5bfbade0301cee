// TimerService: the event-time and processing-time timers of one keyed
// operator instance (Flink's InternalTimerServiceImpl, §7.6).
//
// A timer is (timestamp, key, namespace); registering an existing timer or
// deleting a missing one is a no-op. Windows use the window as namespace; a
// keyed process operator can use an empty namespace type (VoidNamespace).
//
// Firing: AdvanceWatermark(W) first sets the current watermark to W, then
// repeatedly removes the earliest timer while its timestamp <= W and calls the
// callback with it. The head is re-read after each callback, so a timer a
// callback registers at or before W fires within the same advance. Timers
// registered outside an advance with a timestamp <= the current time wait for
// the next advance. AdvanceProcessingTime(T) does the same on the processing
// clock, which only the caller moves.
//
// Order (§10.3, deterministic where Flink's heap order is not): ascending
// timestamp, then ascending KeyId (key first-seen order, see KeyTable), then
// namespace order (for windows: start, then end).
//
// Termination is the callback's responsibility: a callback that keeps
// registering timers at or before W never lets an advance finish, exactly as
// in Flink.
#ifndef TIDEMARK_ENGINE_TIMER_SERVICE_H_
#define TIDEMARK_ENGINE_TIMER_SERVICE_H_

#include <compare>
#include <set>

#include "engine/key_table.h"
#include "engine/time.h"

namespace tidemark::engine {

// The namespace of timers that belong to a key only.
struct VoidNamespace {
  constexpr auto operator<=>(const VoidNamespace&) const = default;
};

template <typename Namespace>
struct Timer {
  Timestamp timestamp;
  KeyId key = 0;
  Namespace ns{};
  constexpr auto operator<=>(const Timer&) const = default;
};

template <typename Namespace>
class TimerService {
 public:
  using TimerType = Timer<Namespace>;

  Timestamp current_watermark() const { return watermark_; }
  Timestamp current_processing_time() const { return processing_time_; }

  // Returns whether a new timer was added (false: it already existed).
  bool RegisterEventTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return event_timers_.insert(TimerType{t, key, ns}).second;
  }
  bool DeleteEventTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return event_timers_.erase(TimerType{t, key, ns}) > 0;
  }
  bool RegisterProcessingTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return processing_timers_.insert(TimerType{t, key, ns}).second;
  }
  bool DeleteProcessingTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return processing_timers_.erase(TimerType{t, key, ns}) > 0;
  }

  // Sets the watermark to `watermark` (unconditionally, as Flink: monotonicity
  // is the caller's job) and fires every due event-time timer:
  // on_timer(const Timer<Namespace>&).
  template <typename OnTimer>
  void AdvanceWatermark(Timestamp watermark, OnTimer&& on_timer) {
    watermark_ = watermark;
    FireDue(event_timers_, watermark, on_timer);
  }
  // Sets the processing clock to `now` and fires every due processing timer.
  template <typename OnTimer>
  void AdvanceProcessingTime(Timestamp now, OnTimer&& on_timer) {
    processing_time_ = now;
    FireDue(processing_timers_, now, on_timer);
  }

  // Pending timers in firing order, for tests, narration and lint.
  const std::set<TimerType>& event_timers() const { return event_timers_; }
  const std::set<TimerType>& processing_timers() const { return processing_timers_; }

 private:
  template <typename OnTimer>
  static void FireDue(std::set<TimerType>& timers, Timestamp now, OnTimer& on_timer) {
    while (!timers.empty() && timers.begin()->timestamp <= now) {
      const TimerType timer = *timers.begin();
      timers.erase(timers.begin());
      on_timer(timer);
    }
  }

  Timestamp watermark_ = Timestamp::Min();
  // Flink's test harnesses start the processing clock at Long.MIN_VALUE too;
  // the simulator sets it before the first record.
  Timestamp processing_time_ = Timestamp::Min();
  std::set<TimerType> event_timers_;
  std::set<TimerType> processing_timers_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_TIMER_SERVICE_H_
