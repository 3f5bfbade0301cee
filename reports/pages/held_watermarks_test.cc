#include "reports/story/held_watermarks.h"

#include <fstream>
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "reports/pages/html_report.h"
#include "reports/pages/json_report.h"
#include "reports/pages/markdown_report.h"
#include "reports/story/detailed_run_test_file.h"
#include "reports/story/explain.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

const std::string kQuiet = "teaching/quiet-partition-delays-windows.yaml";

std::string Path(const std::string& scenario) {
  return std::string(TIDEMARK_SCENARIOS_DIR) + "/" + scenario;
}

sim::ScenarioSpec Load(const std::string& scenario) {
  return sim::LoadScenarioSpec(Path(scenario));
}

// The scenario's text with `from` replaced by `to`, loaded from its folder.
sim::ScenarioSpec Edited(const std::string& scenario, const std::string& from,
                         const std::string& to) {
  std::ifstream in(Path(scenario));
  std::stringstream text;
  text << in.rdbuf();
  std::string yaml = text.str();
  const size_t at = yaml.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos);
  yaml.replace(at, from.size(), to);
  return sim::ParseScenarioSpec(yaml, scenario, std::string(TIDEMARK_SCENARIOS_DIR) + "/teaching");
}

BOOST_AUTO_TEST_SUITE(held_watermarks)

// From the scenario's table: partition 1 becomes the holder at processing
// time 2000 (row 3 lifts partition 0 to 1999 > 499; partition 1's last row
// came at 1000) and holds to the end of the input at 13000, while partition 0
// receives rows 4-14: 11 rows. 11000 ms is 55 intervals of 200 ms.
BOOST_AUTO_TEST_CASE(a_quiet_partition_is_found_holding_the_watermark) {
  const DetailedRun run(Load(kQuiet));
  const std::vector<HeldWatermark> held = FindHeldWatermarks(run.story);
  BOOST_TEST_REQUIRE(held.size() == 1u);
  BOOST_TEST(run.plan.nodes[held[0].node].name == "readings");
  BOOST_TEST(held[0].subtask == 0u);
  BOOST_TEST(held[0].partition == 1);
  BOOST_TEST(held[0].from.millis() == 2000);
  BOOST_TEST(held[0].to.millis() == 13000);
  BOOST_TEST(held[0].until_end);
  BOOST_TEST(held[0].watermark.millis() == 499);
  BOOST_TEST(held[0].other_rows == 11u);
  // Half the 11000 ms stretch, in whole seconds: idleness 5s.
  BOOST_TEST(HeldWatermarkText(run.plan, held[0]) ==
             "readings[0] partition 1 held the watermark at 499 from processing time 2000 to the "
             "end, 13000 (11000 ms) while its other partitions received 11 rows; add 'idleness: "
             "5s' to the watermarks of 'readings' so that a partition quiet for that long leaves "
             "the minimum (WatermarksWithIdleness)");
}

// The fix it names works: with idleness 5s, partition 1 goes idle at 6400
// (the timer starts at the tick 1400, the first without a new row) and
// [0, 10000) fires then, at partition 0's watermark 9999, not at the end.
BOOST_AUTO_TEST_CASE(the_idleness_it_suggests_ends_the_hold) {
  const DetailedRun run(
      Edited(kQuiet, "max_out_of_orderness: 1s}", "max_out_of_orderness: 1s, idleness: 5s}"));
  BOOST_TEST(FindHeldWatermarks(run.story).empty());
  BOOST_TEST_REQUIRE(!run.result.firings.empty());
  BOOST_TEST(run.result.firings.front().time.millis() == 6400);
  BOOST_TEST(run.result.firings.front().watermark.millis() == 9999);
}

// With two readers, one per partition, readings[0] (partition 1, last row at
// 1000) holds both window subtasks' channels from 2200, when readings[1]'s
// watermark 1999 passes its 499, while readings[1] reads rows 4-14. counts[0]
// (where key k goes) is held to the end of the input; counts[1] sees
// readings[0]'s +inf first at 13000 and is then held by readings[1].
BOOST_AUTO_TEST_CASE(a_quiet_reader_is_found_holding_the_channels_it_feeds) {
  const DetailedRun run("teaching/quiet-reader-delays-windows.yaml");
  const std::vector<HeldWatermark> held = FindHeldWatermarks(run.story);
  BOOST_TEST_REQUIRE(held.size() == 2u);
  for (size_t i = 0; i < 2; ++i) {
    BOOST_TEST(run.plan.nodes[held[i].node].name == "readings");
    BOOST_TEST(held[i].subtask == 0u);
    BOOST_TEST(held[i].partition == -1);
    BOOST_TEST(run.plan.nodes[held[i].held_node].name == "counts");
    BOOST_TEST(held[i].held_subtask == i);
    BOOST_TEST(held[i].from.millis() == 2200);
    BOOST_TEST(held[i].to.millis() == 13000);
    BOOST_TEST(held[i].watermark.millis() == 499);
    BOOST_TEST(held[i].other_rows == 11u);
  }
  BOOST_TEST(held[0].until_end);
  BOOST_TEST(HeldWatermarkText(run.plan, held[0]) ==
             "readings[0] held the watermark of counts[0] at 499 from processing time 2200 to the "
             "end, 13000 (10800 ms), with no row of its own, while the other subtasks feeding it "
             "received 11 rows; add 'idleness: 5s' to the watermarks of 'readings' so that a "
             "partition quiet for that long leaves the minimum (WatermarksWithIdleness)");
}

// Partitions taking turns at the minimum between their rows is how a
// watermark advances: no finding (orders-kafka alternates two partitions).
// A partition with no rows at all never becomes the holder of an emitted
// watermark; the pending windows' chain names it instead.
BOOST_AUTO_TEST_CASE(partitions_taking_turns_or_never_sending_are_not_findings) {
  BOOST_TEST(FindHeldWatermarks(DetailedRun(Load("formats/orders-kafka.yaml")).story).empty());
  BOOST_TEST(
      FindHeldWatermarks(DetailedRun(Load("teaching/idle-partition-blocks-window.yaml")).story)
          .empty());
}

BOOST_AUTO_TEST_CASE(explain_and_the_reports_show_the_hold) {
  const DetailedRun run(Load(kQuiet));
  const std::string sentence = "readings[0] partition 1 held the watermark at 499";
  BOOST_TEST(FormatExplanation(run.story, {}).find("\nWatermark held back:\n  " + sentence) !=
             std::string::npos);
  const ReportContext context{.tool_version = "test", .seed = 1};
  // Markdown escapes the brackets.
  BOOST_TEST(FormatMarkdownReport(run.story, context)
                 .find("## Watermark held back\n\n- readings\\[0\\] partition 1 held the watermark "
                       "at 499") != std::string::npos);
  BOOST_TEST(FormatHtmlReport(run.story, context)
                 .find("<h2 id=\"held\">Watermark held back</h2>\n"
                       "<ul class=\"held\">\n<li>" +
                       sentence) != std::string::npos);
}

// report.json lists the hold with the same fields, and a run without one has
// no `held_watermarks` key (its report stays as it was).
BOOST_AUTO_TEST_CASE(report_json_lists_holds_only_when_there_are_some) {
  const ReportContext context{.tool_version = "test", .seed = 1};
  const auto quiet =
      nlohmann::json::parse(FormatJsonReport(DetailedRun(Load(kQuiet)).story, context));
  BOOST_TEST_REQUIRE(quiet.contains("held_watermarks"));
  const auto& held = quiet["held_watermarks"];
  BOOST_TEST_REQUIRE(held.size() == 1u);
  BOOST_TEST(held[0]["partition"].get<int>() == 1);
  BOOST_TEST(held[0]["held_operator"].is_null());
  BOOST_TEST(held[0]["from"].get<int64_t>() == 2000);
  BOOST_TEST(held[0]["to"].get<int64_t>() == 13000);
  BOOST_TEST(held[0]["until_end"].get<bool>());
  BOOST_TEST(held[0]["watermark"].get<int64_t>() == 499);
  BOOST_TEST(held[0]["other_rows"].get<int>() == 11);
  BOOST_TEST(held[0]["text"].get<std::string>().starts_with("readings[0] partition 1 held"));
  const auto flagship = nlohmann::json::parse(
      FormatJsonReport(DetailedRun("sensors/late-sensor-readings.yaml").story, context));
  BOOST_TEST(!flagship.contains("held_watermarks"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
