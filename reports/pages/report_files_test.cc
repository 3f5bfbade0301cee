#include "reports/pages/report_files.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "reports/text/text_test_util.h"
#include "reports/timeline/timeline_svg.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

struct Rendered {
  explicit Rendered(const std::string& path)
      : plan(sim::BindScenario(sim::LoadScenarioSpec(path))),
        result(sim::RunJob(
            plan, {.seed = plan.info.seed, .detail = engine::Ledger::Detail::kEveryRecord})),
        story(plan, result),
        files(RenderReportFiles(story, {.tool_version = "9.9.9", .seed = plan.info.seed})) {}
  const std::string& File(const std::string& name) const {
    for (const ReportFile& f : files) {
      if (f.name == name) return f.content;
    }
    BOOST_FAIL("no file " << name);
    return files.front().content;
  }
  sim::JobPlan plan;
  sim::RunResult result;
  RunStory story;
  std::vector<ReportFile> files;
};

const std::string kFlagshipPath =
    std::string(TIDEMARK_SCENARIOS_DIR) + "/sensors/late-sensor-readings.yaml";

// The timeline's <svg> alone: the legend's swatches reuse its classes.
std::string Timeline(const std::string& html) {
  const size_t start = html.find("<svg id=\"timeline\"");
  BOOST_TEST_REQUIRE(start != std::string::npos);
  return html.substr(start, html.find("</svg>", start) - start);
}

BOOST_AUTO_TEST_SUITE(report_files)

BOOST_AUTO_TEST_CASE(report_folder_holds_html_md_json_and_a_csv_per_sink) {
  const Rendered r(kFlagshipPath);
  std::vector<std::string> names;
  for (const ReportFile& f : r.files) names.push_back(f.name);
  const std::vector<std::string> expected = {"report.html", "report.md", "report.json",
                                             "averages.csv", "late.csv"};
  BOOST_TEST(names == expected, boost::test_tools::per_element());
  BOOST_TEST(r.File("late.csv") ==
             "sensor_id,ts,temperature\nsensor_1,8000,23\nsensor_2,9500,29\n");
}

BOOST_AUTO_TEST_CASE(json_report_is_versioned_and_complete) {
  const Rendered r(kFlagshipPath);
  const auto json = nlohmann::json::parse(r.File("report.json"));
  BOOST_TEST(json["format"] == "tidemark-report");
  BOOST_TEST(json["format_version"] == 1);
  BOOST_TEST(json["tool"]["version"] == "9.9.9");
  BOOST_TEST(json["seed"] == 7);
  BOOST_TEST(json["scenario"]["file"] == "late-sensor-readings.yaml");
  BOOST_TEST(json["scenario"]["hash"].get<std::string>().rfind("fnv1a64:", 0) == 0u);
  BOOST_TEST(json["sinks"].size() == 2u);
  BOOST_TEST(json["sinks"][1]["records"].size() == 2u);
  BOOST_TEST(json["records"].size() == 10u);
  BOOST_TEST(json["records"][6]["verdict"] == "late_to_side_output");
  BOOST_TEST(json["summary"]["verdicts"]["on_time"] == 8);
  BOOST_TEST(json["ledger"]["entries"].size() == r.result.ledger.entries().size());
  // Watermark history for the source subtask, the window and the side-output stream.
  BOOST_TEST(json["watermarks"].size() == 3u);
  BOOST_TEST(json["watermarks"][1]["history"].back()["watermark"] == INT64_MAX);
  BOOST_TEST(json["firings"].size() == 4u);
  BOOST_TEST(json["firings"][0]["contents"].size() == 4u);
}

BOOST_AUTO_TEST_CASE(html_report_is_self_contained_with_a_mark_per_record) {
  const Rendered r(kFlagshipPath);
  const std::string& html = r.File("report.html");
  BOOST_TEST(Count(html, "http") == 0u);
  BOOST_TEST(Count(html, "<script") == 0u);
  BOOST_TEST(Count(html, "<link") == 0u);
  BOOST_TEST(Count(html, "url(") == 0u);
  const std::string svg = Timeline(html);
  BOOST_TEST(Count(svg, "<circle class=\"mark\"") == 10u);
  // One subtask's line, drawn in each of the two keys' lanes.
  BOOST_TEST(Count(svg, "class=\"wm-line\"") == 2u);
  BOOST_TEST(Count(svg, "data-watermark-lines=\"1\"") == 1u);
  BOOST_TEST(Count(svg, "data-aggregated=\"false\"") == 1u);
  BOOST_TEST(Count(svg, "class=\"firing\" d=") == 4u);  // two windows per key's lane
  BOOST_TEST(Count(html, "id=\"timeline-legend\"") == 1u);
  BOOST_TEST(Count(html, "id=\"late-links\"") == 1u);
  BOOST_TEST(Count(html, "cleanup 9999 &lt;= watermark 10499") >= 2u);
}

BOOST_AUTO_TEST_CASE(markdown_summary_lists_late_records_with_their_reason) {
  const Rendered r(kFlagshipPath);
  const std::string& md = r.File("report.md");
  BOOST_TEST(Count(md, "| late_to_side_output | 2 |") == 1u);
  BOOST_TEST(Count(md, "- readings:6 (line 8, ts 8000): late_to_side_output") == 1u);
  BOOST_TEST(Count(md, "### averages (4 records)") == 1u);
}

// Above kMaxMarks records the timeline draws grid cells, says so, and still
// accounts for every record in the cells' counts.
BOOST_AUTO_TEST_CASE(large_runs_aggregate_marks_and_say_so) {
  const auto folder = std::filesystem::temp_directory_path() / "tidemark_report_large_test";
  std::filesystem::create_directories(folder);
  {
    std::ofstream csv(folder / "big.csv");
    csv << "k,ts,@arrival\n";
    for (int i = 0; i < 10000; ++i)
      csv << "k" << i % 7 << ',' << (i * 37) % 50000 << ',' << i << '\n';
    std::ofstream yaml(folder / "big.yaml");
    yaml << "name: big\nseed: 1\nsources:\n  events:\n    trace: big.csv\n"
            "    schema: {k: string, ts: int}\n    event_time: ts\n"
            "    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s}\n"
            "streams:\n  counts:\n    from: events\n    key_by: k\n"
            "    window: {tumbling: 10s, late_output: late}\n    aggregate: {n: count()}\n"
            "  late: {from: counts, side_output: late}\nsinks: {counts: {}, late: {}}\n";
  }
  const Rendered r((folder / "big.yaml").string());
  const std::string& html = r.File("report.html");
  BOOST_TEST(Count(html, "data-aggregated=\"true\"") == 1u);
  BOOST_TEST(Count(html, "too many to draw one by one") == 1u);
  BOOST_TEST(Count(html, "<circle class=\"mark\"") == 0u);
  uint64_t total = 0;
  for (size_t at = html.find("data-count=\""); at != std::string::npos;
       at = html.find("data-count=\"", at + 1)) {
    total += std::stoull(html.substr(at + 12));
  }
  BOOST_TEST(total == 10000u);
  BOOST_TEST(html.size() < 4'000'000u);
  std::filesystem::remove_all(folder);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
