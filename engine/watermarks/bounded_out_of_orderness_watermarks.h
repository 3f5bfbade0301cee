// BoundedOutOfOrdernessWatermarks: the periodic generator behind
// WatermarkStrategy.forBoundedOutOfOrderness(D) (§4.2).
//
// It tracks the largest timestamp seen and, on each periodic tick, offers
// max_seen - D - 1. The "- 1" means the watermark never equals a timestamp
// already seen, so a record at exactly max_seen - D is still on time. Before any
// event the offer is exactly Min (the initial max is Min + D + 1). All arithmetic
// wraps like Java longs. OnEvent never emits.
#ifndef TIDEMARK_ENGINE_BOUNDED_OUT_OF_ORDERNESS_WATERMARKS_H_
#define TIDEMARK_ENGINE_BOUNDED_OUT_OF_ORDERNESS_WATERMARKS_H_

#include <optional>
#include <string>

#include "engine/watermarks/watermark_generator.h"

namespace tidemark::engine {

class BoundedOutOfOrdernessWatermarks : public WatermarkGenerator {
 public:
  // Flink's message for a rejected bound ("maxOutOfOrderness cannot be
  // negative"), or nullopt when `max_out_of_orderness` is acceptable.
  static std::optional<std::string> Validate(Duration max_out_of_orderness);

  // REQUIRES: Validate(max_out_of_orderness) is nullopt.
  explicit BoundedOutOfOrdernessWatermarks(Duration max_out_of_orderness);

  void OnEvent(const Record& record, Timestamp event_timestamp, WatermarkOutput& output) override;
  void OnPeriodicEmit(WatermarkOutput& output, Timestamp activity_time) override;

  // The watermark the next tick will offer.
  Timestamp CurrentWatermark() const { return max_timestamp_ - out_of_orderness_ - kOneMilli; }

 private:
  static constexpr Duration kOneMilli = Duration::Millis(1);
  Duration out_of_orderness_;
  Timestamp max_timestamp_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_BOUNDED_OUT_OF_ORDERNESS_WATERMARKS_H_
