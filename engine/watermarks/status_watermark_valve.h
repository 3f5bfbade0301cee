// StatusWatermarkValve: how one input gate of a task turns the watermarks and
// statuses arriving on its channels (one per upstream subtask) into the task's
// input watermark and status, exactly as Flink's StatusWatermarkValve (§5.1 of
// docs/semantics.md).
//
// Per channel: watermark (Min), status (ACTIVE), aligned (true). The output
// watermark is the minimum over ACTIVE and ALIGNED channels, emitted only when
// it strictly increases; so nothing leaves until every active channel is past
// Min, and the output never regresses. Rules, in Flink's order:
//   - A watermark is ignored while the valve or its channel is IDLE, or when it
//     does not raise the channel's own watermark. Otherwise it is stored; an
//     unaligned channel re-aligns once its watermark >= the last output.
//   - ACTIVE -> IDLE: the channel leaves the minimum. If no channel is active
//     any more: when that channel sat exactly at the last output, flush (emit
//     the max over ALL channels if it is greater); then the valve turns IDLE and
//     emits IDLE. Otherwise, if it sat at the last output, the minimum over the
//     remaining aligned channels may advance.
//   - IDLE -> ACTIVE: the channel re-aligns only if its watermark >= the last
//     output (a lagging channel must catch up first, so the output never goes
//     back); if the valve was IDLE it turns ACTIVE and emits ACTIVE.
//   - Repeated statuses are no-ops. Records are never filtered here.
// Events reach `out` in Flink's order: a flushed watermark precedes IDLE.
// Updates cost O(log channels).
#ifndef TIDEMARK_ENGINE_STATUS_WATERMARK_VALVE_H_
#define TIDEMARK_ENGINE_STATUS_WATERMARK_VALVE_H_

#include <vector>

#include "engine/core/time.h"
#include "engine/watermarks/internal/indexed_min_heap.h"
#include "engine/watermarks/watermark_event_output.h"
#include "engine/watermarks/watermark_status.h"

namespace tidemark::engine {

// Whether a channel takes part in the valve's minimum.
enum class ChannelAlignment {
  kAligned,
  // Idle, or active again but behind the last output and still catching up.
  kUnaligned,
};

struct ValveChannelState {
  Timestamp watermark = Timestamp::Min();
  WatermarkStatus status = WatermarkStatus::kActive;
  ChannelAlignment alignment = ChannelAlignment::kAligned;
};

class StatusWatermarkValve {
 public:
  // REQUIRES: num_channels >= 1.
  explicit StatusWatermarkValve(int num_channels);

  // REQUIRES: 0 <= channel < num_channels().
  void InputWatermark(Timestamp watermark, int channel, WatermarkEventOutput& out);
  void InputWatermarkStatus(WatermarkStatus status, int channel, WatermarkEventOutput& out);

  int num_channels() const { return static_cast<int>(channels_.size()); }
  const ValveChannelState& channel(int channel) const;
  Timestamp last_output_watermark() const { return last_output_watermark_; }
  WatermarkStatus last_output_status() const { return last_output_status_; }

  // For "why is the watermark held back": the active, aligned channels whose
  // watermark is the current minimum, ascending. Empty when no channel counts.
  std::vector<int> HoldingChannels() const;

 private:
  bool IsAligned(int channel) const { return aligned_.Contains(channel); }
  void MarkAligned(int channel);
  void MarkUnaligned(int channel);
  bool HasActiveChannels() const;
  void OutputNewMinAcrossAligned(WatermarkEventOutput& out);
  void OutputMaxAcrossAll(WatermarkEventOutput& out);

  std::vector<ValveChannelState> channels_;
  internal::IndexedMinHeap aligned_;
  int active_channels_;
  Timestamp last_output_watermark_ = Timestamp::Min();
  WatermarkStatus last_output_status_ = WatermarkStatus::kActive;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_STATUS_WATERMARK_VALVE_H_
