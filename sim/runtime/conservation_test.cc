// Conservation through filter, routing and a window with a late output: every
// input record ends in exactly one terminal fate on its path, and the counts
// add up (§1.3 step 4, §7.3).
#include <map>

#include <boost/test/unit_test.hpp>

#include "engine/core/ledger.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// Watermarks: highest timestamp - 0 - 1 on 200 ms ticks; rows 1 s apart.
//   r0 s1  1000  20  -> passes the filter, main, window [0,10000): in window
//   r1 s1  2000  -5  -> filter t > -1 drops it: filtered
//   r2 s2 12000  35  -> rule 1 (t > 30) -> tag `hot` -> sink hot: sunk
//                       (watermark 11999 from the tick at 2200)
//   r3 s1  3000  22  -> main -> [0,10000) cleanup 9999 <= 11999 and
//                       3000 <= 11999: late -> `late` -> sink late: sunk
//   r4 s1 15000  25  -> main -> [10000,20000): in window
//   r5 s3 16000   0  -> passes the filter; no rule matches: unrouted
const char* const kMixed = R"(
sources:
  readings:
    events:
      - {id: s1, ts: 1000, t: 20, "@arrival": 0}
      - {id: s1, ts: 2000, t: -5, "@arrival": 1000}
      - {id: s2, ts: 12000, t: 35, "@arrival": 2000}
      - {id: s1, ts: 3000, t: 22, "@arrival": 3000}
      - {id: s1, ts: 15000, t: 25, "@arrival": 4000}
      - {id: s3, ts: 16000, t: 0, "@arrival": 5000}
    schema: {id: string, ts: int, t: double}
    event_time: ts
    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 0s}
streams:
  valid: {from: readings, filter: "t > -1"}
  routed:
    from: valid
    process:
      - when: t > 30
        emit: hot
      - when: t > 0
        emit: main
  hot: {from: routed, side_output: hot}
  windows:
    from: routed
    key_by: id
    window: {tumbling: 10s, late_output: late}
    aggregate: {n: count()}
  late: {from: windows, side_output: late}
sinks: {hot: {}, windows: {}, late: {}}
)";

BOOST_AUTO_TEST_SUITE(conservation)

BOOST_AUTO_TEST_CASE(every_record_has_exactly_one_terminal_fate_and_counts_add_up) {
  const JobPlan plan = BindScenario(ParseScenarioSpec(kMixed, "mixed.yaml", "."));
  const RunResult result =
      RunJob(plan, {.seed = 1, .detail = engine::Ledger::Detail::kEveryRecord});
  std::map<engine::RecordId, std::vector<engine::Fate>> terminal;
  for (const engine::LedgerEntry& e : result.ledger.entries()) {
    if (e.record != engine::kNoRecordId && engine::IsTerminal(e.fate)) {
      terminal[e.record].push_back(e.fate);
    }
  }
  using engine::Fate;
  const std::map<engine::RecordId, Fate> expected = {{0, Fate::kInWindow}, {1, Fate::kFiltered},
                                                     {2, Fate::kSunk},     {3, Fate::kSunk},
                                                     {4, Fate::kInWindow}, {5, Fate::kUnrouted}};
  BOOST_REQUIRE_EQUAL(terminal.size(), expected.size());
  for (const auto& [record, fate] : expected) {
    BOOST_TEST_CONTEXT("record " << record) {
      BOOST_REQUIRE_EQUAL(terminal[record].size(), 1u);
      BOOST_TEST((terminal[record][0] == fate));
    }
  }
  // r3 reached its sink through the late output of the window.
  bool r3_late = false;
  for (const engine::LedgerEntry& e : result.ledger.entries()) {
    r3_late |= e.record == 3 && e.fate == Fate::kLateToTag;
  }
  BOOST_TEST(r3_late);
  // 6 in = 1 filtered + 1 unrouted + 2 in windows + 1 hot + 1 late.
  BOOST_TEST(result.records_in == 6u);
  BOOST_TEST(result.ledger.Total(Fate::kFiltered) == 1u);
  BOOST_TEST(result.ledger.Total(Fate::kUnrouted) == 1u);
  BOOST_TEST(result.ledger.Total(Fate::kInWindow) == 2u);
  BOOST_TEST(result.ledger.Total(Fate::kLateToTag) == 1u);
  BOOST_TEST(result.sinks[0].count == 1u);  // hot
  BOOST_TEST(result.sinks[2].count == 1u);  // late
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
