// tidemark sweep: the dotted settings, the grid, and the metrics of a small
// trace whose numbers are derived by hand in its description
// (scenarios/explore/sweep-hand-checked.yaml).
#include "sim/explore/sweep.h"

#include <filesystem>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

ScenarioSpec HandChecked() {
  return LoadScenarioSpec((std::filesystem::path(TIDEMARK_SOURCE_DIR) / "scenarios" / "explore" /
                           "sweep-hand-checked.yaml")
                              .string());
}

BOOST_AUTO_TEST_SUITE(sweep)

BOOST_AUTO_TEST_CASE(values_are_lists_or_inclusive_ranges) {
  const SweepSetting list = ParseSweepSetting("streams.counts.window.allowed_lateness=0s,500ms");
  BOOST_TEST(list.key == "streams.counts.window.allowed_lateness");
  BOOST_TEST(list.values == (std::vector<std::string>{"0s", "500ms"}),
             boost::test_tools::per_element());
  const SweepSetting range =
      ParseSweepSetting("sources.r.watermarks.max_out_of_orderness=0s..2s:500ms");
  BOOST_TEST(range.values == (std::vector<std::string>{"0ms", "500ms", "1s", "1500ms", "2s"}),
             boost::test_tools::per_element());
  BOOST_TEST(ParseSweepSetting("streams.w.parallelism=1..4:1").values.size() == 4u);
  BOOST_CHECK_THROW(ParseSweepSetting("nonsense"), engine::InputError);
  BOOST_CHECK_THROW(ParseSweepSetting("seed=5..1:1"), engine::InputError);
}

// 1..MAX:MAX is the one value 1 ms (1 + MAX would pass the end of int64;
// stepping to TO once wrapped and never ended).
BOOST_AUTO_TEST_CASE(a_range_to_the_end_of_int64_ends) {
  const SweepSetting range =
      ParseSweepSetting("channels.latency.max=1..9223372036854775807:9223372036854775807");
  BOOST_TEST(range.values == (std::vector<std::string>{"1ms"}), boost::test_tools::per_element());
}

// Three settings of 1000 values would be a billion points: refused before
// any is built. 100 x 100 is the limit itself, and is built.
BOOST_AUTO_TEST_CASE(a_grid_beyond_the_limit_is_refused_before_it_is_built) {
  const SweepSetting thousand = ParseSweepSetting("seed=0..999:1");
  BOOST_CHECK_THROW(SweepGrid({thousand, thousand, thousand}), engine::InputError);
  BOOST_CHECK_THROW(SweepGrid({thousand, ParseSweepSetting("seed=0..10:1")}), engine::InputError);
  const SweepSetting hundred = ParseSweepSetting("seed=0..99:1");
  BOOST_TEST(SweepGrid({hundred, hundred}).size() == kMaxSweepPoints);
}

BOOST_AUTO_TEST_CASE(a_grid_varies_the_last_setting_fastest) {
  const auto grid = SweepGrid({{"a", {"1", "2"}}, {"b", {"x", "y"}}});
  BOOST_REQUIRE_EQUAL(grid.size(), 4u);
  BOOST_TEST(grid[1][0].second == "1");
  BOOST_TEST(grid[1][1].second == "y");
  BOOST_TEST(grid[2][0].second == "2");
}

// The numbers derived row by row in sweep-hand-checked.yaml's description.
BOOST_AUTO_TEST_CASE(hand_checked_trace_gives_the_derived_numbers) {
  const ScenarioSpec spec = HandChecked();
  const std::string key = "sources.r.watermarks.max_out_of_orderness";
  const SweepMetrics tight = MeasurePoint(BindScenario(spec), {{key, "0s"}});
  BOOST_TEST(tight.records_in == 5u);
  BOOST_TEST(tight.late == 2u);  // r2 and r4
  BOOST_TEST(tight.side_output == 2u);
  BOOST_TEST(tight.dropped == 0u);
  BOOST_TEST(tight.late_share == 0.4);
  BOOST_TEST(tight.windows == 3u);
  BOOST_TEST(tight.windows_at_end == 1u);      // [4000, 6000): no row has ts >= 6000
  BOOST_TEST(*tight.latency_median_ms == 50);  // 1100 - 1050, 3100 - 3050
  BOOST_TEST(*tight.latency_max_ms == 50);
  const SweepMetrics loose = MeasurePoint(BindScenario(spec), {{key, "1s"}});
  BOOST_TEST(loose.late == 0u);
  BOOST_TEST(loose.late_share == 0.0);
  BOOST_TEST(loose.windows == 3u);
  BOOST_TEST(loose.windows_at_end == 1u);
  BOOST_TEST(*loose.latency_median_ms == 1000);  // lower median of {1000, 2050}
  BOOST_TEST(*loose.latency_max_ms == 2050);     // [0,2000): 3100 - 1050
  // Without a late output the late rows are dropped instead.
  ScenarioSpec dropping = spec;
  dropping.streams[0].window->late_output.clear();
  dropping.streams.pop_back();
  dropping.sinks.pop_back();
  const SweepMetrics dropped = MeasurePoint(BindScenario(dropping), {{key, "0s"}});
  BOOST_TEST(dropped.dropped == 2u);
  BOOST_TEST(dropped.side_output == 0u);
  BOOST_TEST(dropped.late == 2u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
