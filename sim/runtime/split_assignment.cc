#include "sim/runtime/split_assignment.h"

#include "engine/core/check.h"
#include "sim/runtime/kafka_split_owner.h"

namespace tidemark::sim {

std::vector<std::vector<int32_t>> AssignPartitions(std::string_view topic, int32_t partitions,
                                                   int parallelism) {
  TIDEMARK_CHECK(partitions >= 0);
  TIDEMARK_CHECK(parallelism >= 1);
  std::vector<std::vector<int32_t>> assignment(static_cast<size_t>(parallelism));
  // Ascending partitions in, so every subtask's list comes out ascending.
  for (int32_t partition = 0; partition < partitions; ++partition) {
    const int owner = KafkaSplitOwner(topic, partition, parallelism);
    assignment[static_cast<size_t>(owner)].push_back(partition);
  }
  return assignment;
}

}  // namespace tidemark::sim
