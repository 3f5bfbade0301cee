#include "engine/watermarks/punctuated_watermarks.h"

#include <utility>

#include "engine/core/check.h"

namespace tidemark::engine {

PunctuatedWatermarks::PunctuatedWatermarks(WatermarkExtractor extractor)
    : extractor_(std::move(extractor)) {
  TIDEMARK_CHECK(static_cast<bool>(extractor_));
}

void PunctuatedWatermarks::OnEvent(const Record& record, Timestamp event_timestamp,
                                   WatermarkOutput& output) {
  if (const std::optional<Timestamp> watermark = extractor_(record, event_timestamp)) {
    output.EmitWatermark(*watermark);
  }
}

}  // namespace tidemark::engine
