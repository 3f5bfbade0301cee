// tidemark explore --failures: seeded failure points, the recovery
// invariants, and the lateness change a restore can cause, found, explained
// and shrunk on scenarios/explore/failure-makes-a-record-late.yaml.
#include <filesystem>
#include <set>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "sim/explore/divergence.h"
#include "sim/explore/explore.h"
#include "sim/explore/failure_points.h"
#include "sim/explore/recovery_invariants.h"
#include "sim/explore/reproduction.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

constexpr uint64_t kSeeds = 40;

JobPlan LateAfterRestore() {
  return BindScenario(LoadScenarioSpec((std::filesystem::path(TIDEMARK_SOURCE_DIR) / "scenarios" /
                                        "explore" / "failure-makes-a-record-late.yaml")
                                           .string()));
}

BOOST_AUTO_TEST_SUITE(explore_failures)

// The scenario's tasks are the sources fast and slow and the window operator
// `windows`, one subtask each (`both` is a union, `late` a side output: no
// tasks); its sinks `windows` and `late`; 4 event rows; the last moment a
// task can fail is the sources' end at 3000.
BOOST_AUTO_TEST_CASE(failure_points_depend_on_the_seed_alone_and_stay_inside_the_run) {
  const JobPlan plan = LateAfterRestore();
  const JobRows rows = ReadJobRows(plan);
  std::set<std::string> seen;
  size_t on_sinks = 0;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    const std::vector<FailurePoint> points = SeededFailures(plan, rows, seed, 3);
    const std::vector<FailurePoint> again = SeededFailures(plan, rows, seed, 3);
    BOOST_REQUIRE_EQUAL(points.size(), 3u);
    for (size_t i = 0; i < points.size(); ++i) {
      BOOST_TEST(FailureText(points[i]) == FailureText(again[i]));
      seen.insert(FailureText(points[i]));
      if (points[i].kind == FailurePoint::Kind::kAt) {
        BOOST_TEST(
            (points[i].task == "fast" || points[i].task == "slow" || points[i].task == "windows"),
            points[i].task);
        BOOST_TEST(points[i].subtask == 0);
        BOOST_TEST(points[i].at.millis() >= 0);
        BOOST_TEST(points[i].at.millis() <= 3000);
      } else {
        ++on_sinks;
        BOOST_TEST((points[i].kind == FailurePoint::Kind::kOnRecord));
        BOOST_TEST((points[i].sink == "windows" || points[i].sink == "late"));
        BOOST_TEST(points[i].count >= 1u);
        BOOST_TEST(points[i].count <= 4u);
      }
    }
  }
  BOOST_TEST(seen.size() > 60u);  // 120 points, nearly all different
  // One in four on a sink: about 30 of 120.
  BOOST_TEST(on_sinks > 10u);
  BOOST_TEST(on_sinks < 60u);
  BOOST_TEST(FailureText({.kind = FailurePoint::Kind::kAt,
                          .at = engine::Timestamp::Millis(990),
                          .task = "windows",
                          .subtask = 1}) == "{at: 990ms, task: windows/1}");
  BOOST_TEST(FailureText({.kind = FailurePoint::Kind::kOnRecord, .sink = "late", .count = 3}) ==
             "{sink: late, on_record: 3}");
}

// The scenario's description derives it: every task is in one failover
// region, so a failure after y@5 arrived (500) restores checkpoint 1 (taken
// at 50, before y) and replays slow's x@30 and y@5 300 ms apart; when fast
// has w@40 (arrival 950) by then, the rebuilt watermark 29 fires [0,10) = {z}
// before y returns, late — on time without the failure. Every other failure
// gives the failure-free output: tumbling count()/sum()
// windows with exactly-once sinks and checkpoints, so the exactly-once
// invariant applies.
BOOST_AUTO_TEST_CASE(a_failure_that_makes_a_replayed_record_late_is_found_and_explained) {
  const Explorer x(
      LateAfterRestore(),
      {.order = OutcomeOrder::kMultiset, .invariants = InvariantChecks::kEveryRun, .failures = 1});
  std::vector<SeedRun> runs;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) runs.push_back(x.Run(seed));
  std::optional<uint64_t> late_seed;
  for (const SeedRun& run : runs) {
    BOOST_TEST(run.violations.empty(), fmt::format("{}", fmt::join(run.violations, "; ")));
    BOOST_TEST(!run.job_failed);  // one restart allowed, one failure
    BOOST_REQUIRE_EQUAL(run.failure_points.size(), 1u);
    if (run.lateness_changed) {
      if (!late_seed) late_seed = run.seed;
    } else {
      BOOST_TEST(run.outcome == run.failure_free_outcome, run.failure_points[0]);
    }
  }
  BOOST_REQUIRE(late_seed.has_value());
  const std::vector<OutcomeGroup> groups = GroupOutcomes(runs);
  BOOST_REQUIRE_GE(groups.size(), 2u);
  const auto group = std::find_if(groups.begin(), groups.end(), [&](const OutcomeGroup& g) {
    return g.first_seed <= *late_seed && runs[g.first_seed].lateness_changed;
  });
  BOOST_REQUIRE(group != groups.end());
  const Divergence d = ExplainFailureDivergence(x, *group);
  const std::string why = fmt::format("{}", fmt::join(d.why, "\n"));
  BOOST_TEST_MESSAGE(why);
  BOOST_TEST(d.against_failure_free);
  // Drawn from the seed, so named as such (a scenario's own `failures:` say
  // "scripted").
  BOOST_TEST(why.find("subtask 0 failed (seeded failure of ") != std::string::npos);
  BOOST_TEST(why.find("from checkpoint 1") != std::string::npos);
  BOOST_TEST(why.find("row 1 of 'slow' (ts 5, @arrival 500)") != std::string::npos);
  BOOST_TEST(why.find("after the restore: 'windows' subtask 0") != std::string::npos);
  BOOST_TEST(why.find("-> late") != std::string::npos);
  BOOST_TEST(why.find("watermarks are not in a checkpoint") != std::string::npos);

  const std::string file =
      (std::filesystem::temp_directory_path() / "tidemark-explore-failures-repro.yaml").string();
  const Reproduction repro = ShrinkFailureDivergence(x, group->first_seed, file);
  BOOST_TEST_MESSAGE(repro.text);
  BOOST_TEST(repro.verified);
  // All four rows matter: z fills [0,10), y is the late record, and x@30 and
  // w@40 raise the two sources' watermarks to 29 and 39.
  BOOST_TEST(repro.minimal);
  BOOST_TEST(repro.rows.size() == 4u);
  BOOST_TEST(repro.text.find("failures:\n  - " + repro.failure_points[0]) != std::string::npos);
}

// Mutations of a run that kept the failure-free output: each invariant fails.
BOOST_AUTO_TEST_CASE(recovery_invariants_fail_on_a_lost_or_invented_record) {
  const Explorer x(
      LateAfterRestore(),
      {.order = OutcomeOrder::kMultiset, .invariants = InvariantChecks::kEveryRun, .failures = 1});
  uint64_t seed = 0;
  while (seed < kSeeds && x.Run(seed).lateness_changed) ++seed;
  const RunOptions detailed{.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord};
  const JobPlan failing_plan = x.FailingPlan(seed);
  const RunResult free = RunJob(x.failure_free_plan(), detailed);
  RunResult failing = RunJob(failing_plan, detailed);
  BOOST_TEST(CompareRecovery(failing_plan, free, failing).violations.empty());
  BOOST_TEST(OrderDependence(failing_plan).empty());

  RunResult lost = failing;  // an exactly-once sink misses [0,10)'s result
  BOOST_REQUIRE(!lost.sinks[0].records.empty());
  lost.sinks[0].records.erase(lost.sinks[0].records.begin());
  const auto lost_found = CompareRecovery(failing_plan, free, lost).violations;
  BOOST_REQUIRE_EQUAL(lost_found.size(), 1u);
  BOOST_TEST(lost_found[0].find("exactly-once: sink 'windows' lost a record") != std::string::npos);

  RunResult twice = failing;  // ... or shows one twice
  twice.sinks[0].records.push_back(twice.sinks[0].records.front());
  const auto twice_found = CompareRecovery(failing_plan, free, twice).violations;
  BOOST_REQUIRE_EQUAL(twice_found.size(), 1u);
  BOOST_TEST(twice_found[0].find("more often than the failure-free run") != std::string::npos);

  JobPlan printing = failing_plan;  // a print() sink may repeat, never invent or lose
  for (PlannedSink& sink : printing.sinks) sink.guarantee = SinkGuarantee::kNone;
  BOOST_TEST(CompareRecovery(printing, free, twice).violations.empty());
  const auto none_lost = CompareRecovery(printing, free, lost).violations;
  BOOST_REQUIRE_EQUAL(none_lost.size(), 1u);
  BOOST_TEST(none_lost[0].find("no loss: sink 'windows' shows a record of the failure-free run "
                               "fewer times") != std::string::npos);
  RunResult invented = failing;
  invented.sinks[0].records.front().values.back() = int64_t{999};
  const auto invented_found = CompareRecovery(printing, free, invented).violations;
  BOOST_REQUIRE(!invented_found.empty());
  BOOST_TEST(invented_found[0].find("never wrote") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(order_dependent_jobs_waive_the_output_checks) {
  JobPlan plan = LateAfterRestore();
  BOOST_TEST(OrderDependence(plan).empty());
  for (PlannedNode& node : plan.nodes) {
    if (node.kind == PlannedNode::Kind::kWindow) {
      node.window->allowed_lateness = engine::Duration::Millis(5);
    }
  }
  BOOST_TEST(OrderDependence(plan) == "'windows' allows lateness");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
