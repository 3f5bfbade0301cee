// The public API on the shipped scenarios: what a user of the installed
// library sees. Only <tidemark/tidemark.h> is included, as a user would.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "tidemark/tidemark.h"

namespace {

const std::string kScenarios = std::string(TIDEMARK_SOURCE_DIR) + "/scenarios/";
const std::string kFlagship = kScenarios + "sensors/late-sensor-readings.yaml";

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(public_api)

// late-sensor-readings.yaml derives both sinks in its description: rows 7 and
// 9 meet watermark 10499 >= cleanup 9999 of [0, 10000); the rest are on time.
BOOST_AUTO_TEST_CASE(flagship_run_gives_the_averages_and_the_late_readings) {
  const tidemark::Scenario scenario = tidemark::Scenario::Load(kFlagship);
  BOOST_TEST(scenario.name() == "late-sensor-readings");
  BOOST_TEST(scenario.seed() == 7u);
  const tidemark::RunResult run = scenario.Run();
  BOOST_TEST(run.seed == 7u);
  BOOST_TEST_REQUIRE(run.sinks.size() == 2u);
  const tidemark::Sink& averages = run.sinks[0];
  BOOST_TEST(averages.name == "averages");
  BOOST_TEST(averages.CsvHeader() == "key,window_start,window_end,avg_temp,n,firing");
  const std::vector<std::string> expected = {
      "sensor_1,0,10000,21.75,4,on_time", "sensor_2,0,10000,30,1,on_time",
      "sensor_1,10000,20000,25.5,2,on_time", "sensor_2,10000,20000,31,1,on_time"};
  BOOST_TEST(averages.CsvLines() == expected, boost::test_tools::per_element());
  BOOST_TEST(std::get<double>(averages.Get(0, "avg_temp")) == 21.75);
  BOOST_TEST(averages.fields[4].name == "n");
  BOOST_TEST(std::string(tidemark::TypeName(averages.fields[4].type)) == "int");
  // A window result is stamped with the window's max timestamp, end - 1.
  BOOST_TEST(averages.records[0].timestamp.millis() == 9999);

  const tidemark::Sink& late = run.sink("late");
  BOOST_TEST_REQUIRE(late.records.size() == 2u);
  BOOST_TEST(std::get<int64_t>(late.Get(0, "ts")) == 8000);
  BOOST_TEST(late.records[0].timestamp.millis() == 8000);   // its own event time
  BOOST_TEST(late.records[0].watermark.millis() == 10499);  // after row 6, 12500 - 2001
  BOOST_TEST(std::get<int64_t>(late.Get(1, "ts")) == 9500);
}

// The scenario's `ledger:` expectation: in_window 8, late_to_side_output 2.
BOOST_AUTO_TEST_CASE(flagship_ledger_counts_every_reading) {
  const tidemark::Ledger ledger = tidemark::Scenario::Load(kFlagship).Run({.seed = 1}).ledger;
  BOOST_TEST(ledger.records_in == 10u);
  BOOST_TEST(ledger.Count("averages", tidemark::Fate::kInWindow) == 8u);
  BOOST_TEST(ledger.Count("averages", tidemark::Fate::kLateToSideOutput) == 2u);
  BOOST_TEST(ledger.ToTag("averages", "late-readings") == 2u);
  BOOST_TEST(ledger.Count("averages", tidemark::Fate::kDroppedLate) == 0u);
  BOOST_TEST(ledger.Count("no-such-stream", tidemark::Fate::kInWindow) == 0u);
  bool named_tag = false;
  for (const tidemark::LedgerCount& c : ledger.counts) {
    if (c.fate == tidemark::Fate::kLateToSideOutput) named_tag = c.tag == "late-readings";
  }
  BOOST_TEST(named_tag);
  BOOST_TEST(std::string(tidemark::FateName(tidemark::Fate::kLateToSideOutput)) ==
             "late_to_side_output");
  BOOST_TEST(std::string(tidemark::FateName(tidemark::Fate::kInWindow)) == "in_window");
}

BOOST_AUTO_TEST_CASE(check_passes_and_a_changed_expectation_fails_at_its_line) {
  BOOST_TEST(tidemark::Scenario::Load(kFlagship).Check().passed());

  std::string text = ReadText(kFlagship);
  const std::string row = "avg_temp: 21.75, n: 4";
  const size_t at = text.find(row);
  BOOST_TEST_REQUIRE(at != std::string::npos);
  text.replace(at, row.size(), "avg_temp: 21.75, n: 5");
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
  const tidemark::CheckResult check =
      tidemark::Scenario::Parse(text, "changed.yaml", kScenarios + "sensors").Check();
  BOOST_TEST(!check.passed());
  BOOST_TEST_REQUIRE(check.diffs.size() == 1u);
  BOOST_TEST(check.diffs[0].subject == "sink 'averages'");
  BOOST_TEST_REQUIRE(!check.diffs[0].mismatches.empty());
  BOOST_TEST(check.diffs[0].mismatches[0].where.file == "changed.yaml");
  BOOST_TEST(check.diffs[0].mismatches[0].where.line == line);
}

// union-race.yaml expects nothing (it is explore's example): `tidemark check`
// says SKIP, and so does the library, instead of a pass.
BOOST_AUTO_TEST_CASE(a_scenario_that_expects_nothing_is_skipped_not_passed) {
  const tidemark::CheckResult check =
      tidemark::Scenario::Load(kScenarios + "explore/union-race.yaml").Check();
  BOOST_TEST((check.status == tidemark::CheckStatus::kSkipped));
  BOOST_TEST(!check.passed());
  BOOST_TEST(check.diffs.empty());
  BOOST_TEST(std::string(tidemark::CheckStatusWord(check.status)) == "SKIP");
}

// side-output-name-clash.yaml says it must be refused at line 29 with Flink's
// "side output ids need to be unique": it is, so its check passes. The same
// expectation on a scenario that runs fails, naming the `expect_error:` line.
BOOST_AUTO_TEST_CASE(an_expected_refusal_passes_and_a_scenario_that_runs_fails_it) {
  const tidemark::CheckResult refused =
      tidemark::CheckScenarioFile(kScenarios + "harness/side-output-name-clash.yaml");
  BOOST_TEST(refused.passed());
  BOOST_TEST(refused.refused_as_expected);

  const std::string text =
      "name: runs\n"
      "expect_error: {contains: 'never said'}\n"
      "sources: {s: {events: [{v: 1}], schema: {v: int}, event_time: v}}\n"
      "streams: {out: {from: s}}\n"
      "sinks: {out: {}}\n";
  const tidemark::CheckResult ran = tidemark::Scenario::Parse(text, "runs.yaml", ".").Check();
  BOOST_TEST((ran.status == tidemark::CheckStatus::kFailed));
  BOOST_TEST(!ran.refused_as_expected);
  BOOST_TEST_REQUIRE(ran.diffs.size() == 1u);
  BOOST_TEST(ran.diffs[0].subject == "expect_error");
  BOOST_TEST(ran.diffs[0].lines[0] == "expected a refusal with 'never said', but it ran");
  BOOST_TEST_REQUIRE(ran.diffs[0].mismatches.size() == 1u);
  BOOST_TEST(ran.diffs[0].mismatches[0].where.line == 2);
}

// A file that cannot be read is the check's verdict, located, as `tidemark
// check` prints it (ERROR), not an exception.
BOOST_AUTO_TEST_CASE(bad_input_is_a_check_verdict_with_its_error) {
  const tidemark::CheckResult check = tidemark::CheckScenarioFile(kScenarios + "no-such.yaml");
  BOOST_TEST((check.status == tidemark::CheckStatus::kBadInput));
  BOOST_TEST_REQUIRE(check.error.has_value());
  BOOST_TEST(check.error->where().file == kScenarios + "no-such.yaml");
  BOOST_TEST(std::string(tidemark::CheckStatusWord(check.status)) == "ERROR");
}

// window-never-fires.yaml pins its symptom (`counts` stays empty), so it
// passes; with lint its window-never-fires error fails it, listed as
// `tidemark lint` prints it.
BOOST_AUTO_TEST_CASE(lint_findings_fail_a_check_that_asks_for_them) {
  const std::string file = kScenarios + "mistakes/window-never-fires.yaml";
  BOOST_TEST(tidemark::CheckScenarioFile(file).passed());
  const tidemark::CheckResult linted =
      tidemark::CheckScenarioFile(file, {.lint = tidemark::LintCheck::kErrorsFail});
  BOOST_TEST((linted.status == tidemark::CheckStatus::kFailed));
  BOOST_TEST_REQUIRE(!linted.lint.empty());
  BOOST_TEST(linted.lint[0].find("error: ") != std::string::npos);
  BOOST_TEST(linted.lint[0].find("[window-never-fires]") != std::string::npos);
  BOOST_TEST_REQUIRE(!linted.diffs.empty());
  BOOST_TEST(linted.diffs.back().subject == "lint");
}

// One source subtask and no channel latency: every seed gives one schedule.
BOOST_AUTO_TEST_CASE(explore_of_the_flagship_finds_one_outcome) {
  const tidemark::ExploreResult explore = tidemark::Scenario::Load(kFlagship).Explore({.seeds = 8});
  BOOST_TEST(explore.seeds == 8u);
  BOOST_TEST_REQUIRE(explore.outcomes.size() == 1u);
  BOOST_TEST(explore.outcomes[0].runs == 8u);
  BOOST_TEST(explore.outcomes[0].first_seed == 0u);
  BOOST_TEST(explore.outcomes[0].hash.size() == 16u);
  BOOST_TEST(explore.violations.empty());
  BOOST_TEST(explore.divergences.empty());
  BOOST_TEST(explore.passed());
}

// The scenario's description: ts 1000 is on time or late depending on which
// of two simultaneous actions the seed orders first; it says deterministic.
BOOST_AUTO_TEST_CASE(explore_of_a_race_reports_the_divergence_and_fails) {
  const tidemark::ExploreResult explore =
      tidemark::Scenario::Load(kScenarios + "explore/errors/union-race-deterministic.yaml")
          .Explore({.seeds = 20, .invariants = tidemark::Invariants::kSkip});
  BOOST_TEST(explore.deterministic);
  BOOST_TEST(explore.outcomes.size() == 2u);
  BOOST_TEST_REQUIRE(explore.divergences.size() == 1u);
  BOOST_TEST(explore.divergences[0].seed == explore.outcomes[1].first_seed);
  BOOST_TEST(!explore.divergences[0].sinks.empty());
  BOOST_TEST(!explore.divergences[0].why.empty());
  BOOST_TEST(!explore.passed());
}

BOOST_AUTO_TEST_CASE(bad_input_is_a_located_error) {
  try {
    tidemark::Scenario::Parse("name: x\nsourcs: {}\n", "typo.yaml", ".");
    BOOST_FAIL("a misspelt key was accepted");
  } catch (const tidemark::Error& e) {
    BOOST_TEST(e.where().file == "typo.yaml");
    BOOST_TEST(e.where().line == 2);
    BOOST_TEST(e.where().column == 1);
    BOOST_TEST(e.message().find("'sourcs'") != std::string::npos);
    BOOST_TEST(std::string(e.what()).find("typo.yaml:2:1: error: ") == 0u);
  }
  BOOST_CHECK_THROW(tidemark::Scenario::Load(kScenarios + "no-such-file.yaml"), tidemark::Error);
}

BOOST_AUTO_TEST_CASE(asking_for_what_is_not_there_throws_out_of_range) {
  const tidemark::RunResult run = tidemark::Scenario::Load(kFlagship).Run();
  BOOST_CHECK_THROW(run.sink("no-such-sink"), std::out_of_range);
  BOOST_CHECK_THROW(run.sink("late").Get(0, "no_such_field"), std::out_of_range);
  BOOST_CHECK_THROW(run.sink("late").Get(2, "ts"), std::out_of_range);  // 2 records
}

BOOST_AUTO_TEST_CASE(values_and_times_print_as_expectations_write_them) {
  BOOST_TEST(tidemark::Timestamp::Millis(10499).ToString() == "10499");
  BOOST_TEST(tidemark::Timestamp::Min().ToString() == "-inf");
  BOOST_TEST(tidemark::Timestamp::Max().ToString() == "+inf");
  BOOST_TEST(tidemark::FormatValue(tidemark::Value(30.0)) == "30");
  BOOST_TEST(tidemark::FormatValue(tidemark::Value(std::monostate{})) == "null");
  BOOST_TEST(std::string(tidemark::Version()) == TIDEMARK_VERSION);
}

BOOST_AUTO_TEST_SUITE_END()
