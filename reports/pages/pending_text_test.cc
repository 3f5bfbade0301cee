// The sentences about pending windows (§1.13), word for word, on the
// teaching scenarios whose descriptions derive them by hand.
#include "reports/story/pending_text.h"

#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/record.h"
#include "reports/pages/html_report.h"
#include "reports/pages/markdown_report.h"
#include "reports/pages/text_report.h"
#include "reports/story/detailed_run_test_file.h"
#include "reports/story/explain.h"
#include "reports/story/run_story.h"
#include "reports/text/markup_escape.h"
#include "reports/text/report_context.h"
#include "reports/text/text_test_util.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(pending_text)

// Watermark = 9000 - 2000 - 1 = 6999 < 9999; rows at 0..3000, the run ends
// three 200 ms ticks after the last row, at 3600.
BOOST_AUTO_TEST_CASE(an_unbounded_source_leaves_its_windows_pending) {
  const DetailedRun run("teaching/window-never-fires-unbounded.yaml");
  BOOST_TEST(FormatPendingText(run.plan, run.result) ==
             "pending at the end of the run (processing time 3600):\n"
             "  avg[0] key s1 window [0, 10000): 3 records, never fired; fires when the watermark "
             "reaches 9999; the watermark is 6999; it would fire with a row of ts >= 12000 on "
             "readings partition 0 (watermark = ts - 2000 - 1)\n"
             "  avg[0] key s2 window [0, 10000): 1 record, never fired; fires when the watermark "
             "reaches 9999; the watermark is 6999; it would fire with a row of ts >= 12000 on "
             "readings partition 0 (watermark = ts - 2000 - 1)\n"
             "    watermark held back by: avg[0] <- readings[0] partition 0 (watermark 6999): no "
             "rows since t=3000; idleness not set\n");
  const std::string text = FormatRunText(run.plan, run.result);
  BOOST_TEST(Contains(text, "ledger: 4 records in; avg: 4 pending; sinks: avg 0\n"));
}

BOOST_AUTO_TEST_CASE(an_empty_partition_is_named_as_the_holder) {
  const DetailedRun run("teaching/idle-partition-blocks-window.yaml");
  BOOST_TEST(FormatPendingText(run.plan, run.result) ==
             "pending at the end of the run (processing time 3600):\n"
             "  counts[0] key k window [0, 10000): 2 records, never fired; fires when the "
             "watermark reaches 9999; the watermark is -inf; with idleness set on readings, "
             "partition 2 (no rows at all) would stop holding it back and the watermark would "
             "reach 10999 >= 9999\n"
             "  counts[0] key k window [10000, 20000): 2 records, never fired; fires when the "
             "watermark reaches 19999; the watermark is -inf; it would fire with a row of ts >= "
             "21000 on each of readings partitions 0, 1, 2 (watermark = ts - 1000 - 1)\n"
             "    watermark held back by: counts[0] <- readings[0] partition 2 (watermark -inf): "
             "no rows at all; idleness not set\n");
}

BOOST_AUTO_TEST_CASE(a_source_without_watermarks_is_named_as_the_holder) {
  const DetailedRun run("mistakes/window-never-fires.yaml");
  const std::string text = FormatPendingText(run.plan, run.result);
  BOOST_TEST(Contains(text,
                      "  counts[0] key s1 window [0, 10000): 2 records, never fired; fires "
                      "when the watermark reaches 9999; the watermark is -inf\n"));
  BOOST_TEST(Contains(text,
                      "    watermark held back by: counts[0] <- readings[0] (watermark "
                      "-inf): the source emits no watermarks (strategy: none)\n"));
}

// The verdicts: pending, with the decision and what the window waits for.
BOOST_AUTO_TEST_CASE(records_in_pending_windows_get_the_verdict_pending) {
  const DetailedRun run("teaching/window-never-fires-unbounded.yaml");
  const RecordStory* r = run.story.Find(engine::MakeRecordId(0, 0));
  BOOST_TEST_REQUIRE(r != nullptr);
  BOOST_TEST((r->verdict == Verdict::kPending));
  BOOST_TEST(
      VerdictSentence(run.story, *r) ==
      "readings:0 (line 33, ts 1000): pending — avg[0]: window [0, 10000) max timestamp 9999 "
      "> watermark -inf, so the record is on time and joins the window; the run ended "
      "before window [0, 10000) fired: it fires when the watermark reaches 9999; the "
      "watermark is 6999");
  const std::string explanation = FormatExplanation(run.story, {});
  BOOST_TEST(Contains(explanation, "\nPending at the end of the run (processing time 3600):\n"));
}

// report.md and report.html list the same windows with what would fire them.
BOOST_AUTO_TEST_CASE(the_reports_list_pending_windows_and_what_would_fire_them) {
  const DetailedRun run("teaching/window-never-fires-unbounded.yaml");
  const ReportContext context{.tool_version = "test", .seed = 1};
  const std::string line =
      "avg[0] key s1 window [0, 10000): 3 records, never fired; fires when the watermark reaches "
      "9999; the watermark is 6999; it would fire with a row of ts >= 12000 on readings "
      "partition 0 (watermark = ts - 2000 - 1)";
  const std::string md = FormatMarkdownReport(run.story, context);
  BOOST_TEST(Contains(md, "## Pending windows\n"));
  // Markdown escapes the brackets and >= (they could start a link or HTML).
  BOOST_TEST(Contains(md,
                      "- avg\\[0\\] key s1 window \\[0, 10000): 3 records, never fired; fires "
                      "when the watermark reaches 9999; the watermark is 6999; it would fire "
                      "with a row of ts \\>= 12000 on readings partition 0 (watermark = ts - "
                      "2000 - 1)\n"));
  BOOST_TEST(Contains(md, "None: every record was on time, delivered or pending.\n"));
  const std::string html = FormatHtmlReport(run.story, context);
  BOOST_TEST(Contains(html, "<li>" + HtmlEscape(line) + "</li>"));
  BOOST_TEST(Contains(html, "<rect class=\"pending-window\""));
}

// A bounded run fires everything at +inf: nothing pending, nothing printed.
BOOST_AUTO_TEST_CASE(a_bounded_run_prints_no_pending_block) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  BOOST_TEST(FormatPendingText(run.plan, run.result).empty());
  BOOST_TEST(!Contains(FormatExplanation(run.story, {}), "Pending at the end"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
