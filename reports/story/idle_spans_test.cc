#include "reports/story/idle_spans.h"

#include <boost/test/unit_test.hpp>

#include "reports/story/detailed_run_test_file.h"

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(idle_spans)

// The scenario's description: partition 1's last row arrives at 100; with
// idleness 2s, probed on each 200 ms tick, it goes idle at 2600 and never
// receives a row again. Partition 0 never idles.
BOOST_AUTO_TEST_CASE(a_partition_quiet_past_its_idleness_is_idle_to_the_end) {
  const DetailedRun run("parallel/idle-partition-with-idleness.yaml");
  const std::vector<IdleSpan> spans = FindIdleSpans(run.story);
  std::vector<const IdleSpan*> partitions;
  for (const IdleSpan& s : spans) {
    if (s.partition >= 0) partitions.push_back(&s);
  }
  BOOST_TEST_REQUIRE(partitions.size() == 1u);
  BOOST_TEST(run.plan.nodes[partitions[0]->node].name == "readings");
  BOOST_TEST(partitions[0]->partition == 1);
  BOOST_TEST(partitions[0]->from.millis() == 2600);
  BOOST_TEST(partitions[0]->until_end);
  BOOST_TEST((partitions[0]->to == LastStepTime(run.story)));
}

// Without idleness nothing is ever idle: the same trace holds the watermark.
BOOST_AUTO_TEST_CASE(without_idleness_nothing_is_idle) {
  const DetailedRun run("parallel/idle-partition-holds-watermark.yaml");
  BOOST_TEST(FindIdleSpans(run.story).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
