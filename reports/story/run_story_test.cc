// The run story past a union: every ledger entry and window decision is
// attached to the one row its id names, so two sources' rows with the same
// row number, timestamp and key keep their own fates. Expected values are
// derived in windows/union-rows-share-numbers.yaml's description: a:1 joins
// [0, 10000) on time at 100 (watermark -inf); b:1 is late at 700 (cleanup
// 9999 <= watermark 11999) and goes to 'late'; a:0 and b:0 join
// [10000, 20000) on time.
#include "reports/story/run_story.h"

#include <cstdint>
#include <string>
#include <utility>

#include <boost/test/unit_test.hpp>

#include "engine/core/ledger.h"
#include "engine/core/record.h"
#include "reports/story/detailed_run_test_file.h"
#include "reports/story/explain.h"

namespace tidemark::reports {
namespace {

bool Contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

const std::string kScenario = "windows/union-rows-share-numbers.yaml";

BOOST_AUTO_TEST_SUITE(run_story)

BOOST_AUTO_TEST_CASE(rows_of_two_sources_with_one_number_keep_their_own_fates) {
  const DetailedRun run(kScenario);
  const RecordStory* a1 = run.story.Find(engine::MakeRecordId(0, 1));
  const RecordStory* b1 = run.story.Find(engine::MakeRecordId(1, 1));
  BOOST_REQUIRE(a1 != nullptr);
  BOOST_REQUIRE(b1 != nullptr);
  BOOST_TEST(run.story.RecordName(*a1) == "a:1");
  BOOST_TEST(run.story.RecordName(*b1) == "b:1");
  BOOST_TEST(a1->line == 35);
  BOOST_TEST(b1->line == 42);
  BOOST_TEST(VerdictName(a1->verdict) == "on_time");
  BOOST_TEST(VerdictName(b1->verdict) == "late_to_side_output");
  // One window decision each, its own: a:1 at 100, b:1 at 700.
  BOOST_REQUIRE(a1->decisions.size() == 1u);
  BOOST_REQUIRE(b1->decisions.size() == 1u);
  BOOST_TEST(run.result.window_decisions[a1->decisions[0]].time.millis() == 100);
  BOOST_TEST(run.result.window_decisions[b1->decisions[0]].time.millis() == 700);
  for (const auto& [index, source] : {std::pair(0u, "a"), std::pair(1u, "b")}) {
    for (uint64_t row = 0; row < 2; ++row) {
      const RecordStory* r = run.story.Find(engine::MakeRecordId(index, row));
      BOOST_REQUIRE(r != nullptr);
      BOOST_TEST(r->source == index);
      // a:0, a:1 and b:0 join a window; only b:1 is late.
      BOOST_TEST(VerdictName(r->verdict) ==
                 (index == 1 && row == 1 ? "late_to_side_output" : "on_time"));
      for (size_t e : r->ledger) {
        BOOST_TEST(run.result.ledger.entries()[e].record == r->record.id, source << ":" << row);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(explain_record_tells_each_rows_own_story) {
  const DetailedRun run(kScenario);
  const std::string a1 =
      FormatExplanation(run.story, {.record = ParseRecordRef(run.plan, "a:1"), .stream = {}});
  const std::string b1 =
      FormatExplanation(run.story, {.record = ParseRecordRef(run.plan, "b:1"), .stream = {}});
  BOOST_TEST(Contains(a1,
                      "a:1 (line 35, ts 1500): on_time — counts[0]: window [0, 10000) max "
                      "timestamp 9999 > watermark -inf, so the record is on time and joins the "
                      "window"));
  BOOST_TEST(Contains(b1,
                      "b:1 (line 42, ts 1500): late_to_side_output — counts[0]: window [0, "
                      "10000) cleanup 9999 <= watermark 11999, so the record is late and goes to "
                      "'late'"));
  // Each story holds its own decision only, and no note of ambiguity.
  BOOST_TEST(!Contains(a1, "cleanup 9999 <= watermark 11999"));
  BOOST_TEST(!Contains(b1, "watermark -inf, so the record is on time"));
  BOOST_TEST(!Contains(a1 + b1, "ambiguous"));
  BOOST_TEST(!Contains(a1 + b1, "cannot tell rows"));
}

BOOST_AUTO_TEST_CASE(the_timeline_names_each_decision_by_its_own_source) {
  const DetailedRun run(kScenario);
  const std::string text = FormatExplanation(run.story, {});
  BOOST_TEST(Contains(text, "       0  counts[0] decides a:0 (ts 12000)"));
  BOOST_TEST(Contains(text, "     100  counts[0] decides a:1 (ts 1500)"));
  BOOST_TEST(Contains(text, "     300  counts[0] decides b:0 (ts 12000)"));
  BOOST_TEST(Contains(text, "     700  counts[0] decides b:1 (ts 1500)"));
  BOOST_TEST(Contains(text, "     700  late_rows[0]: b:1 reaches sink 'late_rows'"));
  BOOST_TEST(!Contains(text, "decides a:1 (ts 1500): window [0, 10000) cleanup"));
  BOOST_TEST(!Contains(text, "     300  counts[0] decides a:0"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
