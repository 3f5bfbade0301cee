// Counterfactuals are checked by rerunning: the fate changes exactly at the
// printed value and not one millisecond before. The teaching scenarios'
// descriptions derive the values by hand.
#include "reports/story/counterfactual.h"

#include <fstream>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "engine/core/record.h"
#include "reports/story/detailed_run_test_file.h"
#include "reports/story/explain.h"
#include "reports/story/pending_text.h"
#include "reports/story/run_story.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

std::string Dir() { return std::string(TIDEMARK_SCENARIOS_DIR) + "/teaching"; }

std::string Text(const std::string& name) {
  std::ifstream in(Dir() + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

sim::ScenarioSpec Spec(const std::string& yaml, const std::string& name) {
  return sim::ParseScenarioSpec(yaml, name, Dir());
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  BOOST_REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

Verdict VerdictOfRow(sim::ScenarioSpec spec, engine::RecordId row) {
  const DetailedRun run(std::move(spec));
  return run.story.Find(engine::MakeRecordId(0, row))->verdict;
}

BOOST_AUTO_TEST_SUITE(counterfactual)

BOOST_AUTO_TEST_CASE(a_late_record_names_the_bound_and_lateness_that_would_keep_it) {
  const DetailedRun run(Spec(Text("late-record.yaml"), "late-record.yaml"));
  const RecordStory* r = run.story.Find(engine::MakeRecordId(0, 2));
  BOOST_TEST_REQUIRE(r != nullptr);
  BOOST_TEST((r->verdict == Verdict::kLateToSideOutput));
  BOOST_TEST_REQUIRE(r->decisions.size() == 1u);
  const auto c = LateCounterfactualOf(run.story, run.result.window_decisions[r->decisions[0]]);
  BOOST_TEST_REQUIRE(c.has_value());
  BOOST_TEST(LateCounterfactualText(*c) ==
             "on time with max_out_of_orderness >= 2501ms; a late firing with allowed_lateness >= "
             "501ms");
  const std::string story =
      FormatExplanation(run.story, {.record = engine::MakeRecordId(0, 2), .stream = {}});
  BOOST_TEST(
      story.find("\nWhat raised the watermark (10499 at counts[0]):\n  readings:1 (ts 12500, "
                 "arrived at 1100) raised the highest timestamp of readings[0] to 12500: "
                 "12500 - 2000 - 1 = 10499, emitted on its periodic tick at 1200; counts[0] "
                 "took it from readings[0] at 1200\n") != std::string::npos);
  BOOST_TEST(story.find("\nWhat would have changed it (the same schedule, counts[0]):\n  on time "
                        "with max_out_of_orderness >= 2501ms; a late firing with allowed_lateness "
                        ">= 501ms\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(rerunning_with_the_printed_bound_makes_it_on_time_and_not_a_ms_before) {
  for (const auto& [bound, verdict] :
       {std::pair{2501, Verdict::kOnTime}, std::pair{2500, Verdict::kLateToSideOutput}}) {
    sim::ScenarioSpec spec = Spec(Text("late-record.yaml"), "late-record.yaml");
    spec.sources[0].watermarks.max_out_of_orderness = engine::Duration::Millis(bound);
    BOOST_TEST_CONTEXT("max_out_of_orderness " << bound) {
      BOOST_TEST((VerdictOfRow(std::move(spec), 2) == verdict));
    }
  }
}

BOOST_AUTO_TEST_CASE(rerunning_with_the_printed_lateness_makes_a_late_firing_not_a_ms_before) {
  for (const auto& [lateness, verdict] :
       {std::pair{501, Verdict::kWithinLateness}, std::pair{500, Verdict::kLateToSideOutput}}) {
    sim::ScenarioSpec spec = Spec(Text("late-record.yaml"), "late-record.yaml");
    spec.streams[0].window->allowed_lateness = engine::Duration::Millis(lateness);
    BOOST_TEST_CONTEXT("allowed_lateness " << lateness) {
      const DetailedRun run(std::move(spec));
      BOOST_TEST((run.story.Find(engine::MakeRecordId(0, 2))->verdict == verdict));
      if (verdict == Verdict::kWithinLateness) {
        // [0, 10000) fired on time with row 0, then late with rows 0 and 2.
        BOOST_TEST(run.result.sinks[0].count == 3u);
      }
    }
  }
}

// The pending window of window-never-fires-unbounded waits for 9999: a row
// with ts 12000 raises the watermark to 9999 and fires it; 11999 gives 9998.
BOOST_AUTO_TEST_CASE(a_row_at_the_printed_timestamp_fires_the_pending_window) {
  const std::string last = "      - {sensor_id: s2, ts: 9000, temperature: 30.0}\n";
  for (const auto& [ts, fired] : {std::pair{12000, true}, std::pair{11999, false}}) {
    const std::string yaml =
        Replace(Text("window-never-fires-unbounded.yaml"), last,
                last + fmt::format("      - {{sensor_id: s2, ts: {}, temperature: 30.0}}\n", ts));
    const DetailedRun run(Spec(yaml, "window-never-fires-unbounded.yaml"));
    BOOST_TEST_CONTEXT("ts " << ts) {
      BOOST_TEST((run.result.sinks[0].count == 2u) == fired);  // s1 and s2 in [0, 10000)
      BOOST_TEST((run.story.Find(engine::MakeRecordId(0, 0))->verdict == Verdict::kOnTime) ==
                 fired);
    }
  }
}

// idle-partition-blocks-window: with idleness, partition 2 is left out and
// the watermark reaches 10999, firing [0, 10000) (rows 0 and 1); without,
// nothing fires.
BOOST_AUTO_TEST_CASE(idleness_fires_the_window_an_empty_partition_held) {
  const std::string strategy =
      "watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s}";
  const std::string with_idleness =
      "watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s, idleness: 5s}";
  const DetailedRun held(Spec(Text("idle-partition-blocks-window.yaml"), "idle.yaml"));
  BOOST_TEST(held.result.sinks[0].count == 0u);
  const DetailedRun idle(Spec(
      Replace(Text("idle-partition-blocks-window.yaml"), strategy, with_idleness), "idle.yaml"));
  BOOST_TEST(idle.result.sinks[0].count == 1u);
  BOOST_TEST((idle.story.Find(engine::MakeRecordId(0, 0))->verdict == Verdict::kOnTime));
  BOOST_TEST((idle.story.Find(engine::MakeRecordId(0, 2))->verdict == Verdict::kPending));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
