// WatermarkOutput: where a watermark generator (or anything shaped like one)
// sends what it decides, as Flink's api.common.eventtime.WatermarkOutput.
//
// Implementations decide what the calls mean: the monotonic emitter drops
// regressions, the multiplexer's per-split outputs only record a partial value.
// A generator must not assume its watermark reaches downstream.
#ifndef TIDEMARK_ENGINE_WATERMARK_OUTPUT_H_
#define TIDEMARK_ENGINE_WATERMARK_OUTPUT_H_

#include "engine/core/time.h"

namespace tidemark::engine {

class WatermarkOutput {
 public:
  virtual ~WatermarkOutput() = default;

  // Offers a watermark. Implementations may drop it (e.g. when it does not advance).
  virtual void EmitWatermark(Timestamp watermark) = 0;
  // Declares that this output will not advance event time until further notice.
  virtual void MarkIdle() = 0;
  // Withdraws an earlier MarkIdle without offering a watermark.
  virtual void MarkActive() = 0;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WATERMARK_OUTPUT_H_
