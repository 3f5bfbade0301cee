#include "sim/recovery/failover_regions.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

using Links = std::vector<std::pair<uint32_t, uint32_t>>;
using Subtasks = std::vector<uint32_t>;

// docs/checkpoints.md "Failover", after Flink's
// RestartPipelinedRegionFailoverStrategy: source(2) -> map(2) -> sink(2) with
// forward edges is two regions {src0, map0, sink0} and {src1, map1, sink1}.
// Subtasks: src 0,1; map 2,3; sink 4,5.
BOOST_AUTO_TEST_CASE(forward_pipelines_are_separate_regions) {
  const Links links = {{0, 2}, {1, 3}, {2, 4}, {3, 5}};
  const FailoverRegions regions(6, links);
  BOOST_TEST(regions.regions() == 2u);
  BOOST_TEST(regions.ToRestart(5, RestartPlan::Failover::kRegion) == (Subtasks{1, 3, 5}),
             boost::test_tools::per_element());
  BOOST_TEST(regions.ToRestart(2, RestartPlan::Failover::kRegion) == (Subtasks{0, 2, 4}),
             boost::test_tools::per_element());
  // Full failover restarts all six whatever failed.
  BOOST_TEST(regions.ToRestart(5, RestartPlan::Failover::kFull) == (Subtasks{0, 1, 2, 3, 4, 5}),
             boost::test_tools::per_element());
}

// source(2) -> keyBy -> window(2) -> sink(2): the all-to-all exchange joins
// every subtask into one region (6 subtasks: src 0,1; window 2,3; sink 4,5).
BOOST_AUTO_TEST_CASE(an_all_to_all_exchange_makes_one_region) {
  const Links links = {{0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 4}, {3, 5}};
  const FailoverRegions regions(6, links);
  BOOST_TEST(regions.regions() == 1u);
  BOOST_TEST(regions.ToRestart(4, RestartPlan::Failover::kRegion).size() == 6u);
}

// Regions are numbered by their smallest subtask, whatever the link order.
BOOST_AUTO_TEST_CASE(regions_are_numbered_by_their_smallest_subtask) {
  const Links links = {{3, 1}, {2, 0}};
  const FailoverRegions regions(5, links);
  BOOST_TEST(regions.regions() == 3u);
  BOOST_TEST(regions.RegionOf(0) == 0u);
  BOOST_TEST(regions.RegionOf(2) == 0u);
  BOOST_TEST(regions.RegionOf(1) == 1u);
  BOOST_TEST(regions.RegionOf(3) == 1u);
  BOOST_TEST(regions.RegionOf(4) == 2u);
  BOOST_TEST(regions.Members(1) == (Subtasks{1, 3}), boost::test_tools::per_element());
}

}  // namespace
}  // namespace tidemark::sim
