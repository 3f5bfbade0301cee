// The end of a run (§1.13): windows left pending, the chain holding their
// watermark back, and the ledger's pending notes, alike with and without detail.
#include <boost/test/unit_test.hpp>

#include "engine/core/value.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// One reader subtask, two partitions; partition 1 never receives a row, so
// its split's watermark stays -inf and with it the subtask's (§5.4). Rows at
// processing time 0 and 1000 (arrival every 1s), both on partition 0:
// [0,10000) holds ts 1000, [10000,20000) holds 15000, neither ever fires.
constexpr const char* kIdlePartition = R"(
sources:
  readings:
    schema: {k: string, ts: int}
    event_time: ts
    bounded: false
    partitions: 2
    arrival: {every: 1s}
    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s}
    events:
      - {k: a, ts: 1000, "@partition": 0}
      - {k: a, ts: 15000, "@partition": 0}
streams:
  counts:
    from: readings
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)";

RunResult Run(const std::string& yaml, engine::Ledger::Detail detail) {
  const JobPlan plan = BindScenario(ParseScenarioSpec(yaml, "test.yaml", "."));
  return RunJob(plan, {.seed = 1, .detail = detail});
}

BOOST_AUTO_TEST_SUITE(pending_windows_at_the_end)

BOOST_AUTO_TEST_CASE(an_empty_partition_leaves_every_window_pending_and_is_named) {
  const RunResult result = Run(kIdlePartition, engine::Ledger::Detail::kEveryRecord);
  BOOST_TEST(result.sinks[0].count == 0u);
  BOOST_TEST_REQUIRE(result.pending.size() == 1u);
  const PendingSubtask& p = result.pending[0];
  BOOST_TEST(p.node == 1u);
  BOOST_TEST(p.watermark.is_min());
  BOOST_TEST_REQUIRE(p.windows.size() == 2u);
  BOOST_TEST(p.windows[0].window.ToString() == "[0, 10000)");
  BOOST_TEST((p.windows[0].unfired_ids == std::vector<engine::RecordId>{0}));
  BOOST_TEST(p.windows[1].window.ToString() == "[10000, 20000)");
  BOOST_TEST((p.windows[1].unfired_ids == std::vector<engine::RecordId>{1}));
  // counts[0] over its one channel from readings[0], held by partition 1.
  BOOST_TEST_REQUIRE(p.chain.size() == 2u);
  BOOST_TEST(p.chain[0].node == 1u);
  BOOST_TEST(p.chain[0].channels == 1);
  BOOST_TEST(p.chain[0].channel == 0);
  BOOST_TEST(p.chain[1].node == 0u);
  BOOST_TEST(p.chain[1].partitions == 2);
  BOOST_TEST(p.chain[1].partition == 1);
  BOOST_TEST(p.chain[1].partition_watermark.is_min());
  BOOST_TEST(p.chain[1].last_row.is_min());
  // Both records are pending, not in window.
  BOOST_TEST(result.ledger.Total(engine::Fate::kPending) == 2u);
  BOOST_TEST(result.ledger.Total(engine::Fate::kInWindow) == 0u);
  int pending_entries = 0;
  for (const engine::LedgerEntry& e : result.ledger.entries()) {
    pending_entries += e.fate == engine::Fate::kPending;
  }
  BOOST_TEST(pending_entries == 2);
}

BOOST_AUTO_TEST_CASE(counts_only_runs_count_the_same_pending_records) {
  const RunResult result = Run(kIdlePartition, engine::Ledger::Detail::kCountsOnly);
  BOOST_TEST_REQUIRE(result.pending.size() == 1u);
  BOOST_TEST(result.pending[0].windows[0].unfired == 1u);
  BOOST_TEST(result.pending[0].windows[0].unfired_ids.empty());
  BOOST_TEST(result.ledger.Total(engine::Fate::kPending) == 2u);
  BOOST_TEST(result.ledger.Total(engine::Fate::kInWindow) == 0u);
}

// Partition 1's row at processing time 1000 lets the watermark reach 14999
// (ts 16000 - 1000 - 1): [0,10000) fires; [10000,20000) stays, and the
// partition holding it is the one that last had a row at t=1000.
BOOST_AUTO_TEST_CASE(the_holding_partition_is_named_with_its_last_row) {
  std::string yaml = kIdlePartition;
  yaml.replace(
      yaml.find("- {k: a, ts: 15000, \"@partition\": 0}"),
      std::string("- {k: a, ts: 15000, \"@partition\": 0}").size(),
      "- {k: a, ts: 15000, \"@partition\": 1}\n      - {k: a, ts: 16000, \"@partition\": 0}");
  const RunResult result = Run(yaml, engine::Ledger::Detail::kEveryRecord);
  BOOST_TEST(result.sinks[0].count == 1u);
  BOOST_TEST_REQUIRE(result.pending.size() == 1u);
  const PendingSubtask& p = result.pending[0];
  BOOST_TEST(p.watermark.millis() == 13999);
  BOOST_TEST_REQUIRE(p.windows.size() == 1u);
  BOOST_TEST(p.windows[0].window.ToString() == "[10000, 20000)");
  BOOST_TEST(p.windows[0].element_count == 2u);
  BOOST_TEST(p.chain.back().partition == 1);
  BOOST_TEST(p.chain.back().partition_watermark.millis() == 13999);
  BOOST_TEST(p.chain.back().last_row.millis() == 1000);
  BOOST_TEST(result.ledger.Total(engine::Fate::kPending) == 2u);
  BOOST_TEST(result.ledger.Total(engine::Fate::kInWindow) == 1u);
}

BOOST_AUTO_TEST_CASE(a_bounded_run_leaves_nothing_pending) {
  std::string yaml = kIdlePartition;
  yaml.replace(yaml.find("bounded: false"), std::string("bounded: false").size(), "bounded: true");
  const RunResult result = Run(yaml, engine::Ledger::Detail::kEveryRecord);
  BOOST_TEST(result.pending.empty());
  BOOST_TEST(result.ledger.Total(engine::Fate::kPending) == 0u);
  BOOST_TEST(result.sinks[0].count == 2u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
