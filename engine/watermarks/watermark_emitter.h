// WatermarkEmitter: the last step between a generator (or the split
// multiplexer) and the stream. It is Flink's TimestampsAndWatermarksOperator
// .WatermarkEmitter (§4.6) and, with identical behaviour, the source's
// WatermarkToDataOutput (§5.4).
//
// Invariants: watermarks leave strictly increasing (an offer <= the current
// watermark, which starts at Min, is dropped silently, so a generator's initial
// Min never reaches the stream); while idle, ACTIVE goes out immediately before
// the next watermark that does leave; IDLE goes out once per idle period.
// MarkActive while active, or MarkIdle while idle, emits nothing.
#ifndef TIDEMARK_ENGINE_WATERMARK_EMITTER_H_
#define TIDEMARK_ENGINE_WATERMARK_EMITTER_H_

#include "engine/watermarks/watermark_event_output.h"
#include "engine/watermarks/watermark_output.h"

namespace tidemark::engine {

class WatermarkEmitter final : public WatermarkOutput {
 public:
  // `out` must outlive the emitter.
  explicit WatermarkEmitter(WatermarkEventOutput& out) : out_(out) {}

  void EmitWatermark(Timestamp watermark) override;
  void MarkIdle() override;
  void MarkActive() override;

  Timestamp current_watermark() const { return current_; }
  bool is_idle() const { return idle_; }

 private:
  WatermarkEventOutput& out_;
  Timestamp current_ = Timestamp::Min();
  bool idle_ = false;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WATERMARK_EMITTER_H_
