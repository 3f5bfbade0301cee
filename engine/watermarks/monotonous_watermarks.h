// MonotonousWatermarks: WatermarkStrategy.forMonotonousTimestamps(), Flink's
// AscendingTimestampsWatermarks (§4.3).
//
// Exactly BoundedOutOfOrdernessWatermarks with D = 0: each tick offers
// max_seen - 1, so a record carrying the current maximum is still on time.
#ifndef TIDEMARK_ENGINE_MONOTONOUS_WATERMARKS_H_
#define TIDEMARK_ENGINE_MONOTONOUS_WATERMARKS_H_

#include "engine/watermarks/bounded_out_of_orderness_watermarks.h"

namespace tidemark::engine {

class MonotonousWatermarks final : public BoundedOutOfOrdernessWatermarks {
 public:
  MonotonousWatermarks() : BoundedOutOfOrdernessWatermarks(Duration::Zero()) {}
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_MONOTONOUS_WATERMARKS_H_
