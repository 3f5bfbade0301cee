#include "engine/windows/trigger.h"

#include <algorithm>

#include "engine/core/check.h"

namespace tidemark::engine {

void TriggerState::MergeFrom(const TriggerState& other) {
  count = static_cast<int64_t>(static_cast<uint64_t>(count) + static_cast<uint64_t>(other.count));
  if (other.fire_time && (!fire_time || *other.fire_time < *fire_time)) fire_time = other.fire_time;
}

void TriggerContext::RegisterUnknownEventTimeTimer(Timestamp t) {
  timers_.RegisterEventTimeTimer(key_, window_, t);
  if (known_ != nullptr) known_->Add(t);
}

Trigger::Trigger(TriggerSpec spec) : spec_(spec) { TIDEMARK_CHECK(!spec_.Validate()); }

void Trigger::RegisterNextFireTime(Timestamp time, TriggerState& state, TriggerContext& ctx) const {
  const Timestamp next = std::min(time + spec_.interval, ctx.window().max_timestamp());
  state.fire_time = next;
  ctx.RegisterEventTimeTimer(next);
}

TriggerResult Trigger::OtherOnElement(Timestamp timestamp, TriggerState& state,
                                      TriggerContext& ctx) const {
  const Timestamp max_ts = ctx.window().max_timestamp();
  switch (spec_.kind) {
    case TriggerKind::kEventTime: return EventTimeOnElement(ctx);
    case TriggerKind::kProcessingTime:
      ctx.RegisterProcessingTimeTimer(max_ts);
      return TriggerResult::kContinue;
    case TriggerKind::kCount:
      state.count = static_cast<int64_t>(static_cast<uint64_t>(state.count) + 1);
      if (state.count >= spec_.count) {
        state.count = 0;
        return Purging(TriggerResult::kFire);
      }
      return TriggerResult::kContinue;
    case TriggerKind::kContinuousEventTime: {
      if (max_ts <= ctx.current_watermark()) return Purging(TriggerResult::kFire);
      ctx.RegisterEventTimeTimer(max_ts);
      if (!state.fire_time) {
        // Java's % rounds toward zero, like C++'s: ts = -1 starts at 0.
        const int64_t start = timestamp.millis() - timestamp.millis() % spec_.interval.millis();
        RegisterNextFireTime(Timestamp::Millis(start), state, ctx);
      }
      return TriggerResult::kContinue;
    }
    case TriggerKind::kNever: return TriggerResult::kContinue;
    case TriggerKind::kEndOfStream:
      ctx.RegisterEventTimeTimer(max_ts);
      return TriggerResult::kContinue;
  }
  return TriggerResult::kContinue;
}

TriggerResult Trigger::OnEventTime(Timestamp time, TriggerState& state, TriggerContext& ctx) const {
  const Timestamp max_ts = ctx.window().max_timestamp();
  switch (spec_.kind) {
    case TriggerKind::kEventTime:
    case TriggerKind::kEndOfStream:
      return time == max_ts ? Purging(TriggerResult::kFire) : TriggerResult::kContinue;
    case TriggerKind::kContinuousEventTime:
      if (time == max_ts) return Purging(TriggerResult::kFire);
      if (state.fire_time && *state.fire_time == time) {
        state.fire_time.reset();
        RegisterNextFireTime(time, state, ctx);
        return Purging(TriggerResult::kFire);
      }
      return TriggerResult::kContinue;
    case TriggerKind::kProcessingTime:
    case TriggerKind::kCount:
    case TriggerKind::kNever: return TriggerResult::kContinue;
  }
  return TriggerResult::kContinue;
}

TriggerResult Trigger::OnProcessingTime(Timestamp /*time*/, TriggerState& /*state*/,
                                        TriggerContext& /*ctx*/) const {
  // ProcessingTimeTrigger fires for any processing-time timer of its window.
  if (spec_.kind == TriggerKind::kProcessingTime) return Purging(TriggerResult::kFire);
  return TriggerResult::kContinue;
}

void Trigger::Clear(TriggerState& state, TriggerContext& ctx) const {
  const Timestamp max_ts = ctx.window().max_timestamp();
  switch (spec_.kind) {
    case TriggerKind::kEventTime:
    case TriggerKind::kEndOfStream: ctx.DeleteEventTimeTimer(max_ts); break;
    case TriggerKind::kProcessingTime: ctx.DeleteProcessingTimeTimer(max_ts); break;
    case TriggerKind::kCount: state.count = 0; break;
    case TriggerKind::kContinuousEventTime:
      // Deletes only the pending fire-time timer; the max-timestamp timer
      // stays (Flink's clear() does not delete it either).
      if (state.fire_time) {
        ctx.DeleteEventTimeTimer(*state.fire_time);
        state.fire_time.reset();
      }
      break;
    case TriggerKind::kNever: break;
  }
}

void Trigger::OnMerge(TriggerState& state, TriggerContext& ctx) const {
  const Timestamp max_ts = ctx.window().max_timestamp();
  switch (spec_.kind) {
    case TriggerKind::kEventTime:
      if (max_ts > ctx.current_watermark()) ctx.RegisterEventTimeTimer(max_ts);
      break;
    case TriggerKind::kProcessingTime:
      if (max_ts > ctx.current_processing_time()) ctx.RegisterProcessingTimeTimer(max_ts);
      break;
    case TriggerKind::kCount: break;  // the count was merged by the caller
    case TriggerKind::kContinuousEventTime:
      if (state.fire_time) ctx.RegisterEventTimeTimer(*state.fire_time);
      break;
    case TriggerKind::kNever:
    case TriggerKind::kEndOfStream:
      // canMerge() is false; the operator rejects these with merging assigners.
      TIDEMARK_CHECK(false);
  }
}

}  // namespace tidemark::engine
