#include "reports/timeline/timeline_lanes.h"

#include <string>

#include <boost/test/unit_test.hpp>

#include "reports/story/detailed_run_test_file.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

using engine::Timestamp;

const std::string kFlagship = "sensors/late-sensor-readings.yaml";

TimelineLanes Everything(const RunStory& story, size_t max_lanes = kMaxLanes) {
  return AssignLanes(story, Timestamp::Min(), Timestamp::Max(), max_lanes);
}

// Keys a (3 rows), b (2 rows, one late) and c (1 row), arriving a, b, c: the
// late row of b (ts 1000 at 9000) comes after b's [0, 10000) fired at the
// watermark 11999 that b's ts 12000 raised.
sim::ScenarioSpec ThreeKeys(const std::string& streams) {
  const std::string yaml = R"(name: three-keys
seed: 1
sources:
  rows:
    schema: {k: string, ts: int}
    event_time: ts
    bounded: true
    watermarks: {strategy: monotonous}
    events:
      - {k: a, ts: 1000, "@arrival": 0}
      - {k: b, ts: 2000, "@arrival": 1000}
      - {k: c, ts: 3000, "@arrival": 2000}
      - {k: a, ts: 4000, "@arrival": 3000}
      - {k: b, ts: 12000, "@arrival": 4000}
      - {k: a, ts: 13000, "@arrival": 5000}
      - {k: b, ts: 1000, "@arrival": 9000}
)" + streams;
  return sim::ParseScenarioSpec(yaml, "three-keys.yaml", TIDEMARK_SCENARIOS_DIR);
}

const std::string kKeyed = R"(streams:
  counts:
    from: rows
    key_by: k
    window: {tumbling: 10s, late_output: late}
    aggregate: {n: count()}
  late: {from: counts, side_output: late}
sinks: {counts: {}, late: {}}
)";

BOOST_AUTO_TEST_SUITE(timeline_lanes)

// The flagship's rows 0-9: sensor_1 arrives first (row 0 at 0), sensor_2 at
// 2000; rows 6 (sensor_1) and 8 (sensor_2) are late, one per key.
BOOST_AUTO_TEST_CASE(each_key_gets_a_lane_in_order_of_its_first_arrival) {
  const DetailedRun run(kFlagship);
  const TimelineLanes lanes = Everything(run.story);
  BOOST_TEST_REQUIRE(lanes.node.has_value());
  BOOST_TEST(run.plan.nodes[*lanes.node].name == "averages");
  BOOST_TEST_REQUIRE(lanes.lanes.size() == 2u);
  BOOST_TEST(LaneLabel(lanes, lanes.lanes[0]) == "key sensor_1");
  BOOST_TEST(LaneLabel(lanes, lanes.lanes[1]) == "key sensor_2");
  BOOST_TEST(lanes.lanes[0].records == 7u);
  BOOST_TEST(lanes.lanes[1].records == 3u);
  BOOST_TEST(lanes.lanes[0].late == 1u);
  BOOST_TEST(lanes.lanes[1].late == 1u);
  const std::vector<std::pair<sim::NodeIndex, uint32_t>> judges = {{*lanes.node, 0}};
  BOOST_TEST((lanes.lanes[0].judges == judges));
  // Every record sits in the lane of its own key (field 0, sensor_id).
  const auto& records = run.story.records();
  for (size_t i = 0; i < records.size(); ++i) {
    const std::string key = engine::FormatValue(records[i].record.values[0]);
    BOOST_TEST(lanes.lane_of[i] == (key == "sensor_1" ? 0 : 1), "row " << i);
  }
}

BOOST_AUTO_TEST_CASE(a_range_keeps_only_the_rows_that_arrived_in_it) {
  const DetailedRun run(kFlagship);
  // Rows arrive a second apart from 0: 5000 to 7000 holds rows 5, 6 and 7.
  const TimelineLanes lanes =
      AssignLanes(run.story, Timestamp::Millis(5000), Timestamp::Millis(7000));
  size_t drawn = 0;
  for (size_t i = 0; i < lanes.lane_of.size(); ++i) {
    if (lanes.lane_of[i] >= 0) {
      ++drawn;
      BOOST_TEST((i >= 5 && i <= 7), "row " << i);
    }
  }
  BOOST_TEST(drawn == 3u);
  // Row 5 is sensor_2's and arrives first in the range.
  BOOST_TEST(LaneLabel(lanes, lanes.lanes.front()) == "key sensor_2");
}

// With room for two lanes, b (the only key with a late row) keeps its own and
// a and c share the other-keys lane.
BOOST_AUTO_TEST_CASE(beyond_the_lane_limit_keys_with_late_rows_keep_a_lane) {
  const DetailedRun run(ThreeKeys(kKeyed));
  const TimelineLanes all = Everything(run.story);
  BOOST_TEST(all.lanes.size() == 3u);
  const TimelineLanes lanes = Everything(run.story, 2);
  BOOST_TEST_REQUIRE(lanes.lanes.size() == 2u);
  BOOST_TEST(LaneLabel(lanes, lanes.lanes[0]) == "key b");
  BOOST_TEST(lanes.lanes[0].late == 1u);
  BOOST_TEST(LaneLabel(lanes, lanes.lanes[1]) == "2 other keys");
  BOOST_TEST(lanes.lanes[1].records == 4u);
  BOOST_TEST(lanes.LaneOfKey(engine::Value(std::string("c"))) == 1);
  BOOST_TEST(lanes.LaneOfKey(engine::Value(std::string("b"))) == 0);
}

BOOST_AUTO_TEST_CASE(a_job_without_a_readable_key_has_one_lane) {
  const DetailedRun window_all(ThreeKeys(R"(streams:
  counts:
    from: rows
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)"));
  const TimelineLanes lanes = Everything(window_all.story);
  BOOST_TEST(!lanes.node.has_value());
  BOOST_TEST_REQUIRE(lanes.lanes.size() == 1u);
  BOOST_TEST(LaneLabel(lanes, lanes.lanes[0]) == "every record (windowAll: no key)");
  BOOST_TEST(lanes.lanes[0].records == 7u);

  // The key is computed by a map: the source rows do not hold it.
  const DetailedRun mapped(ThreeKeys(R"yaml(streams:
  upper:
    from: rows
    map: {k: "upper(k)", ts: ts}
  counts:
    from: upper
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)yaml"));
  const TimelineLanes one = Everything(mapped.story);
  BOOST_TEST_REQUIRE(one.lanes.size() == 1u);
  BOOST_TEST(LaneLabel(one, one.lanes[0]) ==
             "every record (the key is not a field of every source's rows)");
}

BOOST_AUTO_TEST_CASE(labels_are_cut_on_character_boundaries) {
  BOOST_TEST(CutLabel("abcdef", 6) == "abcdef");
  BOOST_TEST(CutLabel("abcdefg", 6) == "abcdef\u2026");
  // "é" is two bytes: five characters, then the cut, never half of one.
  BOOST_TEST(CutLabel("\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9", 5) ==
             "\u00e9\u00e9\u00e9\u00e9\u00e9\u2026");
  BOOST_TEST(CutLabel("", 3) == "");
  const std::string long_key(200, 'k');
  TimelineLanes lanes;
  const TimelineLane lane{.kind = TimelineLane::Kind::kKey, .key = long_key, .keys = 1};
  BOOST_TEST(LaneLabel(lanes, lane) == "key " + std::string(kMaxLabelChars, 'k') + "\u2026");
  BOOST_TEST(LaneTitle(lanes, lane) == "key " + long_key);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
