#include "engine/watermarks/watermarks_with_idleness.h"

#include <algorithm>
#include <utility>

#include "engine/core/check.h"

namespace tidemark::engine {

WatermarksWithIdleness::WatermarksWithIdleness(std::unique_ptr<WatermarkGenerator> wrapped,
                                               Duration idle_timeout, IdlenessTimerOptions options)
    : wrapped_(std::move(wrapped)), timer_(idle_timeout, options) {
  TIDEMARK_CHECK(wrapped_ != nullptr);
}

void WatermarksWithIdleness::OnEvent(const Record& record, Timestamp event_timestamp,
                                     WatermarkOutput& output) {
  wrapped_->OnEvent(record, event_timestamp, output);
  timer_.Activity();
  is_idle_now_ = false;
}

std::optional<Timestamp> WatermarksWithIdleness::PeriodicEmitStableUntil() const {
  if (is_idle_now_) return Timestamp::Max();
  const std::optional<Timestamp> timer = timer_.StableUntil();
  const std::optional<Timestamp> wrapped = wrapped_->PeriodicEmitStableUntil();
  if (!timer || !wrapped) return std::nullopt;
  return std::min(*timer, *wrapped);
}

void WatermarksWithIdleness::OnPeriodicEmit(WatermarkOutput& output, Timestamp activity_time) {
  if (timer_.CheckIfIdle(activity_time)) {
    if (!is_idle_now_) {
      output.MarkIdle();
      is_idle_now_ = true;
    }
    return;
  }
  wrapped_->OnPeriodicEmit(output, activity_time);
}

}  // namespace tidemark::engine
