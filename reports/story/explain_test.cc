#include "reports/story/explain.h"

#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "engine/core/record.h"
#include "reports/story/detailed_run_test_file.h"
#include "reports/story/run_story.h"
#include "reports/text/text_test_util.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(explain)

// Every record of the flagship scenario is stated on time or late with the
// inequality that decided it. Expected values derived by hand in the
// scenario's description: watermark = highest timestamp - 2000 - 1 on each
// 200 ms tick, rows 1 s apart; [0, 10000) has max timestamp = cleanup = 9999.
BOOST_AUTO_TEST_CASE(every_flagship_record_gets_its_deciding_inequality) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const std::string on_time = ", so the record is on time and joins the window";
  const std::string late = ", so the record is late and goes to 'late-readings'";
  const std::vector<std::string> expected = {
      "readings:0 (line 2, ts 1000): on_time — averages[0]: window [0, 10000) max timestamp 9999 > "
      "watermark -inf" +
          on_time,
      "readings:1 (line 3, ts 4000): on_time — averages[0]: window [0, 10000) max timestamp 9999 > "
      "watermark -1001" +
          on_time,
      "readings:2 (line 4, ts 3000): on_time — averages[0]: window [0, 10000) max timestamp 9999 > "
      "watermark 1999" +
          on_time,
      "readings:3 (line 5, ts 9000): on_time — averages[0]: window [0, 10000) max timestamp 9999 > "
      "watermark 1999" +
          on_time,
      "readings:4 (line 6, ts 7000): on_time — averages[0]: window [0, 10000) max timestamp 9999 > "
      "watermark 6999" +
          on_time,
      "readings:5 (line 7, ts 12500): on_time — averages[0]: window [10000, 20000) max timestamp "
      "19999 > watermark 6999" +
          on_time,
      "readings:6 (line 8, ts 8000): late_to_side_output — averages[0]: window [0, 10000) cleanup "
      "9999 <= watermark 10499" +
          late,
      "readings:7 (line 9, ts 11000): on_time — averages[0]: window [10000, 20000) max timestamp "
      "19999 > watermark 10499" +
          on_time,
      "readings:8 (line 10, ts 9500): late_to_side_output — averages[0]: window [0, 10000) cleanup "
      "9999 <= watermark 10499" +
          late,
      "readings:9 (line 11, ts 15000): on_time — averages[0]: window [10000, 20000) max timestamp "
      "19999 > watermark 10499" +
          on_time,
  };
  BOOST_REQUIRE_EQUAL(run.story.records().size(), expected.size());
  const std::string text = FormatExplanation(run.story, {});
  for (size_t i = 0; i < expected.size(); ++i) {
    BOOST_TEST(VerdictSentence(run.story, run.story.records()[i]) == expected[i]);
    BOOST_TEST(Contains(text, "  " + expected[i] + "\n"), "explain lacks: " << expected[i]);
  }
}

BOOST_AUTO_TEST_CASE(flagship_timeline_shows_watermarks_firings_and_out_of_order_arrivals) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const std::string text = FormatExplanation(run.story, {});
  BOOST_TEST(Contains(text,
                      "    1200  readings[0] emits watermark 1999 (was -1001) = highest "
                      "timestamp 4000 - out-of-orderness 2000 - 1\n"));
  BOOST_TEST(Contains(text, "    5200  averages[0] watermark 6999 -> 10499, from readings[0]\n"));
  BOOST_TEST(Contains(text,
                      "    5200  averages[0] fires window [0, 10000) for key sensor_1, on "
                      "time: watermark 10499 >= max timestamp 9999 -> avg_temp 21.75, n 4; "
                      "contents: readings:0, readings:1, readings:3, readings:4\n"));
  BOOST_TEST(Contains(text,
                      "readings:4 arrives at readings[0] from partition 0: event time 7000 "
                      "{sensor_id: sensor_1, ts: 7000, temperature: 21} — out of order (ts "
                      "9000 arrived before it), which alone does not make it late\n"));
}

BOOST_AUTO_TEST_CASE(record_story_follows_one_record_to_its_sink) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const std::string text = FormatExplanation(
      run.story, {.record = ParseRecordRef(run.plan, "readings:8"), .stream = {}});
  BOOST_TEST(Contains(text, "The story of readings:8 (line 10)"));
  BOOST_TEST(Contains(text,
                      "    8000  averages[0] decides readings:8 (ts 9500): window [0, 10000) "
                      "cleanup 9999 <= watermark 10499, so the record is late and goes to "
                      "'late-readings'\n"));
  BOOST_TEST(Contains(text, "    8000  late[0]: readings:8 reaches sink 'late'\n"));
  BOOST_TEST(!Contains(text, "readings:7"));
  BOOST_TEST(!Contains(text, "fires window"));  // a late record is in no firing
}

BOOST_AUTO_TEST_CASE(record_story_names_the_firing_that_emitted_it) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const std::string text =
      FormatExplanation(run.story, {.record = ParseRecordRef(run.plan, "4"), .stream = {}});
  BOOST_TEST(Contains(text, "fires window [0, 10000) for key sensor_1"));
  BOOST_TEST(!Contains(text, "for key sensor_2"));
}

// §1.7: max timestamp <= watermark < cleanup re-fires the
// window; derived in the scenario's description (9999 <= 12999 < 14999).
BOOST_AUTO_TEST_CASE(within_lateness_states_both_bounds) {
  const DetailedRun run("windows/allowed-lateness-refiring.yaml");
  const std::string text = FormatExplanation(run.story, {});
  BOOST_TEST(Contains(text,
                      "window [0, 10000) max timestamp 9999 <= watermark 12999 < cleanup "
                      "14999, so the record is late but within allowed lateness"));
  BOOST_TEST(Contains(text,
                      "window [0, 10000) cleanup 14999 <= watermark 15999, so the record is "
                      "late and goes to 'too-late'"));
  BOOST_TEST(Contains(text, "a late firing within allowed lateness"));
}

BOOST_AUTO_TEST_CASE(stream_view_keeps_only_that_stream) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const std::string text = FormatExplanation(run.story, {.record = {}, .stream = 1});
  BOOST_TEST(Contains(text, "averages[0] decides readings:6"));
  BOOST_TEST(!Contains(text, "arrives at readings[0]"));
  BOOST_TEST(!Contains(text, "late[0]"));
}

BOOST_AUTO_TEST_CASE(record_ref_parses_source_and_row) {
  const DetailedRun run("sensors/late-sensor-readings.yaml");
  const engine::RecordId id = ParseRecordRef(run.plan, "readings:7");
  BOOST_TEST(engine::RecordSource(id) == 0u);
  BOOST_TEST(engine::RecordRow(id) == 7u);
  BOOST_TEST(ParseRecordRef(run.plan, "3") == engine::MakeRecordId(0, 3));
  BOOST_CHECK_THROW(ParseRecordRef(run.plan, "reading:7"), engine::InputError);
  BOOST_CHECK_THROW(ParseRecordRef(run.plan, "readings:x"), engine::InputError);
  BOOST_CHECK_THROW(ParseRecordRef(run.plan, "-1"), engine::InputError);
}

// Row numbers count each source's rows, so a union sees row 1 of both
// sources: fast:1 is w@40 (arrival 950) and slow:1 is y@5 (arrival 500,
// replayed at 1390 after the restore); their ids tell them apart. The scenario's description
// derives the decisions: y on time at 500 (watermark 2), late at 1390 (watermark 29); w on time at
// 950. The narration names each by its own source, also in y's own story.
BOOST_AUTO_TEST_CASE(a_union_names_each_row_by_its_own_source) {
  const DetailedRun run("checkpoints/replay-makes-a-record-late.yaml");
  const std::string text = FormatExplanation(run.story, {});
  BOOST_TEST(Contains(text,
                      "     500  windows[0] decides slow:1 (ts 5): window [0, 10) max timestamp 9 "
                      "> watermark 2"));
  BOOST_TEST(Contains(text, "     950  windows[0] decides fast:1 (ts 40)"));
  BOOST_TEST(Contains(text,
                      "    1390  windows[0] decides slow:1 (ts 5): window [0, 10) cleanup 9 <= "
                      "watermark 29"));
  BOOST_TEST(Contains(text, "    1390  late[0]: slow:1 reaches sink 'late'"));
  BOOST_TEST(!Contains(text, "decides fast:1 (ts 5)"));
  BOOST_TEST(!Contains(text, "decides fast:0 (ts 30)"));
  const std::string story =
      FormatExplanation(run.story, {.record = ParseRecordRef(run.plan, "slow:1"), .stream = {}});
  BOOST_TEST(Contains(story, "    1390  windows[0] decides slow:1 (ts 5)"));
  // fast:1 arriving at 950 travels on its own: not part of slow:1's story.
  BOOST_TEST(!Contains(story, "     950  slow:1 travels"));
  BOOST_TEST(!Contains(story, "(ts 40)"));
}

// The poison record (the scenario's description): rows r0..r6 and "bad"
// arrive at 10 + 250 i ms; checkpoint 1 cuts after r3; the sink throws on
// "bad" at 1760 and on each of the three restarts (2760, 3760, 4760), which
// replay r4..bad from checkpoint 1, until the fourth failure fails the job.
// So r4 keeps its first arrival 1010 (in order), read again 3 times, and is
// delivered; "bad" never reaches the sink: in flight, failed at out[0].
BOOST_AUTO_TEST_CASE(a_record_the_sink_threw_on_is_in_flight_and_replays_keep_the_first_arrival) {
  const DetailedRun run("checkpoints/poison-record-exhausts-restarts.yaml");
  const RecordStory* r4 = run.story.Find(engine::MakeRecordId(0, 4));
  const RecordStory* bad = run.story.Find(engine::MakeRecordId(0, 7));
  BOOST_REQUIRE(r4 != nullptr);
  BOOST_REQUIRE(bad != nullptr);
  BOOST_TEST(r4->arrival.millis() == 1010);
  BOOST_TEST(!r4->out_of_order);
  BOOST_TEST(r4->replays == 3u);
  BOOST_TEST(VerdictName(r4->verdict) == "delivered");
  BOOST_TEST(bad->arrival.millis() == 1760);
  BOOST_TEST(bad->replays == 3u);
  BOOST_TEST(VerdictName(bad->verdict) == "in_flight");
  const std::string why = VerdictSentence(run.story, *bad);
  BOOST_TEST_MESSAGE(why);
  BOOST_TEST(Contains(why, "in_flight (read again 3 times after restores) — at out[0]"));
  BOOST_TEST(Contains(why,
                      "and the task failed (sink 'out' threw on a record where v == 'bad' "
                      "holds)"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
