#include "engine/watermarks/watermark_emitter.h"

namespace tidemark::engine {

void WatermarkEmitter::EmitWatermark(Timestamp watermark) {
  if (watermark <= current_) return;
  current_ = watermark;
  MarkActive();
  out_.EmitWatermark(watermark);
}

void WatermarkEmitter::MarkIdle() {
  if (idle_) return;
  idle_ = true;
  out_.EmitWatermarkStatus(WatermarkStatus::kIdle);
}

void WatermarkEmitter::MarkActive() {
  if (!idle_) return;
  idle_ = false;
  out_.EmitWatermarkStatus(WatermarkStatus::kActive);
}

}  // namespace tidemark::engine
