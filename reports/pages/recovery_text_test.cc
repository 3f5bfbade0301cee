// Checkpoints, failures and duplicates in every output (docs/report-format.md,
// "Checkpoints and failures"), word for word, on shipped scenarios whose
// descriptions derive the run by hand.
#include "reports/story/recovery_text.h"

#include <string>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "reports/pages/html_report.h"
#include "reports/pages/json_report.h"
#include "reports/pages/markdown_report.h"
#include "reports/pages/text_report.h"
#include "reports/story/detailed_run_test_file.h"
#include "reports/story/explain.h"
#include "reports/text/text_test_util.h"

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(recovery_text)

// checkpoints/four-sinks-at-least-once.yaml, by hand: r1..r8 arrive at 110,
// 210, ..., 810 and the job starts at 110; checkpoint 1 comes 260 ms later,
// at 370, cuts the source after r3 (next row index 3) and completes at once
// (one chained task: nothing to align). At 410 doris throws on its 4th
// record (r4): exponential delay, initial backoff 150 ms, no jitter, so the
// restart is at 560. The chain is one region: events, processed and the four
// sinks, 6 tasks, restart from checkpoint 1. r4 is replayed (1 row; r5
// arrived while the job was down, so it is read, not replayed). print shows
// r4 at 410 and again at 560: its row 5 repeats row 4. hdfs had written r4
// at 410 into the transaction the restore aborted: 9 written, 1 aborted, 8
// visible. An exactly-once record becomes visible when the next checkpoint
// completes: r1..r3 at 370, r4..r8 with the final checkpoint when the input
// ends at 810; the longest wait is r1's, 370 - 110 = 260 ms.
BOOST_AUTO_TEST_CASE(the_run_summary_names_each_failure_and_sink) {
  const DetailedRun run("checkpoints/four-sinks-at-least-once.yaml");
  const std::string text = FormatRecoveryText(run.plan, run.result);
  BOOST_TEST(Contains(text,
                      "recovery: 1 checkpoint completed, 0 aborted; 1 failure, 1 restart; "
                      "rows replayed: events 1\n"));
  BOOST_TEST(Contains(text,
                      "  failure at 410: doris[0] failed (sink 'doris' threw on its record "
                      "4); 6 tasks restart at 560 from checkpoint 1\n"));
  BOOST_TEST(Contains(text,
                      "  sink print (none): 9 written, 9 visible, 1 duplicate (row 5 "
                      "repeats row 4)\n"));
  BOOST_TEST(Contains(text, "  sink kafka (at_least_once): 9 written, 9 visible, 1 duplicate"));
  BOOST_TEST(Contains(text,
                      "  sink hdfs (exactly_once): 9 written, 8 visible, 1 aborted, 0 "
                      "uncommitted, 0 duplicates; visible up to 260ms after written\n"));
  BOOST_TEST(!Contains(text, "job FAILED"));
  // `run` prints it between the ledger and the pending windows.
  BOOST_TEST(Contains(FormatRunTail(run.plan, run.result), "\nrecovery: 1 checkpoint completed"));
}

BOOST_AUTO_TEST_CASE(a_duplicate_is_traced_to_its_first_delivery) {
  const DetailedRun run("checkpoints/four-sinks-at-least-once.yaml");
  const sim::SinkRecovery& print = run.result.recovery->sinks[0];
  BOOST_TEST_REQUIRE(print.listed_duplicates.size() == 1u);
  BOOST_TEST(DuplicateText(run.result.sinks[0], print.listed_duplicates[0]) ==
             "row 5 written at 560 (r4,4) repeats row 4 written at 410");
}

// checkpoints/poison-record-exhausts-restarts.yaml: failures at 1760, 2760,
// 3760 and 4760; fixed-delay allows 3 restarts, so the 4th is refused.
BOOST_AUTO_TEST_CASE(a_job_whose_restarts_are_exhausted_says_so) {
  const DetailedRun run("checkpoints/poison-record-exhausts-restarts.yaml");
  const std::string text = FormatRecoveryText(run.plan, run.result);
  BOOST_TEST(Contains(text, "recovery: 1 checkpoint completed, 0 aborted; 4 failures, 3 restarts"));
  BOOST_TEST(Contains(text,
                      "  job FAILED at 4760: Recovery is suppressed by "
                      "FixedDelayRestartBackoffTimeStrategy"));
  BOOST_TEST(
      Contains(text, "  failure at 4760: out[0] failed (sink 'out' threw on a record where "));
  BOOST_TEST(Contains(text, "the job is FAILED: Recovery is suppressed"));
  const std::string md = FormatMarkdownReport(run.story, {.tool_version = "t", .seed = 1});
  BOOST_TEST(Contains(md, "**The job FAILED at 4760: Recovery is suppressed"));
  const std::string explained = FormatExplanation(run.story, {});
  BOOST_TEST(Contains(explained, "    4760  the job is FAILED: Recovery is suppressed"));
}

BOOST_AUTO_TEST_CASE(report_json_carries_the_counters_a_recovery_expectation_takes) {
  const DetailedRun run("checkpoints/four-sinks-at-least-once.yaml");
  const nlohmann::json report =
      nlohmann::json::parse(FormatJsonReport(run.story, {.tool_version = "t", .seed = 1}));
  const nlohmann::json& r = report.at("recovery");
  BOOST_TEST(r.at("checkpoints_completed").get<int>() == 1);
  BOOST_TEST(r.at("failures").get<int>() == 1);
  BOOST_TEST(r.at("restarts").get<int>() == 1);
  BOOST_TEST(r.at("job_failed").get<bool>() == false);
  BOOST_TEST(r.at("replayed_rows").at("events").get<int>() == 1);
  BOOST_TEST(r.at("sinks").at("print").at("duplicates").get<int>() == 1);
  BOOST_TEST(r.at("sinks").at("print").at("duplicate_records").at(0).at("index").get<int>() == 4);
  BOOST_TEST(r.at("sinks").at("print").at("duplicate_records").at(0).at("first").get<int>() == 3);
  BOOST_TEST(r.at("sinks").at("hdfs").at("aborted").get<int>() == 1);
  BOOST_TEST(r.at("sinks").at("hdfs").at("visible").get<int>() == 8);
  BOOST_TEST(r.at("sinks").at("doris").at("guarantee").get<std::string>() == "exactly_once");
  const nlohmann::json& failure = r.at("history").at("failures").at(0);
  BOOST_TEST(failure.at("at").get<int>() == 410);
  BOOST_TEST(failure.at("restart_at").get<int>() == 560);
  BOOST_TEST(failure.at("restored_checkpoint").get<int>() == 1);
  BOOST_TEST(failure.at("outcome").get<std::string>() == "restarted");
  BOOST_TEST(r.at("history").at("checkpoints").at(0).at("triggered").get<int>() == 370);
}

BOOST_AUTO_TEST_CASE(report_html_draws_checkpoints_failures_and_restarts) {
  const DetailedRun run("checkpoints/four-sinks-at-least-once.yaml");
  const std::string html = FormatHtmlReport(run.story, {.tool_version = "t", .seed = 1});
  BOOST_TEST(Contains(html, "<h2 id=\"recovery\">Checkpoints and failures</h2>"));
  BOOST_TEST(Contains(html,
                      " data-checkpoints=\"1\" data-aborted-checkpoints=\"0\" "
                      "data-failures=\"1\" data-restarts=\"1\""));
  BOOST_TEST(
      Contains(html, "<li>print: row 5 written at 560 (r4,4) repeats row 4 written at 410</li>"));
  BOOST_TEST(Contains(html,
                      "<td>hdfs</td><td>exactly_once</td><td class=\"num\">9</td>"
                      "<td class=\"num\">8</td><td class=\"num\">1</td>"));
  BOOST_TEST(Contains(html, "class=\"failure-label\""));
  BOOST_TEST(Contains(html, "\u21bb cp1</text>"));
  BOOST_TEST(Contains(html, "<li data-kind=\"failure\">"));
}

BOOST_AUTO_TEST_CASE(report_md_has_the_sink_table) {
  const DetailedRun run("checkpoints/four-sinks-at-least-once.yaml");
  const std::string md = FormatMarkdownReport(run.story, {.tool_version = "t", .seed = 1});
  BOOST_TEST(Contains(md,
                      "## Checkpoints and failures\n\n1 checkpoint completed, 0 aborted; 1 "
                      "failure, 1 restart; rows replayed: events 1.\n"));
  BOOST_TEST(Contains(md, "| print | none | 9 | 9 | 0 | 0 | 1 | 0ms |\n"));
  BOOST_TEST(Contains(md, "- row 5 written at 560 (r4,4) repeats row 4 written at 410\n"));
}

BOOST_AUTO_TEST_CASE(explain_narrates_completions) {
  const DetailedRun run("checkpoints/four-sinks-at-least-once.yaml");
  const std::string explained = FormatExplanation(run.story, {});
  BOOST_TEST(Contains(explained, "checkpoint 1 completes: every task has acknowledged it"));
  BOOST_TEST(Contains(explained, "\nRecovery: 1 checkpoint completed"));
}

// A job without checkpointing or failures configured prints and writes what
// it always did: no section, no style, no data attribute.
BOOST_AUTO_TEST_CASE(nothing_for_a_job_without_fault_tolerance) {
  const DetailedRun run("teaching/window-never-fires-unbounded.yaml");
  BOOST_TEST(FormatRecoveryText(run.plan, run.result).empty());
  const std::string html = FormatHtmlReport(run.story, {.tool_version = "t", .seed = 1});
  BOOST_TEST(!Contains(html, "recovery"));
  BOOST_TEST(!Contains(html, "cp-complete"));
  BOOST_TEST(!Contains(html, "data-checkpoints"));
  BOOST_TEST(
      !Contains(FormatJsonReport(run.story, {.tool_version = "t", .seed = 1}), "\"recovery\""));
  BOOST_TEST(!Contains(FormatMarkdownReport(run.story, {.tool_version = "t", .seed = 1}),
                       "Checkpoints and failures"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
