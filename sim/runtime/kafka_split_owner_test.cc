// Kafka split owner: every row of the split-owner table of §8 of
// docs/semantics.md.
#include "sim/runtime/kafka_split_owner.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/java_hash.h"

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(kafka_split_owner)

BOOST_AUTO_TEST_CASE(topic_hashes_are_java_string_hashes) {
  BOOST_TEST(engine::JavaStringHashCode("test") == 3556498);
  BOOST_TEST(engine::JavaStringHashCode("orders") == -1008770331);
  BOOST_TEST(engine::JavaStringHashCode("topic1") == -868034334);
}

BOOST_AUTO_TEST_CASE(partitions_are_dealt_round_robin_from_a_topic_start_h3) {
  struct Case {
    std::string topic;
    int readers;
    std::vector<int> owners;  // partitions 0..4
  };
  const std::vector<Case> cases = {
      {"test", 3, {1, 2, 0, 1, 2}},   {"test", 4, {2, 3, 0, 1, 2}},
      {"orders", 3, {0, 1, 2, 0, 1}}, {"orders", 4, {3, 0, 1, 2, 3}},
      {"topic1", 3, {2, 0, 1, 2, 0}}, {"topic1", 4, {2, 3, 0, 1, 2}},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.topic << " with " << c.readers << " readers") {
      for (int partition = 0; partition < 5; ++partition) {
        BOOST_TEST(KafkaSplitOwner(c.topic, partition, c.readers) ==
                   c.owners[static_cast<size_t>(partition)]);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(split_id_is_topic_dash_partition) {
  BOOST_TEST(KafkaSplitId("orders", 3) == "orders-3");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
