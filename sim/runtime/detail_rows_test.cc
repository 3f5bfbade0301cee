// RunOptions::detail_rows and max_sink_records: a long run keeps the detail
// of its first rows only, and every count stays complete.
#include <set>
#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include "engine/core/record.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// Five rows of one key in window [0, 10000), the last one (ts 20000) in
// [20000, 30000): the end of input fires both, so the sink gets 2 results,
// every row is "in window" (5 notes at the window) and none is pending.
constexpr std::string_view kJob = R"(
sources:
  events:
    events:
      - {k: a, ts: 1}
      - {k: a, ts: 2}
      - {k: a, ts: 3}
      - {k: a, ts: 4}
      - {k: a, ts: 20000}
    schema: {k: string, ts: int}
    event_time: ts
streams:
  counts:
    from: events
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)";

RunResult Run(uint64_t detail_rows, uint64_t max_sink_records) {
  const JobPlan plan = BindScenario(ParseScenarioSpec(std::string(kJob), "test.yaml", "."));
  RunOptions options{.seed = 1, .detail = engine::Ledger::Detail::kEveryRecord};
  options.detail_rows = detail_rows;
  options.max_sink_records = max_sink_records;
  return RunJob(plan, options);
}

BOOST_AUTO_TEST_SUITE(detail_rows)

BOOST_AUTO_TEST_CASE(keeps_the_detail_of_the_first_rows_and_every_count) {
  const RunResult all = Run(UINT64_MAX, UINT64_MAX);
  const RunResult cut = Run(2, 1);
  BOOST_TEST(!all.detail_cut);
  BOOST_TEST(cut.detail_cut);
  // Counts: the same, detail or not (5 in window, 2 results sunk).
  BOOST_TEST(cut.ledger.counts() == all.ledger.counts());
  BOOST_TEST(cut.ledger.Total(engine::Fate::kInWindow) == 5u);
  BOOST_TEST(cut.records_in == 5u);
  // Entries and decisions only of rows 0 and 1.
  BOOST_TEST(all.window_decisions.size() == 5u);
  BOOST_TEST(cut.window_decisions.size() == 2u);
  for (const engine::LedgerEntry& e : cut.ledger.entries()) BOOST_TEST(e.record < 2u);
  BOOST_TEST(!cut.ledger.entries().empty());
  // The sink keeps its first record and counts both.
  BOOST_TEST(cut.sinks[0].records.size() == 1u);
  BOOST_TEST(cut.sinks[0].count == 2u);
  BOOST_TEST(all.sinks[0].records.size() == 2u);
  // Fewer schedule steps: arrivals of rows 2..4 and what came after row 3 was read are left out.
  BOOST_TEST(cut.schedule.size() < all.schedule.size());
}

BOOST_AUTO_TEST_CASE(a_limit_the_run_stays_under_cuts_nothing) {
  // Five rows, limit 5: nothing is left out, and the detail equals an unlimited run's.
  const RunResult all = Run(UINT64_MAX, UINT64_MAX);
  const RunResult same = Run(5, 2);
  BOOST_TEST(!same.detail_cut);
  BOOST_TEST(same.ledger.entries().size() == all.ledger.entries().size());
  BOOST_TEST(same.schedule.size() == all.schedule.size());
  BOOST_TEST(same.firings.size() == all.firings.size());
}

// Two sources of three rows each, unioned into the window: a limit of 2
// keeps the entries of rows 0 and 1 of each source (the row part of the id),
// so source b's first rows keep theirs too, and row 2 of neither.
BOOST_AUTO_TEST_CASE(the_limit_counts_the_rows_of_each_source) {
  constexpr std::string_view kTwoSources = R"(
sources:
  a:
    events: [{k: x, ts: 1}, {k: x, ts: 2}, {k: x, ts: 3}]
    schema: {k: string, ts: int}
    event_time: ts
  b:
    events: [{k: x, ts: 1}, {k: x, ts: 2}, {k: x, ts: 3}]
    schema: {k: string, ts: int}
    event_time: ts
streams:
  both:
    from: [a, b]
  counts:
    from: both
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)";
  const JobPlan plan = BindScenario(ParseScenarioSpec(std::string(kTwoSources), "test.yaml", "."));
  RunOptions options{.seed = 1, .detail = engine::Ledger::Detail::kEveryRecord};
  options.detail_rows = 2;
  const RunResult cut = RunJob(plan, options);
  std::set<engine::RecordId> decided;
  for (const WindowDecisionRecord& d : cut.window_decisions) decided.insert(d.decision.record_id);
  const std::set<engine::RecordId> expected = {
      engine::MakeRecordId(0, 0), engine::MakeRecordId(0, 1), engine::MakeRecordId(1, 0),
      engine::MakeRecordId(1, 1)};
  BOOST_TEST((decided == expected));
  std::set<engine::RecordId> noted;
  for (const engine::LedgerEntry& e : cut.ledger.entries()) {
    if (e.record != engine::kNoRecordId) noted.insert(e.record);
  }
  BOOST_TEST((noted == expected));
  BOOST_TEST(cut.ledger.Total(engine::Fate::kInWindow) == 6u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
