// PunctuatedWatermarks: a generator whose watermarks come from marker events,
// the usual shape of a user-written punctuated WatermarkGenerator (§4.6 of
// docs/semantics.md, G-TWO "punctuated" vectors).
//
// For each event the caller-supplied extractor decides whether this event
// carries a watermark and which; it is emitted immediately from OnEvent, i.e.
// right after the record (the caller emits the record first). Periodic ticks do
// nothing. Regressions are not filtered here: the emitter downstream drops them.
#ifndef TIDEMARK_ENGINE_PUNCTUATED_WATERMARKS_H_
#define TIDEMARK_ENGINE_PUNCTUATED_WATERMARKS_H_

#include <functional>
#include <optional>

#include "engine/watermarks/watermark_generator.h"

namespace tidemark::engine {

// Given a record and its assigned timestamp, the watermark it carries, if any.
using WatermarkExtractor = std::function<std::optional<Timestamp>(const Record&, Timestamp)>;

class PunctuatedWatermarks final : public WatermarkGenerator {
 public:
  // REQUIRES: extractor is callable.
  explicit PunctuatedWatermarks(WatermarkExtractor extractor);

  void OnEvent(const Record& record, Timestamp event_timestamp, WatermarkOutput& output) override;
  void OnPeriodicEmit(WatermarkOutput&, Timestamp) override {}
  bool ReadsRecords() const override { return true; }

 private:
  WatermarkExtractor extractor_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_PUNCTUATED_WATERMARKS_H_
