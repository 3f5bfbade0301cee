// Tests of late-clicks.yaml through tidemark's public API: the records each
// sink receives, the ledger, the scenario's own expectations, and that no
// schedule changes the outcome. The expected values are derived in the
// scenario's description.
#define BOOST_TEST_MODULE late_clicks
#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <tidemark/tidemark.h>

namespace {

const tidemark::Scenario& LateClicks() {
  static const tidemark::Scenario scenario = tidemark::Scenario::Load(LATE_CLICKS_SCENARIO);
  return scenario;
}

}  // namespace

BOOST_AUTO_TEST_CASE(windows_count_the_on_time_clicks_per_user) {
  const tidemark::RunResult run = LateClicks().Run({.seed = 3});
  const tidemark::Sink& counts = run.sink("counts");
  BOOST_TEST(counts.CsvHeader() == "key,window_start,window_end,n,firing");
  // Two keys fire at the same watermark: compare as a set.
  std::vector<std::string> lines = counts.CsvLines();
  std::sort(lines.begin(), lines.end());
  const std::vector<std::string> expected = {"u1,0,5000,1,on_time", "u1,5000,10000,2,on_time",
                                             "u2,0,5000,1,on_time"};
  BOOST_TEST(lines == expected, boost::test_tools::per_element());
  // A window result carries the window's max timestamp, end - 1.
  BOOST_TEST(counts.records[0].timestamp.millis() == 4999);
}

BOOST_AUTO_TEST_CASE(the_click_behind_a_fired_window_goes_to_the_late_sink) {
  const tidemark::RunResult run = LateClicks().Run();  // the scenario's seed
  const tidemark::Sink& late = run.sink("late_clicks");
  BOOST_TEST_REQUIRE(late.records.size() == 1u);
  BOOST_TEST(std::get<std::string>(late.Get(0, "user")) == "u1");
  BOOST_TEST(std::get<int64_t>(late.Get(0, "ts")) == 4500);
  // Row 3 met the watermark row 2 raised: 7000 - 1000 - 1.
  BOOST_TEST(late.records[0].watermark.millis() == 5999);
}

BOOST_AUTO_TEST_CASE(the_ledger_accounts_for_every_click) {
  const tidemark::Ledger ledger = LateClicks().Run().ledger;
  BOOST_TEST(ledger.records_in == 5u);
  BOOST_TEST(ledger.Count("counts", tidemark::Fate::kInWindow) == 4u);
  BOOST_TEST(ledger.Count("counts", tidemark::Fate::kLateToSideOutput) == 1u);
  BOOST_TEST(ledger.ToTag("counts", "late") == 1u);
  BOOST_TEST(ledger.Total(tidemark::Fate::kDroppedLate) == 0u);
}

BOOST_AUTO_TEST_CASE(the_scenario_passes_its_own_expectations) {
  const tidemark::CheckResult check = LateClicks().Check();
  for (const tidemark::ExpectationDiff& diff : check.diffs) {
    for (const std::string& line : diff.lines) BOOST_TEST_MESSAGE(diff.subject << ": " << line);
  }
  BOOST_TEST(check.passed());
}

BOOST_AUTO_TEST_CASE(no_schedule_changes_the_outcome) {
  const tidemark::ExploreResult explore = LateClicks().Explore({.seeds = 20});
  BOOST_TEST(explore.outcomes.size() == 1u);
  BOOST_TEST(explore.outcomes[0].runs == 20u);
  BOOST_TEST(explore.passed());
}

BOOST_AUTO_TEST_CASE(bad_input_is_an_error_with_its_place) {
  try {
    tidemark::Scenario::Parse("name: typo\nsourcs: {}\n", "typo.yaml", ".");
    BOOST_FAIL("a misspelt key was accepted");
  } catch (const tidemark::Error& e) {
    BOOST_TEST(e.where().file == "typo.yaml");
    BOOST_TEST(e.where().line == 2);
    BOOST_TEST(e.message().find("sourcs") != std::string::npos);
  }
}
