// WatermarksWithIdleness: WatermarkStrategy.withIdleness(timeout) wrapped
// around another generator (§4.4).
//
// Events go to the wrapped generator and count as activity. On a tick, if the
// IdlenessTimer reports idle, the output is marked idle once (not again on
// later idle ticks) and the wrapped generator is NOT ticked; otherwise the
// wrapped generator is ticked. An event clears the "marked idle" memory but
// does not call MarkActive: the output becomes active again only when a
// watermark that advances it is emitted (the emitter sends ACTIVE first).
#ifndef TIDEMARK_ENGINE_WATERMARKS_WITH_IDLENESS_H_
#define TIDEMARK_ENGINE_WATERMARKS_WITH_IDLENESS_H_

#include <memory>

#include "engine/watermarks/idleness_timer.h"
#include "engine/watermarks/watermark_generator.h"

namespace tidemark::engine {

class WatermarksWithIdleness final : public WatermarkGenerator {
 public:
  // REQUIRES: wrapped is non-null; IdlenessTimer::Validate(idle_timeout) is nullopt.
  WatermarksWithIdleness(std::unique_ptr<WatermarkGenerator> wrapped, Duration idle_timeout,
                         IdlenessTimerOptions options = {});

  void OnEvent(const Record& record, Timestamp event_timestamp, WatermarkOutput& output) override;
  bool ReadsRecords() const override { return wrapped_->ReadsRecords(); }
  void OnPeriodicEmit(WatermarkOutput& output, Timestamp activity_time) override;
  // Idle: stable for good (marked once). Active: until the timer's countdown
  // passes the timeout, or sooner if the wrapped generator says so.
  std::optional<Timestamp> PeriodicEmitStableUntil() const override;

  bool is_idle_now() const { return is_idle_now_; }

 private:
  std::unique_ptr<WatermarkGenerator> wrapped_;
  IdlenessTimer timer_;
  bool is_idle_now_ = false;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WATERMARKS_WITH_IDLENESS_H_
