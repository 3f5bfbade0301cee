// Which source subtask reads which partitions of a topic: the KafkaSource
// enumerator's default assignment (§8), every partition
// to the subtask KafkaSplitOwner names.
#ifndef TIDEMARK_SIM_RUNTIME_SPLIT_ASSIGNMENT_H_
#define TIDEMARK_SIM_RUNTIME_SPLIT_ASSIGNMENT_H_

#include <cstdint>
#include <string_view>
#include <vector>

namespace tidemark::sim {

// Partitions 0..partitions-1 of `topic` over `parallelism` reader subtasks:
// element i lists subtask i's partitions, ascending (the enumerator sorts
// splits by (topic, partition) before assigning them). A subtask may get none.
// REQUIRES: partitions >= 0; parallelism >= 1.
std::vector<std::vector<int32_t>> AssignPartitions(std::string_view topic, int32_t partitions,
                                                   int parallelism);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_SPLIT_ASSIGNMENT_H_
