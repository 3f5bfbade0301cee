// The runtime passing over quiet periodic ticks (quiet_ticks.h): a jumped run
// gives every sink the records a stepped one gives, and gaps no stepped run
// could cross now end.
#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/value.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

RunResult Run(const std::string& yaml, uint64_t max_stepped_quiet_ticks, uint64_t seed = 7) {
  const JobPlan plan = BindScenario(ParseScenarioSpec(yaml, "test.yaml", "."));
  return RunJob(plan, {.seed = seed,
                       .detail = engine::Ledger::Detail::kEveryRecord,
                       .max_stepped_quiet_ticks = max_stepped_quiet_ticks});
}

// Every sink's records as text, sorted: the interleaving may differ, the
// contents must not.
std::vector<std::string> Contents(const RunResult& result) {
  std::vector<std::string> rows;
  for (const SinkOutput& sink : result.sinks) {
    for (const engine::Record& record : sink.records) {
      std::string row = sink.name;
      for (const engine::Value& v : record.values) row += "," + engine::FormatValue(v);
      rows.push_back(row);
    }
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// The `n` of a sink's only record.
std::string Count(const SinkOutput& sink) {
  return engine::FormatValue(sink.records.at(0).values.at(sink.schema.IndexOf("n").value()));
}

// Two partitions of an unbounded source with idleness, a keyed tumbling
// window with late output; partition 1 falls silent for 1000 s (5,000 ticks
// at 200 ms) while partition 0 goes on, then both go silent for 2000 s.
const char* const kGappedJob = R"(
sources:
  readings:
    events:
      - {k: a, ts: 1000, "@arrival": 0, "@partition": 0}
      - {k: b, ts: 1500, "@arrival": 10, "@partition": 1}
      - {k: a, ts: 12000, "@arrival": 500000, "@partition": 0}
      - {k: b, ts: 4000, "@arrival": 1000000, "@partition": 1}
      - {k: a, ts: 25000, "@arrival": 1000100, "@partition": 0}
      - {k: b, ts: 9000, "@arrival": 3000000, "@partition": 1}
      - {k: a, ts: 31000, "@arrival": 3000200, "@partition": 0}
    schema: {k: string, ts: int}
    event_time: ts
    partitions: 2
    parallelism: 2
    bounded: false
    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s, idleness: 30s}
streams:
  counts:
    from: readings
    key_by: k
    parallelism: 2
    window: {tumbling: 10s, late_output: late}
    aggregate: {n: count()}
  late: {from: counts, side_output: late}
sinks: {counts: {}, late: {}}
)";

// Two rows of key a in window [0, 10000), the second arriving at `arrival`;
// `watermarks` is an optional line of the source.
std::string TwoRowsJob(const std::string& arrival, const std::string& watermarks) {
  return R"(
sources:
  s:
    events:
      - {k: a, ts: 1000, "@arrival": 0}
      - {k: a, ts: 2000, "@arrival": )" +
         arrival + R"(}
    schema: {k: string, ts: int}
    event_time: ts
)" + watermarks +
         R"(streams:
  counts: {from: s, key_by: k, window: {tumbling: 10s}, aggregate: {n: count()}}
sinks: {counts: {}}
)";
}

BOOST_AUTO_TEST_SUITE(quiet_ticks_runtime)

BOOST_AUTO_TEST_CASE(a_jumped_run_sinks_what_a_stepped_run_sinks) {
  const RunResult stepped = Run(kGappedJob, ~uint64_t{0});
  const RunResult jumped = Run(kGappedJob, 10);
  BOOST_TEST(Contents(jumped) == Contents(stepped), boost::test_tools::per_element());
  BOOST_TEST(jumped.records_in == 7u);
  BOOST_TEST(!Contents(stepped).empty());
}

BOOST_AUTO_TEST_CASE(below_the_limit_nothing_is_jumped_and_the_schedule_is_the_same) {
  // The longest quiet stretch is under 2000 s, 10,000 ticks: with the limit
  // above it every tick is stepped, so the schedule is the one a stepped run
  // draws, step for step.
  const RunResult stepped = Run(kGappedJob, ~uint64_t{0});
  const RunResult limited = Run(kGappedJob, 20'000);
  BOOST_REQUIRE_EQUAL(limited.schedule.size(), stepped.schedule.size());
  for (size_t i = 0; i < stepped.schedule.size(); ++i) {
    BOOST_TEST(limited.schedule[i].time.millis() == stepped.schedule[i].time.millis());
    BOOST_TEST(static_cast<int>(limited.schedule[i].kind) ==
               static_cast<int>(stepped.schedule[i].kind));
  }
}

BOOST_AUTO_TEST_CASE(an_arrival_a_thousand_years_ahead_ends) {
  // 3.2e13 ms of quiet: 1.6e11 ticks stepped. Window [0, 10000) holds both
  // rows' keys; the bounded source ends with +inf after the last row.
  const RunResult result = Run(TwoRowsJob("32000000000000", ""), 10'000);
  BOOST_REQUIRE_EQUAL(result.sinks[0].records.size(), 1u);
  BOOST_TEST(Count(result.sinks[0]) == "2");
}

BOOST_AUTO_TEST_CASE(an_arrival_near_the_end_of_time_ends) {
  const RunResult result = Run(
      TwoRowsJob("9223372036854775000",
                 "    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 0s, "
                 "idleness: 1s}\n"),
      10'000);
  BOOST_REQUIRE_EQUAL(result.sinks[0].records.size(), 1u);
  BOOST_TEST(Count(result.sinks[0]) == "2");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
