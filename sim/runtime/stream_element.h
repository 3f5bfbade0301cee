// StreamElement: what travels on a channel between subtasks — a record, a
// watermark, or a watermark status — in the order it was emitted (channels
// are FIFO, §9.2).
#ifndef TIDEMARK_SIM_RUNTIME_STREAM_ELEMENT_H_
#define TIDEMARK_SIM_RUNTIME_STREAM_ELEMENT_H_

#include "engine/record.h"
#include "engine/time.h"
#include "engine/watermark_status.h"

namespace tidemark::sim {

struct StreamElement {
  enum class Kind : uint8_t { kRecord, kWatermark, kStatus };
  Kind kind = Kind::kRecord;
  engine::Record record;                                       // kRecord
  engine::Timestamp watermark = engine::Timestamp::Min();      // kWatermark
  engine::WatermarkStatus status = engine::WatermarkStatus::kActive;  // kStatus

  static StreamElement OfRecord(engine::Record r) {
    return {Kind::kRecord, std::move(r), engine::Timestamp::Min(),
            engine::WatermarkStatus::kActive};
  }
  static StreamElement OfWatermark(engine::Timestamp w) {
    return {Kind::kWatermark, {}, w, engine::WatermarkStatus::kActive};
  }
  static StreamElement OfStatus(engine::WatermarkStatus s) {
    return {Kind::kStatus, {}, engine::Timestamp::Min(), s};
  }
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_STREAM_ELEMENT_H_
