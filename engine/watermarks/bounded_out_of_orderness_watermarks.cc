#include "engine/watermarks/bounded_out_of_orderness_watermarks.h"

#include <algorithm>

#include "engine/core/check.h"

namespace tidemark::engine {

std::optional<std::string> BoundedOutOfOrdernessWatermarks::Validate(
    Duration max_out_of_orderness) {
  if (max_out_of_orderness < Duration::Zero()) return "maxOutOfOrderness cannot be negative";
  return std::nullopt;
}

BoundedOutOfOrdernessWatermarks::BoundedOutOfOrdernessWatermarks(Duration max_out_of_orderness)
    : out_of_orderness_(max_out_of_orderness),
      max_timestamp_(Timestamp::Min() + max_out_of_orderness + kOneMilli) {
  TIDEMARK_CHECK(!Validate(max_out_of_orderness).has_value());
}

void BoundedOutOfOrdernessWatermarks::OnEvent(const Record& /*record*/, Timestamp event_timestamp,
                                              WatermarkOutput& /*output*/) {
  max_timestamp_ = std::max(max_timestamp_, event_timestamp);
}

void BoundedOutOfOrdernessWatermarks::OnPeriodicEmit(WatermarkOutput& output,
                                                     Timestamp /*activity_time*/) {
  output.EmitWatermark(CurrentWatermark());
}

}  // namespace tidemark::engine
