// CombinedWatermarkStatus: the minimum over several partial watermarks that
// may each be idle, as Flink's api.common.eventtime.CombinedWatermarkStatus
// (§5.3). It underlies the per-split multiplexer (§5.4)
// and the two-input operator combination (§5.2).
//
// A partial starts at (Min, active). Setting its watermark clears its idle flag
// and only ever raises its value. UpdateCombinedWatermark recomputes, over the
// partials in registration order:
//   - no partials: nothing changes (not even the idle flag);
//   - idle := every partial is idle;
//   - if not idle and min over active partials > combined: combined := min,
//     report a change.
// So the combined watermark never regresses, and when every partial goes idle
// it stays where it was (no max-flush, unlike the StatusWatermarkValve). A
// partial that becomes active again with a lower value re-enters the minimum at
// once and holds the combined value until it passes it.
#ifndef TIDEMARK_ENGINE_COMBINED_WATERMARK_STATUS_H_
#define TIDEMARK_ENGINE_COMBINED_WATERMARK_STATUS_H_

#include <vector>

#include "engine/core/time.h"
#include "engine/watermarks/watermark_status.h"

namespace tidemark::engine {

class PartialWatermark {
 public:
  // Clears the idle flag; raises the value. True iff the value rose.
  bool SetWatermark(Timestamp watermark);
  void SetStatus(WatermarkStatus status) { idle_ = status == WatermarkStatus::kIdle; }

  Timestamp watermark() const { return watermark_; }
  bool is_idle() const { return idle_; }

 private:
  Timestamp watermark_ = Timestamp::Min();
  bool idle_ = false;
};

class CombinedWatermarkStatus {
 public:
  // `partial` must stay alive until removed. REQUIRES: not already added.
  void Add(PartialWatermark* partial);
  // False if `partial` was not added.
  bool Remove(const PartialWatermark* partial);

  // Recomputes the combined state (see the header comment). True iff the
  // combined watermark rose.
  bool UpdateCombinedWatermark();

  Timestamp combined_watermark() const { return combined_; }
  bool is_idle() const { return idle_; }
  const std::vector<PartialWatermark*>& partials() const { return partials_; }

 private:
  std::vector<PartialWatermark*> partials_;
  Timestamp combined_ = Timestamp::Min();
  bool idle_ = false;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_COMBINED_WATERMARK_STATUS_H_
