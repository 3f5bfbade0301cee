// Kafka split ownership: which source subtask reads a topic partition, as the
// KafkaSource enumerator's default owner selector (§8).
//
//   startIndex = ((topic.hashCode() * 31) & 0x7FFFFFFF) % numReaders
//   owner      = (startIndex + partition) % numReaders
// with Java's String hash of the topic and 32-bit wraparound. Partitions of a
// topic are dealt round-robin starting at a topic-dependent subtask.
#ifndef TIDEMARK_SIM_RUNTIME_KAFKA_SPLIT_OWNER_H_
#define TIDEMARK_SIM_RUNTIME_KAFKA_SPLIT_OWNER_H_

#include <string>
#include <string_view>

namespace tidemark::sim {

// REQUIRES: num_readers >= 1; partition >= 0.
int KafkaSplitOwner(std::string_view topic, int partition, int num_readers);

// The split id Flink uses: TopicPartition.toString() = "<topic>-<partition>".
std::string KafkaSplitId(std::string_view topic, int partition);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_KAFKA_SPLIT_OWNER_H_
