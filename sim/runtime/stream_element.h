// StreamElement: what travels on a channel between subtasks — a record, a
// watermark, a watermark status or a checkpoint barrier — in the order it was
// emitted (channels are FIFO, §9.2; a barrier never overtakes a record in an
// aligned checkpoint).
#ifndef TIDEMARK_SIM_RUNTIME_STREAM_ELEMENT_H_
#define TIDEMARK_SIM_RUNTIME_STREAM_ELEMENT_H_

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/watermarks/watermark_status.h"

namespace tidemark::sim {

struct StreamElement {
  enum class Kind : uint8_t { kRecord, kWatermark, kStatus, kBarrier };
  Kind kind = Kind::kRecord;
  engine::Record record;  // kRecord
  // kWatermark; a kBarrier carries its checkpoint id here (checkpoint()), so
  // that the element, copied for every record, grows no field.
  engine::Timestamp watermark = engine::Timestamp::Min();
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
  static StreamElement OfBarrier(uint64_t checkpoint) {
    return {Kind::kBarrier,
            {},
            engine::Timestamp::Millis(static_cast<int64_t>(checkpoint)),
            engine::WatermarkStatus::kActive};
  }
  uint64_t checkpoint() const { return static_cast<uint64_t>(watermark.millis()); }
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_STREAM_ELEMENT_H_
