// tidemark explore's parts: the outcome hash, ddmin, the invariant checks,
// and the two shipped explore scenarios end to end.
#include "sim/explore/explore.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <set>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "engine/core/record.h"
#include "sim/explore/delta_debugging.h"
#include "sim/explore/divergence.h"
#include "sim/explore/explore_invariants.h"
#include "sim/explore/reproduction.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

std::string Scenario(const char* name) {
  return (std::filesystem::path(TIDEMARK_SOURCE_DIR) / "scenarios" / name).string();
}

std::vector<SeedRun> RunSeeds(const Explorer& x, uint64_t n, Shard shard = {}) {
  std::vector<SeedRun> runs;
  for (uint64_t s = 0; s < n; ++s) {
    if (shard.Owns(s)) runs.push_back(x.Run(s));
  }
  return runs;
}

const SinkOutput& Sink(const RunResult& r, const std::string& name) {
  for (const SinkOutput& s : r.sinks) {
    if (s.name == name) return s;
  }
  BOOST_FAIL("no sink " + name);
  return r.sinks.front();
}

BOOST_AUTO_TEST_SUITE(explore)

BOOST_AUTO_TEST_CASE(fnv1a_64_matches_the_published_test_vectors) {
  // From the FNV reference (isthe.com/chongo/tech/comp/fnv): "" and "a".
  BOOST_TEST(Fnv1a64("") == 0xcbf29ce484222325ULL);
  BOOST_TEST(Fnv1a64("a") == 0xaf63dc4c8601ec8cULL);
  BOOST_TEST(HashText(0xaf63dc4c8601ec8cULL) == "af63dc4c8601ec8c");
  uint64_t back = 0;
  BOOST_TEST(ParseHashText("af63dc4c8601ec8c", &back));
  BOOST_TEST(back == 0xaf63dc4c8601ec8cULL);
}

BOOST_AUTO_TEST_CASE(outcome_compares_sinks_as_multisets_unless_ordered) {
  RunResult a, b;
  const engine::Schema schema({{"k", engine::ValueType::kString}});
  auto rec = [](const char* k) {
    return engine::Record{.id = 0, .timestamp = {}, .values = {std::string(k)}};
  };
  a.sinks.push_back({"s", schema, {rec("x"), rec("y")}, 2, {}, {}});
  b.sinks.push_back({"s", schema, {rec("y"), rec("x")}, 2, {}, {}});
  BOOST_TEST(OutcomeHash(OutcomeLines(a, OutcomeOrder::kMultiset)) ==
             OutcomeHash(OutcomeLines(b, OutcomeOrder::kMultiset)));
  BOOST_TEST(OutcomeHash(OutcomeLines(a, OutcomeOrder::kArrival)) !=
             OutcomeHash(OutcomeLines(b, OutcomeOrder::kArrival)));
  const std::vector<std::string> diff = DiffLines({"x", "y", "y"}, {"y", "z"});
  BOOST_TEST(diff == (std::vector<std::string>{"- x", "- y", "+ z"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(ddmin_keeps_exactly_the_two_items_that_matter) {
  const auto fails = [](const std::vector<size_t>& items) {
    const std::set<size_t> s(items.begin(), items.end());
    return s.count(3) && s.count(17);
  };
  const DeltaDebugResult r = DeltaDebug(20, fails);
  BOOST_TEST(r.items == (std::vector<size_t>{3, 17}), boost::test_tools::per_element());
  BOOST_TEST(r.minimal);
  BOOST_TEST(r.tests < 60u);
}

BOOST_AUTO_TEST_CASE(ddmin_stops_at_its_test_budget) {
  const DeltaDebugResult r = DeltaDebug(
      64, [](const std::vector<size_t>& items) { return items.size() >= 5; }, 3);
  BOOST_TEST(r.tests == 3u);
  BOOST_TEST(!r.minimal);
}

BOOST_AUTO_TEST_CASE(shards_cover_every_seed_once) {
  std::vector<int> hits(50, 0);
  for (uint64_t i = 0; i < 3; ++i) {
    for (uint64_t s = 0; s < 50; ++s) hits[s] += Shard{i, 3}.Owns(s);
  }
  for (int h : hits) BOOST_TEST(h == 1);
  BOOST_CHECK_THROW(ParseShard("3/3", "--shard"), engine::InputError);
  BOOST_CHECK_THROW(ParseShard("1", "--shard"), engine::InputError);
  // stoull would read "-1" as 2^64 - 1 (not below 4, refused only by luck)
  // and " 1" as 1; neither is I/K.
  BOOST_CHECK_THROW(ParseShard("-1/4", "--shard"), engine::InputError);
  BOOST_CHECK_THROW(ParseShard(" 1/4", "--shard"), engine::InputError);
  BOOST_CHECK_THROW(ParseShard("1/+4", "--shard"), engine::InputError);
  BOOST_TEST(ParseShard("2/5", "--shard").count == 5u);
}

// union-race.yaml (its description derives this): row 2 of `fast` (ts 1000,
// @arrival 400) is on time when it reaches the window before `slow`'s
// watermark 2999 does, and late otherwise. Both orders occur in 100 seeds.
BOOST_AUTO_TEST_CASE(union_race_shows_both_outcomes_and_its_repro_replays_the_late_one) {
  const Explorer x(BindScenario(LoadScenarioSpec(Scenario("explore/union-race.yaml"))), {});
  const std::vector<SeedRun> runs = RunSeeds(x, 100);
  for (const SeedRun& run : runs) BOOST_TEST(run.violations.empty());
  const std::vector<OutcomeGroup> groups = GroupOutcomes(runs);
  BOOST_REQUIRE_EQUAL(groups.size(), 2u);
  BOOST_TEST(groups[0].first_seed == 0u);
  BOOST_TEST(groups[0].runs + groups[1].runs == 100u);

  const Divergence d = ExplainDivergence(x, groups[0], groups[1]);
  const std::string why = fmt::format("{}", fmt::join(d.why, "\n"));
  BOOST_TEST_MESSAGE(why);
  BOOST_TEST(why.find("row 2 of 'fast' (ts 1000, @arrival 400)") != std::string::npos);
  BOOST_TEST(why.find("cleanup 1999 <= watermark 2999: late") != std::string::npos);
  BOOST_TEST(why.find("held by 'slow' subtask 0") != std::string::npos);

  const std::string file =
      (std::filesystem::temp_directory_path() / "tidemark-explore-test-repro.yaml").string();
  const Reproduction repro = ShrinkDivergence(x, groups[0].first_seed, groups[1].first_seed, file);
  BOOST_TEST_MESSAGE(repro.text);
  BOOST_TEST(repro.verified);
  BOOST_TEST(repro.minimal);
  BOOST_TEST(repro.rows.size() <= 10u);
  BOOST_TEST(repro.rows.size() < repro.original_rows);

  // Replay the written scenario at its own seed (the divergent one) and at the base seed.
  const JobPlan plan = BindScenario(ParseScenarioSpec(repro.text, file, "."));
  BOOST_TEST(plan.info.seed == groups[1].first_seed);
  const RunResult late = RunJob(plan, {.seed = plan.info.seed});
  const RunResult on_time = RunJob(plan, {.seed = groups[0].first_seed});
  BOOST_REQUIRE_EQUAL(Sink(late, "late_rows").records.size(), 1u);
  BOOST_TEST(std::get<int64_t>(Sink(late, "late_rows").records[0].values[1]) == 1000);
  BOOST_TEST(Sink(on_time, "late_rows").records.empty());
}

// deterministic-parallel.yaml: no record can be late (its description), so
// every one of 1,000 schedules gives the same sinks.
BOOST_AUTO_TEST_CASE(deterministic_scenario_gives_one_outcome_in_1000_seeds) {
  const Explorer x(BindScenario(LoadScenarioSpec(Scenario("explore/deterministic-parallel.yaml"))),
                   {});
  BOOST_TEST(x.plan().info.deterministic);
  const std::vector<SeedRun> runs = RunSeeds(x, 1000);
  for (const SeedRun& run : runs) BOOST_TEST(run.violations.empty());
  BOOST_TEST(GroupOutcomes(runs).size() == 1u);
}

BOOST_AUTO_TEST_CASE(sharded_runs_merged_in_seed_order_equal_the_unsharded_runs) {
  const Explorer x(BindScenario(LoadScenarioSpec(Scenario("explore/union-race.yaml"))), {});
  const std::vector<SeedRun> all = RunSeeds(x, 30);
  std::vector<SeedRun> merged;
  for (uint64_t i = 0; i < 4; ++i) {
    const std::vector<SeedRun> part = RunSeeds(x, 30, {i, 4});
    merged.insert(merged.end(), part.begin(), part.end());
  }
  std::sort(merged.begin(), merged.end(), [](auto& a, auto& b) { return a.seed < b.seed; });
  BOOST_REQUIRE_EQUAL(merged.size(), all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    BOOST_TEST(merged[i].seed == all[i].seed);
    BOOST_TEST(merged[i].outcome == all[i].outcome);
  }
}

BOOST_AUTO_TEST_CASE(invariant_checks_catch_a_lost_record_and_a_regressing_watermark) {
  const Explorer x(BindScenario(LoadScenarioSpec(Scenario("explore/union-race.yaml"))), {});
  RunResult r = x.RunDetailed(1);
  BOOST_TEST(CheckInvariants(x.plan(), x.rows(), r).empty());
  RunResult lost = r;
  for (SinkOutput& s : lost.sinks) {
    if (s.name == "late_rows" && !s.records.empty()) s.records.clear();
  }
  const auto lost_problems = CheckInvariants(x.plan(), x.rows(), lost);
  BOOST_REQUIRE(!lost_problems.empty());
  // fast:2 (ts 1000) is the row seed 1 makes late (the description).
  BOOST_TEST(lost_problems[0].find("conservation: record fast:2") == 0u);
  RunResult repeated = r;
  for (size_t i = 0; i < repeated.schedule.size(); ++i) {
    if (repeated.schedule[i].kind == ScheduleStep::Kind::kWatermark) {
      repeated.schedule.insert(repeated.schedule.begin() + static_cast<ptrdiff_t>(i),
                               repeated.schedule[i]);
      break;
    }
  }
  const auto wm_problems = CheckInvariants(x.plan(), x.rows(), repeated);
  BOOST_REQUIRE_EQUAL(wm_problems.size(), 1u);
  BOOST_TEST(wm_problems[0].find("watermark monotonicity") == 0u);
}

// The conservation check per record: a ledger with one entry dropped or one
// added must be caught at the right node, with the count it broke.
BOOST_AUTO_TEST_CASE(
    conservation_catches_a_missing_decision_an_extra_unconsumed_and_an_extra_sink) {
  const Explorer x(BindScenario(LoadScenarioSpec(Scenario("explore/union-race.yaml"))), {});
  const RunResult r = x.RunDetailed(1);
  // The ledger of `r` with `edit` applied to each entry (false drops it),
  // then `extra` added.
  const auto edited = [&](const std::function<bool(engine::LedgerEntry&)>& edit,
                          std::optional<engine::LedgerEntry> extra) {
    RunResult out = r;
    out.ledger = engine::Ledger(engine::Ledger::Detail::kEveryRecord);
    for (engine::LedgerEntry e : r.ledger.entries()) {
      if (edit(e)) out.ledger.Add(e);
    }
    if (extra) out.ledger.Add(*extra);
    return CheckInvariants(x.plan(), x.rows(), out);
  };
  // The first terminal decision about fast:0 at the window. Its id names
  // its source, so slow:0 is another record: one arrival through the union,
  // one decision; without it, 1 against 0.
  const engine::RecordId fast0 = engine::MakeRecordId(0, 0);
  const engine::LedgerEntry* decided = nullptr;
  for (const engine::LedgerEntry& e : r.ledger.entries()) {
    if (e.record == fast0 && engine::IsTerminal(e.fate) && e.fate != engine::Fate::kSunk) {
      decided = &e;
      break;
    }
  }
  BOOST_REQUIRE(decided != nullptr);
  const std::string node = x.plan().nodes[decided->node].name;
  bool dropped = false;
  const auto missing = edited(
      [&](engine::LedgerEntry& e) {
        if (dropped || e.record != fast0 || e.node != decided->node || e.fate != decided->fate)
          return true;
        dropped = true;
        return false;
      },
      std::nullopt);
  BOOST_REQUIRE(!missing.empty());
  BOOST_TEST(missing[0] ==
             "conservation: record fast:0 at '" + node + "': 1 arrivals but 0 decisions");
  // A record that left a port nobody reads is noted unconsumed once; a second
  // note on a sunk port (a sink reads it, so 0 are expected) is caught.
  const engine::LedgerEntry* sunk = nullptr;
  for (const engine::LedgerEntry& e : r.ledger.entries()) {
    if (e.fate == engine::Fate::kSunk) {
      sunk = &e;
      break;
    }
  }
  BOOST_REQUIRE(sunk != nullptr);
  engine::LedgerEntry unconsumed = *sunk;
  unconsumed.fate = engine::Fate::kUnconsumed;
  unconsumed.tag = 0;
  const auto extra_unconsumed = edited([](engine::LedgerEntry&) { return true; }, unconsumed);
  BOOST_REQUIRE(!extra_unconsumed.empty());
  BOOST_TEST(extra_unconsumed[0].find("port 0: 1 noted unconsumed, expected 0") !=
             std::string::npos);
  // The same sink noted twice: the ledger says 2, the sink holds 1.
  const auto extra_sink = edited([](engine::LedgerEntry&) { return true; }, *sunk);
  BOOST_REQUIRE(!extra_sink.empty());
  BOOST_TEST(extra_sink[0].find("': ledger 2, holds 1, expected 1") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
