#include "reports/story/late_links.h"

#include <string>

#include <boost/test/unit_test.hpp>

#include "reports/story/detailed_run_test_file.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

using sim::ScheduleStep;

const sim::ScheduleStep& Step(const DetailedRun& run, const LateLink& link) {
  return run.result.schedule[*link.step];
}

BOOST_AUTO_TEST_SUITE(late_links)

// The flagship's table: row 5 (ts 12500, arriving at 5000) raises the
// watermark to 12500 - 2000 - 1 = 10499 on the 200 ms tick at 5200, the
// first at or past [0, 10000)'s cleanup time 9999 (§1.2); both keys' windows
// fire then (§1.8). Row 6 (sensor_1, ts 8000, at 6000) and row 8 (sensor_2,
// ts 9500, at 8000) come after: late, to 'late-readings'.
BOOST_AUTO_TEST_CASE(a_late_record_links_the_step_past_cleanup_and_the_firing_it_missed) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const std::vector<LateLink> links = FindLateLinks(run.story);
  BOOST_TEST_REQUIRE(links.size() == 2u);
  BOOST_TEST(run.story.RecordName(run.story.records()[links[0].record]) == "readings:6");
  BOOST_TEST(run.story.RecordName(run.story.records()[links[1].record]) == "readings:8");
  for (const LateLink& link : links) {
    BOOST_TEST(link.window.window.ToString() == "[0, 10000)");
    BOOST_TEST(LateThreshold(link).millis() == 9999);
    BOOST_TEST_REQUIRE(link.step.has_value());
    BOOST_TEST((Step(run, link).kind == ScheduleStep::Kind::kWatermark));
    BOOST_TEST(run.plan.nodes[Step(run, link).node].name == "averages");
    BOOST_TEST(Step(run, link).watermark.millis() == 10499);
    BOOST_TEST(Step(run, link).time.millis() == 5200);
    BOOST_TEST_REQUIRE(link.firing.has_value());
    const sim::FiringRecord& firing = run.result.firings[*link.firing];
    BOOST_TEST(firing.result.window.ToString() == "[0, 10000)");
    BOOST_TEST(firing.time.millis() == 5200);
  }
  // Each link's firing is its own key's: sensor_1 had 4 elements, sensor_2 1.
  BOOST_TEST(engine::FormatValue(run.result.firings[*links[0].firing].result.key) == "sensor_1");
  BOOST_TEST(run.result.firings[*links[0].firing].result.element_count == 4u);
  BOOST_TEST(engine::FormatValue(run.result.firings[*links[1].firing].result.key) == "sensor_2");
  BOOST_TEST(run.result.firings[*links[1].firing].result.element_count == 1u);
  BOOST_TEST(LateLinkText(run.story, links[0]) ==
             "readings:6 (ts 8000, arrived at 6000) is late and goes to 'late-readings': the "
             "watermark of averages[0] rose to 10499 at 5200, reaching window [0, 10000)'s "
             "cleanup time 9999; the window fired for key sensor_1 at 5200 (on_time, 4 elements), "
             "800 ms before the record reached averages[0].");
}

// WindowOperatorTest#testLateness (the scenario's description): [0, 2000)
// has max timestamp 1999 and cleanup time 2499. (key2, 1997) meets the
// watermark 2300: within lateness, made so by the step to 2300 (the first
// >= 1999), after the on-time firing. (key2, 1998) meets 6000: late, made so
// by the step to 6000 (the first >= 2499), after the late firing.
BOOST_AUTO_TEST_CASE(within_lateness_links_the_max_timestamp_and_late_the_cleanup_time) {
  const DetailedRun run("harness/window-lateness.yaml");
  const std::vector<LateLink> links = FindLateLinks(run.story);
  BOOST_TEST_REQUIRE(links.size() == 2u);
  const LateLink& within = links[0];
  const LateLink& late = links[1];
  BOOST_TEST(run.story.records()[within.record].record.timestamp.millis() == 1997);
  BOOST_TEST((within.window.admission == engine::WindowAdmission::kWithinLateness));
  BOOST_TEST(LateThreshold(within).millis() == 1999);
  BOOST_TEST_REQUIRE(within.step.has_value());
  BOOST_TEST(Step(run, within).watermark.millis() == 2300);
  BOOST_TEST_REQUIRE(within.firing.has_value());
  BOOST_TEST((run.result.firings[*within.firing].result.kind == engine::FiringKind::kOnTime));

  BOOST_TEST(run.story.records()[late.record].record.timestamp.millis() == 1998);
  BOOST_TEST((late.window.admission == engine::WindowAdmission::kLate));
  BOOST_TEST(LateThreshold(late).millis() == 2499);
  BOOST_TEST_REQUIRE(late.step.has_value());
  BOOST_TEST(Step(run, late).watermark.millis() == 6000);
  BOOST_TEST_REQUIRE(late.firing.has_value());
  BOOST_TEST((run.result.firings[*late.firing].result.kind == engine::FiringKind::kLate));
  BOOST_TEST(LateLinkText(run.story, within).find("it joins the window, which fires again") !=
             std::string::npos);
}

// Key b's first row (ts 1000) arrives after the watermark 11999 that a's
// ts 12000 raised: [0, 10000) is late for b, which never had a row in it,
// so no firing of b's window came before (a's fired, but is another key's).
BOOST_AUTO_TEST_CASE(a_window_that_never_fired_for_the_key_has_no_firing_link) {
  const DetailedRun run(sim::ParseScenarioSpec(R"(name: never-fired
seed: 1
sources:
  rows:
    schema: {k: string, ts: int}
    event_time: ts
    bounded: true
    watermarks: {strategy: monotonous}
    events:
      - {k: a, ts: 1000, "@arrival": 0}
      - {k: a, ts: 12000, "@arrival": 1000}
      - {k: b, ts: 1000, "@arrival": 3000}
streams:
  counts:
    from: rows
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)",
                                               "never-fired.yaml", TIDEMARK_SCENARIOS_DIR));
  const std::vector<LateLink> links = FindLateLinks(run.story);
  BOOST_TEST_REQUIRE(links.size() == 1u);
  BOOST_TEST(links[0].step.has_value());
  BOOST_TEST(!links[0].firing.has_value());
  const std::string text = LateLinkText(run.story, links[0]);
  BOOST_TEST(text.find("is late and dropped") != std::string::npos, text);
  BOOST_TEST(text.find("no firing of the window for key b came before it") != std::string::npos,
             text);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
