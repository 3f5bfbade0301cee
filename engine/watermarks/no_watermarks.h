// NoWatermarks: WatermarkStrategy.noWatermarks() (§4.1).
//
// Never emits anything, not even on a tick. Downstream event time then only
// moves with the end-of-input Max watermark the source task sends on drain.
#ifndef TIDEMARK_ENGINE_NO_WATERMARKS_H_
#define TIDEMARK_ENGINE_NO_WATERMARKS_H_

#include "engine/watermarks/watermark_generator.h"

namespace tidemark::engine {

class NoWatermarks final : public WatermarkGenerator {
 public:
  void OnEvent(const Record&, Timestamp, WatermarkOutput&) override {}
  void OnPeriodicEmit(WatermarkOutput&, Timestamp) override {}
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_NO_WATERMARKS_H_
