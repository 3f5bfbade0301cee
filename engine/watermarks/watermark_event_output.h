// WatermarkEventOutput: the receiving end of the watermark elements that travel
// in a stream, as the watermark half of Flink's PushingAsyncDataInput.DataOutput.
//
// The valve, the emitters and the input combiners call it in exactly the order
// Flink would put the elements on the wire (e.g. a flushed watermark before the
// IDLE status that follows it). An operator's implementation is where timers
// advance before the watermark is forwarded.
#ifndef TIDEMARK_ENGINE_WATERMARK_EVENT_OUTPUT_H_
#define TIDEMARK_ENGINE_WATERMARK_EVENT_OUTPUT_H_

#include "engine/core/time.h"
#include "engine/watermarks/watermark_status.h"

namespace tidemark::engine {

class WatermarkEventOutput {
 public:
  virtual ~WatermarkEventOutput() = default;

  virtual void EmitWatermark(Timestamp watermark) = 0;
  virtual void EmitWatermarkStatus(WatermarkStatus status) = 0;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WATERMARK_EVENT_OUTPUT_H_
