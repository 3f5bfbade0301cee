// WatermarkGenerator: decides, from the events it sees and the periodic ticks
// it gets, which watermarks a stream (or one split of it) offers (§4 of
// docs/semantics.md; Flink's api.common.eventtime.WatermarkGenerator).
//
// Ordering contract, kept by the caller: OnEvent runs after the record itself
// was emitted, so a watermark emitted from OnEvent (punctuated) follows the
// record that caused it. OnPeriodicEmit runs on every auto-watermark tick
// (pipeline.auto-watermark-interval, default 200 ms; never when 0). Whether
// it runs once more at end of input is the caller's choice: Flink's
// TimestampsAndWatermarksOperator does (§4.6), a FLIP-27 source emits only
// +inf (§4.7), and the simulator's sources do the latter.
//
// Engine code reads no clock: OnPeriodicEmit receives the current reading of
// the input activity clock (processing time minus back-pressured pauses; plain
// processing time when the simulation has no back-pressure). Only idleness
// detection looks at it.
//
// Implementations allocate nothing per event.
#ifndef TIDEMARK_ENGINE_WATERMARK_GENERATOR_H_
#define TIDEMARK_ENGINE_WATERMARK_GENERATOR_H_

#include <optional>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/watermarks/watermark_output.h"

namespace tidemark::engine {

class WatermarkGenerator {
 public:
  virtual ~WatermarkGenerator() = default;

  // Called for every record, with the timestamp the assigner gave it (Min if none).
  virtual void OnEvent(const Record& record, Timestamp event_timestamp,
                       WatermarkOutput& output) = 0;
  // Called on every periodic tick. `activity_time` is the input activity clock.
  virtual void OnPeriodicEmit(WatermarkOutput& output, Timestamp activity_time) = 0;
  // Whether OnEvent looks at the record beyond its timestamp. When it does not,
  // the caller may hand the record on before OnEvent and pass a record that
  // keeps only its id and timestamp (the source does, to save a copy per row).
  virtual bool ReadsRecords() const { return false; }
  // Until when repeating the last OnPeriodicEmit changes nothing, if no event
  // comes first: the earliest activity time at which a tick may act
  // differently (Max: never), or nullopt when the very next tick may. The
  // simulator uses it to pass over ticks that would change nothing. The
  // default suits a generator whose periodic emit depends on events only.
  virtual std::optional<Timestamp> PeriodicEmitStableUntil() const { return Timestamp::Max(); }
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WATERMARK_GENERATOR_H_
