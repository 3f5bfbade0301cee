#include "reports/timeline/timeline_svg.h"

#include <regex>
#include <string>

#include <boost/test/unit_test.hpp>

#include "reports/story/detailed_run_test_file.h"
#include "reports/text/text_test_util.h"
#include "reports/timeline/timeline_geometry.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

using engine::Timestamp;

std::string Attribute(const std::string& svg, const std::string& name) {
  std::smatch m;
  const std::regex pattern(" " + name + "=\"([^\"]*)\"");
  return std::regex_search(svg, m, pattern) ? m[1].str() : "";
}

std::vector<std::smatch> All(const std::string& text, const std::string& pattern) {
  std::vector<std::smatch> out;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it) {
    out.push_back(*it);
  }
  return out;
}

BOOST_AUTO_TEST_SUITE(timeline_svg)

BOOST_AUTO_TEST_CASE(the_flagship_has_a_labelled_lane_per_key) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const TimelineHtml t = RenderTimeline(run.story, {});
  BOOST_TEST(Attribute(t.svg, "data-lanes") == "2");
  BOOST_TEST(Count(t.svg, "<tspan class=\"lane-key\">key sensor_1</tspan>") == 1u);
  BOOST_TEST(Count(t.svg, "<tspan class=\"lane-key\">key sensor_2</tspan>") == 1u);
  // Both lanes draw the one subtask that judged them: one line, twice.
  BOOST_TEST(Count(t.svg, "<path class=\"wm-line\"") == 2u);
  BOOST_TEST(Attribute(t.svg, "data-watermark-lines") == "1");
  BOOST_TEST(Attribute(t.svg, "data-records") == "10");
  BOOST_TEST(Count(t.svg, "<circle class=\"mark\"") == 10u);
  // Each key fired [0, 10000) at 5200 and [10000, 20000) at 9000: two diamonds a lane.
  BOOST_TEST(Attribute(t.svg, "data-firings") == "4");
  BOOST_TEST(Count(t.svg, ">-inf</text>") == 2u);
  BOOST_TEST(Count(t.legend, "watermark of averages[0]") == 1u);
  BOOST_TEST(t.notes.empty());
}

// The watermark starts at -1001 (1000 - 2000 - 1), below the plotted event
// times (from -800): an arrow on the floor with its value, not the -inf row.
BOOST_AUTO_TEST_CASE(a_watermark_below_the_range_is_marked_with_its_value) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const TimelineHtml t = RenderTimeline(run.story, {});
  BOOST_TEST(Attribute(t.svg, "data-below-markers") == "2");  // once per lane
  BOOST_TEST(Count(t.svg, "<path class=\"wm-below\"") == 2u);
  BOOST_TEST(Count(t.svg, "<text class=\"wm-value\"") == 2u);
  BOOST_TEST(Count(t.svg, ">-1001</text>") == 2u);
  BOOST_TEST(Count(t.legend, "data-kind=\"below\"") == 1u);
}

// The ring at the end of each late record's step arrow lies on the step
// line: the path has a vertical move to the ring's height at its x.
BOOST_AUTO_TEST_CASE(late_arrows_end_on_the_watermark_step_and_at_the_firing) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const TimelineHtml t = RenderTimeline(run.story, {});
  BOOST_TEST(Attribute(t.svg, "data-late-links") == "2");
  const auto rings = All(t.svg, "<circle class=\"late-step\" cx=\"([0-9.]+)\" cy=\"([0-9.]+)\"");
  BOOST_TEST_REQUIRE(rings.size() == 2u);
  for (const std::smatch& ring : rings) {
    BOOST_TEST(Count(t.svg, " H" + ring[1].str() + " V" + ring[2].str()) >= 1u,
               "ring at " << ring[1] << "," << ring[2]);
    // The firing at the same time: a diamond at the ring's x in each lane
    // (both keys' [0, 10000) fired at 5200).
    BOOST_TEST(Count(t.svg, "<path class=\"firing\" d=\"M" + ring[1].str() + ",") == 2u);
  }
  BOOST_TEST(Count(t.svg, "<line class=\"late-to-firing\"") == 2u);
  // Few late records: each is labelled with the inequality, visibly.
  BOOST_TEST(Count(t.svg, "readings:6: cleanup 9999 \u2264 wm 10499</text>") == 1u);
  BOOST_TEST(Count(t.svg, "readings:8: cleanup 9999 \u2264 wm 10499</text>") == 1u);
  BOOST_TEST(Count(t.late_list, "<li data-record=") == 2u);
  BOOST_TEST(Count(t.late_list, "What raised that watermark: readings:5 (ts 12500") == 2u);
}

// Rows arrive a second apart: 5500 to 8500 holds rows 6, 7 and 8.
BOOST_AUTO_TEST_CASE(a_range_draws_only_the_records_that_arrived_in_it) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const TimelineHtml t =
      RenderTimeline(run.story, {.from = Timestamp::Millis(5500), .to = Timestamp::Millis(8500)});
  BOOST_TEST(Attribute(t.svg, "data-records") == "3");
  BOOST_TEST(Count(t.svg, "<circle class=\"mark\"") == 3u);
  BOOST_TEST(Attribute(t.svg, "data-range-from") == "5500");
  BOOST_TEST(Attribute(t.svg, "data-range-to") == "8500");
  BOOST_TEST(Count(t.notes, "id=\"timeline-range\"") == 1u);
  BOOST_TEST(Count(t.notes, "3 of 10 records arrived in it") == 1u);
  // The step at 5200 lies left of the range: the arrows start at its edge.
  BOOST_TEST(Attribute(t.svg, "data-late-links") == "2");
  // No mark outside the plot.
  for (const std::smatch& mark : All(t.svg, "<circle class=\"mark\"[^>]* cx=\"([0-9.]+)\"")) {
    const double x = std::stod(mark[1].str());
    BOOST_TEST((x >= kPlotLeft && x <= kPlotLeft + kPlotWidth));
  }
}

// More records than kMaxMarks in range: density cells that count every one;
// a range holding fewer draws a mark each again.
BOOST_AUTO_TEST_CASE(many_records_become_density_cells_until_zoomed_in) {
  std::string events;
  for (int i = 0; i < 900; ++i) {
    events += "      - {k: k" + std::to_string(i % 3) + ", ts: " + std::to_string((i * 37) % 9000) +
              ", \"@arrival\": " + std::to_string(i * 10) + "}\n";
  }
  const DetailedRun run(sim::ParseScenarioSpec(R"(name: many
seed: 1
sources:
  rows:
    schema: {k: string, ts: int}
    event_time: ts
    bounded: true
    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s}
    events:
)" + events + R"(streams:
  counts:
    from: rows
    key_by: k
    window: {tumbling: 1s, late_output: late}
    aggregate: {n: count()}
  late: {from: counts, side_output: late}
sinks: {counts: {}, late: {}}
)",
                                               "many.yaml", TIDEMARK_SCENARIOS_DIR));
  const TimelineHtml all = RenderTimeline(run.story, {});
  BOOST_TEST(Attribute(all.svg, "data-aggregated") == "true");
  BOOST_TEST(Count(all.svg, "<circle class=\"mark\"") == 0u);
  uint64_t total = 0;
  for (const std::smatch& cell : All(all.svg, "data-count=\"([0-9]+)\""))
    total += std::stoull(cell[1]);
  BOOST_TEST(total == 900u);
  BOOST_TEST(Attribute(all.svg, "data-marks") ==
             std::to_string(Count(all.svg, "class=\"density-cell\"")));
  BOOST_TEST(Count(all.notes, "id=\"density-note\"") == 1u);
  BOOST_TEST(Count(all.legend, "data-kind=\"density\"") == 1u);
  // Arrivals 0, 10, ..., 8990: 1000 to 1990 holds 100 of them.
  const TimelineHtml zoomed =
      RenderTimeline(run.story, {.from = Timestamp::Millis(1000), .to = Timestamp::Millis(1990)});
  BOOST_TEST(Attribute(zoomed.svg, "data-aggregated") == "false");
  BOOST_TEST(Count(zoomed.svg, "<circle class=\"mark\"") == 100u);
}

BOOST_AUTO_TEST_CASE(idle_partitions_and_held_watermarks_are_shaded) {
  const DetailedRun idle("parallel/idle-partition-with-idleness.yaml");
  const TimelineHtml a = RenderTimeline(idle.story, {});
  BOOST_TEST(Attribute(a.svg, "data-idle-spans") != "0");
  BOOST_TEST(Count(a.svg, "<rect class=\"idle-span\"") >= 1u);
  BOOST_TEST(Count(a.svg, ">readings[0] partition 1</text>") == 1u);
  BOOST_TEST(Count(a.svg, ">readings[0] partition 0</text>") == 1u);
  BOOST_TEST(Count(a.legend, "data-kind=\"idle\"") == 1u);

  const DetailedRun held("teaching/quiet-partition-delays-windows.yaml");
  const TimelineHtml b = RenderTimeline(held.story, {});
  BOOST_TEST(Attribute(b.svg, "data-held-spans") == "1");
  BOOST_TEST(Count(b.svg, "<rect class=\"held-span\"") == 1u);
  BOOST_TEST(Count(b.svg, "partition 1 held the watermark at 499") == 1u);

  // Without idle or held stretches there is no strip.
  const DetailedRun none("sensors/late-sensor-readings.yaml");
  BOOST_TEST(Count(RenderTimeline(none.story, {}).svg, "class=\"partitions\"") == 0u);
}

BOOST_AUTO_TEST_CASE(the_same_run_gives_the_same_bytes) {
  const DetailedRun a("teaching/quiet-partition-delays-windows.yaml");
  const DetailedRun b("teaching/quiet-partition-delays-windows.yaml");
  const TimelineHtml x = RenderTimeline(a.story, {}), y = RenderTimeline(b.story, {});
  BOOST_TEST(x.svg == y.svg);
  BOOST_TEST(x.legend == y.legend);
  BOOST_TEST(x.late_list == y.late_list);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
