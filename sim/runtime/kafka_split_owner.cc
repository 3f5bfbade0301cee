#include "sim/runtime/kafka_split_owner.h"

#include <cstdint>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/java_hash.h"

namespace tidemark::sim {

int KafkaSplitOwner(std::string_view topic, int partition, int num_readers) {
  TIDEMARK_CHECK(num_readers >= 1);
  TIDEMARK_CHECK(partition >= 0);
  const uint32_t hash = static_cast<uint32_t>(engine::JavaStringHashCode(topic));
  // Java int multiplication wraps; the mask clears the sign bit.
  const int64_t masked = static_cast<int64_t>((hash * 31u) & 0x7FFFFFFFu);
  const int64_t start_index = masked % num_readers;
  // Java computes startIndex + partition in int; both are small and non-negative here.
  return static_cast<int>((start_index + partition) % num_readers);
}

std::string KafkaSplitId(std::string_view topic, int partition) {
  return fmt::format("{}-{}", topic, partition);
}

}  // namespace tidemark::sim
