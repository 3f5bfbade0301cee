// Trigger: decides when a window's contents are emitted and purged (§2).
//
// A Trigger is stateless code for one TriggerSpec; the per-window state Flink
// keeps in partitioned state ("count", "fire-time") lives in a TriggerState
// that the window operator stores per (key, window) and passes in. A
// TriggerContext binds a callback to its (key, window) and the operator's
// timer service, so triggers register and delete timers exactly as in Flink.
//
// For merging windows the operator combines the merged windows' trigger states
// (TriggerState::MergeFrom, Flink's mergePartitionedState) into the result
// window's state, then calls OnMerge, then Clear for every merged window.
#ifndef TIDEMARK_ENGINE_TRIGGER_H_
#define TIDEMARK_ENGINE_TRIGGER_H_

#include <cstdint>
#include <optional>

#include "engine/core/key_table.h"
#include "engine/windows/time_window.h"
#include "engine/windows/timer_service.h"
#include "engine/windows/trigger_spec.h"

namespace tidemark::engine {

// Flink's TriggerResult.
enum class TriggerResult { kContinue, kFire, kPurge, kFireAndPurge };
constexpr bool IsFire(TriggerResult r) {
  return r == TriggerResult::kFire || r == TriggerResult::kFireAndPurge;
}
constexpr bool IsPurge(TriggerResult r) {
  return r == TriggerResult::kPurge || r == TriggerResult::kFireAndPurge;
}

// Per-(key, window) trigger state. Default-constructed means "no state".
struct TriggerState {
  int64_t count = 0;                   // CountTrigger's running count (sum-reduced)
  std::optional<Timestamp> fire_time;  // ContinuousEventTimeTrigger's next firing (min-reduced)

  bool empty() const { return count == 0 && !fire_time; }
  // Flink's mergePartitionedState for both reducing states: sum and min.
  void MergeFrom(const TriggerState& other);
};

// What a trigger callback may see and do: the clocks, and timers in the
// namespace of its window under its key.
//
// Given the window's KnownTimers (event time), the context skips registering an
// event-time timer known to be registered, and keeps them up to date on its
// own registrations and deletions; the owner still forgets a timer that fires.
class TriggerContext {
 public:
  TriggerContext(TimerService<TimeWindow>& timers, KeyId key, const TimeWindow& window)
      : timers_(timers), key_(key), window_(window) {}
  TriggerContext(TimerService<TimeWindow>& timers, KeyId key, const TimeWindow& window,
                 KnownTimers& known_event_timers)
      : timers_(timers), key_(key), window_(window), known_(&known_event_timers) {}

  const TimeWindow& window() const { return window_; }
  Timestamp current_watermark() const { return timers_.current_watermark(); }
  Timestamp current_processing_time() const { return timers_.current_processing_time(); }

  void RegisterEventTimeTimer(Timestamp t) {
    if (known_ == nullptr || !known_->Contains(t)) RegisterUnknownEventTimeTimer(t);
  }
  void DeleteEventTimeTimer(Timestamp t) {
    if (known_ != nullptr) known_->Forget(t);
    timers_.DeleteEventTimeTimer(key_, window_, t);
  }
  void RegisterProcessingTimeTimer(Timestamp t) {
    timers_.RegisterProcessingTimeTimer(key_, window_, t);
  }
  void DeleteProcessingTimeTimer(Timestamp t) {
    timers_.DeleteProcessingTimeTimer(key_, window_, t);
  }

 private:
  // Out of line, so that the common case (a known timer) stays a comparison.
  void RegisterUnknownEventTimeTimer(Timestamp t);

  TimerService<TimeWindow>& timers_;
  KeyId key_;
  TimeWindow window_;
  KnownTimers* known_ = nullptr;  // none: every registration goes to the timer service
};

class Trigger {
 public:
  // REQUIRES: !spec.Validate().
  explicit Trigger(TriggerSpec spec);

  const TriggerSpec& spec() const { return spec_; }

  // Called for every element added to ctx.window(); `timestamp` is the
  // element's timestamp.
  TriggerResult OnElement(Timestamp timestamp, TriggerState& state, TriggerContext& ctx) const {
    // The default trigger of event-time windows, inline: it runs per element.
    if (spec_.kind == TriggerKind::kEventTime) return EventTimeOnElement(ctx);
    return OtherOnElement(timestamp, state, ctx);
  }
  // Called when an event-time / processing-time timer of ctx.window() fires.
  TriggerResult OnEventTime(Timestamp time, TriggerState& state, TriggerContext& ctx) const;
  TriggerResult OnProcessingTime(Timestamp time, TriggerState& state, TriggerContext& ctx) const;
  // Deletes the trigger's timers and state for ctx.window() (window cleanup,
  // or a window merged away).
  void Clear(TriggerState& state, TriggerContext& ctx) const;
  // ctx.window() is the merge result; `state` already holds the merged state.
  void OnMerge(TriggerState& state, TriggerContext& ctx) const;

 private:
  TriggerResult Purging(TriggerResult r) const {
    return spec_.purging && IsFire(r) ? TriggerResult::kFireAndPurge : r;
  }
  void RegisterNextFireTime(Timestamp time, TriggerState& state, TriggerContext& ctx) const;
  // EventTimeTrigger.onElement.
  TriggerResult EventTimeOnElement(TriggerContext& ctx) const {
    const Timestamp max_ts = ctx.window().max_timestamp();
    // An element for a window the watermark already passed fires at once.
    if (max_ts <= ctx.current_watermark()) return Purging(TriggerResult::kFire);
    ctx.RegisterEventTimeTimer(max_ts);
    return TriggerResult::kContinue;
  }
  // OnElement of every trigger but the event-time one.
  TriggerResult OtherOnElement(Timestamp timestamp, TriggerState& state, TriggerContext& ctx) const;

  TriggerSpec spec_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_TRIGGER_H_
