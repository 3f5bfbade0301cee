// `checkpointing:`, `restart:`, `failures:` and sink guarantees, read and
// planned: Flink 1.20's defaults, and every refusal located.
#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// A keyed window job with a two-subtask window and two sinks, plus `extra`.
std::string Job(const std::string& extra) {
  return R"(sources:
  s:
    events:
      - {k: a, ts: 1}
    schema: {k: string, ts: int}
    event_time: ts
streams:
  counts:
    from: s
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
    parallelism: 2
sinks: {counts: {guarantee: exactly_once}, s: {}}
)" + extra;
}

JobPlan Plan(const std::string& text) {
  return BindScenario(ParseScenarioSpec(text, "s.yaml", "/nonexistent"));
}

// Every error's first line, joined by " | ", or "no error".
std::string ErrorsOf(const std::string& text) {
  try {
    Plan(text);
  } catch (const engine::InputError& e) {
    std::string all;
    const std::string what = e.what();
    size_t start = 0;
    while (start < what.size()) {
      const size_t end = what.find('\n', start);
      const std::string line = what.substr(start, end - start);
      if (line.find("error:") != std::string::npos) all += (all.empty() ? "" : " | ") + line;
      if (end == std::string::npos) break;
      start = end + 1;
    }
    return all;
  }
  return "no error";
}

BOOST_AUTO_TEST_SUITE(plan_fault_tolerance)

// Nothing configured: no checkpointing, no failure, print sinks, and no
// restart (RestartBackoffTimeStrategyFactoryLoader without checkpointing).
BOOST_AUTO_TEST_CASE(a_job_without_fault_tolerance_plans_none) {
  const JobPlan plan = Plan(Job(""));
  BOOST_TEST(!plan.fault_tolerance.enabled());
  BOOST_TEST((plan.fault_tolerance.restart.strategy == RestartPlan::Strategy::kNone));
  BOOST_TEST((plan.sinks[0].guarantee == SinkGuarantee::kExactlyOnce));
  BOOST_TEST((plan.sinks[1].guarantee == SinkGuarantee::kNone));
}

// With checkpointing and no restart strategy, Flink 1.20 restarts with
// exponential-delay and its defaults (initial 1 s, max 60 s, x1.5, jitter
// 0.1); the checkpoint defaults are CheckpointingOptions' (timeout 10 min,
// one at a time, no tolerated failure, exactly-once aligned).
BOOST_AUTO_TEST_CASE(checkpointing_defaults_to_exponential_delay_restarts) {
  const JobPlan plan = Plan(Job("checkpointing: {interval: 2s}\n"));
  const FaultTolerancePlan& ft = plan.fault_tolerance;
  BOOST_REQUIRE(ft.checkpointing.has_value());
  BOOST_TEST(ft.checkpointing->interval.millis() == 2000);
  BOOST_TEST(ft.checkpointing->FirstDelay().millis() == 2000);
  BOOST_TEST(ft.checkpointing->timeout.millis() == 600'000);
  BOOST_TEST(ft.checkpointing->max_concurrent == 1);
  BOOST_TEST((ft.checkpointing->mode == CheckpointingMode::kExactlyOnce));
  BOOST_TEST((ft.restart.strategy == RestartPlan::Strategy::kExponentialDelay));
  BOOST_TEST(ft.restart.initial_backoff.millis() == 1000);
  BOOST_TEST(ft.restart.max_backoff.millis() == 60'000);
  BOOST_TEST(ft.restart.multiplier == 1.5);
  BOOST_TEST(ft.restart.jitter == 0.1);
  BOOST_TEST((ft.restart.failover == RestartPlan::Failover::kRegion));
}

// A min pause longer than the interval raises the interval to it
// (CheckpointCoordinator's constructor).
BOOST_AUTO_TEST_CASE(the_interval_is_at_least_the_min_pause) {
  const JobPlan plan = Plan(Job("checkpointing: {interval: 1s, min_pause: 3s}\n"));
  BOOST_TEST(plan.fault_tolerance.checkpointing->interval.millis() == 3000);
}

BOOST_AUTO_TEST_CASE(failures_resolve_to_tasks_and_sinks) {
  const JobPlan plan = Plan(Job(R"(checkpointing: {interval: 1s}
restart: {strategy: fixed_delay, attempts: 3, delay: 2s, failover: full}
failures:
  - {at: 12s, task: counts/1}
  - {sink: counts, on_record: 37}
  - {sink: s, throws: every 100}
  - {sink: counts, when: "n > 2"}
)"));
  const FaultTolerancePlan& ft = plan.fault_tolerance;
  BOOST_TEST((ft.restart.strategy == RestartPlan::Strategy::kFixedDelay));
  BOOST_TEST(ft.restart.attempts == 3);
  BOOST_TEST(ft.restart.delay.millis() == 2000);
  BOOST_TEST((ft.restart.failover == RestartPlan::Failover::kFull));
  BOOST_REQUIRE(ft.failures.size() == 4u);
  BOOST_TEST((ft.failures[0].kind == FailurePlan::Kind::kAt));
  BOOST_TEST(ft.failures[0].at.millis() == 12'000);
  BOOST_TEST(plan.nodes[ft.failures[0].node].name == "counts");
  BOOST_TEST(ft.failures[0].subtask == 1);
  BOOST_TEST((ft.failures[1].kind == FailurePlan::Kind::kOnRecord));
  BOOST_TEST(ft.failures[1].count == 37u);
  BOOST_TEST(ft.failures[1].sink == 0u);
  BOOST_TEST((ft.failures[2].kind == FailurePlan::Kind::kEvery));
  BOOST_TEST(ft.failures[2].count == 100u);
  BOOST_TEST(ft.failures[2].sink == 1u);
  BOOST_TEST((ft.failures[3].kind == FailurePlan::Kind::kWhen));
  BOOST_TEST(ft.failures[3].when.has_value());
}

// Flink's own refusals, and ours, all in one run, each at its place.
BOOST_AUTO_TEST_CASE(every_refusal_is_located_and_reported_at_once) {
  const std::string errors =
      ErrorsOf(Job(R"(checkpointing: {interval: 1s, mode: at_least_once, unaligned: true}
restart: {strategy: fixed_delay, jitter: 0.5}
failures:
  - {at: 1s, task: cuonts}
  - {at: 1s, task: counts/2}
  - {sink: nowhere, on_record: 1}
)"));
  BOOST_TEST(errors.find("s.yaml:15:63: error: Cannot use unaligned checkpoints with "
                         "AT_LEAST_ONCE checkpointing mode") != std::string::npos,
             errors);
  BOOST_TEST(errors.find("s.yaml:16:34: error: 'jitter' does not apply to the fixed_delay "
                         "restart strategy") != std::string::npos,
             errors);
  BOOST_TEST(errors.find("a failure names unknown stream 'cuonts'") != std::string::npos, errors);
  BOOST_TEST(
      errors.find("stream 'counts' has no subtask 2: its parallelism is 2") != std::string::npos,
      errors);
  BOOST_TEST(errors.find("a failure names 'nowhere', which is not a sink") != std::string::npos,
             errors);
}

// Options each valid alone that Flink's strategy constructors refuse
// together, or that pass the Java int: refused when the scenario opens, at
// the strategy, with Flink's words (RestartPlanError). They once reached an
// internal check when the first failure built the strategy.
BOOST_AUTO_TEST_CASE(a_strategy_flink_refuses_is_refused_when_the_scenario_opens) {
  const std::string backoff = ErrorsOf(Job(R"(checkpointing: {interval: 1s}
restart: {strategy: exponential_delay, initial_backoff: 10s, max_backoff: 5s}
failures: [{at: 1s, task: counts}]
)"));
  BOOST_TEST(backoff.find("s.yaml:16:21: error: Initial backoff cannot be higher than maximum "
                          "backoff.") != std::string::npos,
             backoff);
  const std::string attempts =
      ErrorsOf(Job(R"(restart: {strategy: fixed_delay, attempts: 2147483648}
failures: [{at: 1s, task: counts}]
)"));
  BOOST_TEST(attempts.find("s.yaml:15:21: error: The number of restart attempts must fit a Java "
                           "int.") != std::string::npos,
             attempts);
}

BOOST_AUTO_TEST_CASE(shapes_are_checked_when_the_scenario_is_read) {
  BOOST_TEST(ErrorsOf(Job("checkpointing: {interval: 5ms}\n"))
                 .find("Checkpoint interval must be larger than or equal to 10 ms") !=
             std::string::npos);
  BOOST_TEST(ErrorsOf(Job("checkpointing: {interval: 1s, mode: once}\n"))
                 .find("unknown checkpointing mode 'once'") != std::string::npos);
  BOOST_TEST(ErrorsOf(Job("failures: [{sink: s, throws: sometimes}]\n"))
                 .find("cannot read 'sometimes' as how often the sink throws") !=
             std::string::npos);
  BOOST_TEST(ErrorsOf(Job("failures: [{sink: s, on_record: 1, when: 'true'}]\n"))
                 .find("a sink failure takes one of") != std::string::npos);
  const std::string guarantee = ErrorsOf(R"(sources:
  s: {events: [{ts: 1}], schema: {ts: int}, event_time: ts}
sinks: {s: {guarantee: twice}}
)");
  BOOST_TEST(
      guarantee.find("s.yaml:3:24: error: unknown delivery guarantee 'twice'") != std::string::npos,
      guarantee);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
