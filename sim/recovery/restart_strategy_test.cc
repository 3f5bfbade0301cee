#include "sim/recovery/restart_strategy.h"

#include <cstdint>
#include <limits>
#include <set>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"

namespace tidemark::sim {
namespace {

using engine::Duration;
using engine::Timestamp;
using Strategy = RestartPlan::Strategy;
using engine::testing::Ms;
using engine::testing::T;

RestartStrategy Make(const RestartPlan& plan, uint64_t seed = 7) {
  return RestartStrategy(plan, Prng::ForComponent(seed, "restart-jitter"));
}

RestartPlan FixedDelay(int64_t attempts, Duration delay) {
  RestartPlan plan;
  plan.strategy = Strategy::kFixedDelay;
  plan.attempts = attempts;
  plan.delay = delay;
  return plan;
}

RestartPlan FailureRate(int64_t max_failures, Duration interval, Duration delay) {
  RestartPlan plan;
  plan.strategy = Strategy::kFailureRate;
  plan.max_failures_per_interval = max_failures;
  plan.failure_rate_interval = interval;
  plan.delay = delay;
  return plan;
}

struct Exponential {
  int64_t initial_ms;
  int64_t max_ms;
  double multiplier;
  int64_t threshold_ms;
  double jitter;
  int64_t attempts;
};

RestartPlan ExponentialDelay(const Exponential& e) {
  RestartPlan plan;
  plan.strategy = Strategy::kExponentialDelay;
  plan.initial_backoff = Ms(e.initial_ms);
  plan.max_backoff = Ms(e.max_ms);
  plan.multiplier = e.multiplier;
  plan.reset_threshold = Ms(e.threshold_ms);
  plan.jitter = e.jitter;
  plan.attempts_before_reset = e.attempts;
  return plan;
}

// Flink 1.20's defaults (RestartStrategyOptions), with the jitter a scenario
// sets to 0 to get exact delays.
RestartPlan DefaultExponential(double jitter) {
  return ExponentialDelay({.initial_ms = 1000,
                           .max_ms = 60000,
                           .multiplier = 1.5,
                           .threshold_ms = 3'600'000,
                           .jitter = jitter,
                           .attempts = INT32_MAX});
}

BOOST_AUTO_TEST_SUITE(restart_strategy)

// NoRestartBackoffTimeStrategy: canRestart is always false.
BOOST_AUTO_TEST_CASE(none_refuses_the_first_failure) {
  RestartStrategy strategy = Make(RestartPlan{});
  const RestartStrategy::Decision d = strategy.OnFailure(T(5));
  BOOST_TEST(!d.restart);
  BOOST_TEST(d.refusal == "Recovery is suppressed by NoRestartBackoffTimeStrategy");
  BOOST_TEST(strategy.restarts() == 0u);
}

// FixedDelayRestartBackoffTimeStrategyTest.testNumberOfRestarts: with 3
// attempts, failures 1-3 restart (counter 1..3 <= 3) and the 4th (counter 4)
// fails the job. Each restart comes the fixed delay (1000) after its failure.
BOOST_AUTO_TEST_CASE(fixed_delay_allows_n_restarts_then_refuses) {
  RestartStrategy strategy = Make(FixedDelay(3, Ms(1000)));
  for (int64_t t : {100, 2000, 2500}) {
    const RestartStrategy::Decision d = strategy.OnFailure(T(t));
    BOOST_TEST(d.restart);
    BOOST_TEST(!d.merged);
    BOOST_TEST(d.restart_at.millis() == t + 1000);
  }
  BOOST_TEST(strategy.restarts() == 3u);
  const RestartStrategy::Decision d = strategy.OnFailure(T(9000));
  BOOST_TEST(!d.restart);
  BOOST_TEST(d.refusal ==
             "Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy("
             "maxNumberRestartAttempts=3, backoffTimeMS=1000)");
  BOOST_TEST(strategy.restarts() == 3u);
}

// RestartStrategyOptions: fixed-delay with the config default of 1 attempt
// restarts after 1 s once; the second failure fails the job.
BOOST_AUTO_TEST_CASE(fixed_delay_default_attempts_restart_once) {
  RestartStrategy strategy = Make(FixedDelay(1, Duration::Seconds(1)));
  BOOST_TEST(strategy.OnFailure(T(10000)).restart_at.millis() == 11000);
  BOOST_TEST(!strategy.OnFailure(T(11500)).restart);
}

// Flink checks only multiplier > 1: with 1e20 the first restart waits the
// initial 1000 ms (1e20^0 = 1) and the second, at attempt 1, min(1000 * 1e20
// as a saturated long, 60000) = 60000 ms. Failures at 0 and 5000 (after the
// first restart at 1000): restarts at 1000 and 65000.
BOOST_AUTO_TEST_CASE(a_huge_multiplier_reaches_the_maximum_at_once) {
  RestartStrategy strategy = Make(ExponentialDelay({.initial_ms = 1000,
                                                    .max_ms = 60000,
                                                    .multiplier = 1e20,
                                                    .threshold_ms = 3'600'000,
                                                    .jitter = 0,
                                                    .attempts = 10}));
  BOOST_TEST(strategy.OnFailure(T(0)).restart_at.millis() == 1000);
  BOOST_TEST(strategy.OnFailure(T(5000)).restart_at.millis() == 65000);
}

// A delay of Long.MAX_VALUE ms restarts at the end of time, not at
// 1990 + 2^63 - 1 wrapped to -2^63 + 1989 (once printed as "restart at
// -9223372036854775759"-like times).
BOOST_AUTO_TEST_CASE(a_delay_past_the_end_of_time_restarts_at_the_end) {
  RestartStrategy strategy =
      Make(FixedDelay(1, Duration::Millis(std::numeric_limits<int64_t>::max())));
  BOOST_TEST(strategy.OnFailure(T(1990)).restart_at.millis() == engine::Timestamp::Max().millis());
}

// FailureRateRestartBackoffTimeStrategyTest.testManyFailuresWithinRate: one
// failure per 1 ms allowed, failures 2 ms apart. The queue keeps the last 2
// failures; at 2 it holds {0, 2}: 2 - 0 = 2 > 1 restarts; at 4 {2, 4} too.
BOOST_AUTO_TEST_CASE(failure_rate_allows_failures_spread_over_the_interval) {
  RestartStrategy strategy = Make(FailureRate(1, Ms(1), Ms(0)));
  for (int64_t t : {0, 2, 4}) BOOST_TEST(strategy.OnFailure(T(t)).restart);
  BOOST_TEST(strategy.restarts() == 3u);
}

// FailureRateRestartBackoffTimeStrategyTest.testFailuresExceedingRate: 3
// failures per 10 s allowed; 4 failures at the same instant: the 4th finds
// the queue full (4 > 3) with 0 - 0 = 0, not > 10000, and fails the job.
BOOST_AUTO_TEST_CASE(failure_rate_refuses_one_failure_too_many_in_the_interval) {
  RestartStrategy strategy = Make(FailureRate(3, Ms(10'000), Ms(0)));
  for (int i = 0; i < 3; ++i) BOOST_TEST(strategy.OnFailure(T(0)).restart);
  const RestartStrategy::Decision d = strategy.OnFailure(T(0));
  BOOST_TEST(!d.restart);
  // FailureRateRestartBackoffTimeStrategy.generateStrategyString, verbatim.
  BOOST_TEST(d.refusal ==
             "Recovery is suppressed by FailureRateRestartBackoffTimeStrategy("
             "FailureRateRestartBackoffTimeStrategy(failuresIntervalMS=10000,backoffTimeMS=0,"
             "maxFailuresPerInterval=3)");
}

// FailureRateRestartBackoffTimeStrategy.canRestart: "now - oldest > I",
// strictly. One failure per 1000 ms: failures at 0 and 1000 are 1000 apart, not
// more, so the second one fails the job; at 1001 it would restart, 500 ms later
// (the delay).
BOOST_AUTO_TEST_CASE(failure_rate_interval_bound_is_strict) {
  RestartStrategy refused = Make(FailureRate(1, Ms(1000), Ms(500)));
  BOOST_TEST(refused.OnFailure(T(0)).restart_at.millis() == 500);
  BOOST_TEST(!refused.OnFailure(T(1000)).restart);

  RestartStrategy allowed = Make(FailureRate(1, Ms(1000), Ms(500)));
  allowed.OnFailure(T(0));
  const RestartStrategy::Decision d = allowed.OnFailure(T(1001));
  BOOST_TEST(d.restart);
  BOOST_TEST(d.restart_at.millis() == 1501);
}

// Flink 1.20's default strategy (RestartBackoffTimeStrategyFactoryLoader,
// RestartStrategyOptions) with jitter 0. Each failure comes 1 ms after the
// previous restart, so none merges or resets; delay n is floor(1000 * 1.5^n)
// capped at 60000: 1000, 1500, 2250, 3375, 5062.5 -> 5062, 7593.75 -> 7593,
// 11390.625 -> 11390, 17085.9375 -> 17085, 25628.90625 -> 25628, 38443.359375
// -> 38443, 57665.0390625 -> 57665, 86497.55... -> 60000.
BOOST_AUTO_TEST_CASE(exponential_delay_defaults_grow_by_half_up_to_a_minute) {
  RestartStrategy strategy = Make(DefaultExponential(0.0));
  const std::vector<int64_t> expected = {1000,  1500,  2250,  3375,  5062,  7593,  11390,
                                         17085, 25628, 38443, 57665, 60000, 60000, 60000};
  std::vector<int64_t> delays;
  Timestamp now = T(10000);
  for (size_t i = 0; i < expected.size(); ++i) {
    const RestartStrategy::Decision d = strategy.OnFailure(now);
    BOOST_TEST(d.restart);
    BOOST_TEST(!d.merged);
    delays.push_back((d.restart_at - now).millis());
    now = d.restart_at + Ms(1);
  }
  BOOST_TEST(delays == expected, boost::test_tools::per_element());
  BOOST_TEST(strategy.restarts() == expected.size());
}

// ExponentialDelayRestartBackoffTimeStrategyTest
// .testMergeMultipleExceptionsIntoOneAttempt: initial 2, x2, max 6, 3 attempts.
// t=0: attempt 0, delay 2, restart at 2; failures at 0, 1 and 2 (<= 2) merge.
// t=3: attempt 1, delay 4 -> restart at 7; t=8: attempt 2, 8 capped to 6 -> 14;
// t=15: attempt 3 makes the counter 4 > 3: refused. 3 restarts in all.
BOOST_AUTO_TEST_CASE(exponential_delay_merges_failures_before_the_pending_restart) {
  RestartStrategy strategy = Make(ExponentialDelay({.initial_ms = 2,
                                                    .max_ms = 6,
                                                    .multiplier = 2.0,
                                                    .threshold_ms = 80,
                                                    .jitter = 0.0,
                                                    .attempts = 3}));
  const struct {
    int64_t first;
    int64_t restart_at;
  } rounds[] = {{0, 2}, {3, 7}, {8, 14}};
  for (const auto& round : rounds) {
    const RestartStrategy::Decision first = strategy.OnFailure(T(round.first));
    BOOST_TEST(first.restart);
    BOOST_TEST(!first.merged);
    BOOST_TEST(first.restart_at.millis() == round.restart_at);
    for (int64_t t = round.first; t <= round.restart_at; ++t) {
      const RestartStrategy::Decision merged = strategy.OnFailure(T(t));
      BOOST_TEST(merged.restart);
      BOOST_TEST(merged.merged);
      BOOST_TEST(merged.restart_at.millis() == round.restart_at);
    }
  }
  BOOST_TEST(strategy.restarts() == 3u);
  const RestartStrategy::Decision d = strategy.OnFailure(T(15));
  BOOST_TEST(!d.restart);
  BOOST_TEST(!d.merged);
  BOOST_TEST(d.refusal ==
             "Recovery is suppressed by ExponentialDelayRestartBackoffTimeStrategy("
             "initialBackoffMS=2, maxBackoffMS=6, backoffMultiplier=2.0, "
             "resetBackoffThresholdMS=80, jitterFactor=0.0, attemptsBeforeResetBackoff=3, "
             "currentRestartAttempt=4, nextRestartTimestamp=21)");
  BOOST_TEST(strategy.restarts() == 3u);
}

// Once the restart has run (RestartDone), a failure in the same millisecond
// is a new attempt: the simulator replays at once, where Flink's clock has
// moved past the restart time. initial 2, x2: the failure at 0 restarts at
// 2; after the restart a failure at 2 is attempt 1, delay 4: restart at 6.
BOOST_AUTO_TEST_CASE(a_failure_after_the_restart_ran_is_a_new_attempt) {
  RestartStrategy strategy = Make(ExponentialDelay({.initial_ms = 2,
                                                    .max_ms = 60,
                                                    .multiplier = 2.0,
                                                    .threshold_ms = 80,
                                                    .jitter = 0.0,
                                                    .attempts = INT32_MAX}));
  BOOST_TEST(strategy.OnFailure(T(0)).restart_at.millis() == 2);
  BOOST_TEST(strategy.OnFailure(T(2)).merged);  // still pending: joins it
  strategy.RestartDone();
  const RestartStrategy::Decision d = strategy.OnFailure(T(2));
  BOOST_TEST(!d.merged);
  BOOST_TEST(d.restart_at.millis() == 6);
  BOOST_TEST(strategy.restarts() == 2u);
}

// ExponentialDelayRestartBackoffTimeStrategyTest.testResetBackoff: initial 1,
// x2, max 5, threshold 8. t=0: delay 1, restart at 1. t=8: 8 - 1 = 7 < 8, so
// attempt 1: delay 2, restart at 10. t=18: 18 - 10 = 8 >= 8 resets: delay 1.
// The threshold runs from the scheduled restart, not from the failure. (The
// jitter 0.25 of b = 1 or 2 is (long) 0.25 or 0.5 = 0.)
BOOST_AUTO_TEST_CASE(exponential_delay_resets_after_the_threshold) {
  RestartStrategy strategy = Make(ExponentialDelay({.initial_ms = 1,
                                                    .max_ms = 5,
                                                    .multiplier = 2.0,
                                                    .threshold_ms = 8,
                                                    .jitter = 0.25,
                                                    .attempts = INT32_MAX}));
  BOOST_TEST(strategy.OnFailure(T(0)).restart_at.millis() == 1);
  BOOST_TEST(strategy.OnFailure(T(8)).restart_at.millis() == 10);
  BOOST_TEST(strategy.OnFailure(T(18)).restart_at.millis() == 19);
}

// ExponentialDelayRestartBackoffTimeStrategyTest.testMaxAttempts: 13 attempts
// before reset, failures 4 ms apart (after each restart, within the 10 ms
// threshold): 13 restarts, the 14th failure is refused.
BOOST_AUTO_TEST_CASE(exponential_delay_attempts_are_limited) {
  RestartStrategy strategy = Make(ExponentialDelay({.initial_ms = 1,
                                                    .max_ms = 3,
                                                    .multiplier = 1.2,
                                                    .threshold_ms = 10,
                                                    .jitter = 0.25,
                                                    .attempts = 13}));
  for (int64_t i = 0; i < 13; ++i) BOOST_TEST(strategy.OnFailure(T(4 * i)).restart);
  BOOST_TEST(!strategy.OnFailure(T(4 * 13)).restart);
  BOOST_TEST(strategy.restarts() == 13u);
}

// ExponentialDelayRestartBackoffTimeStrategyTest.testBackoffMultiplier: 4 ms
// x 2.3: 4, (long) 9.2 = 9, (long) (4 * 2.3 * 2.3 = 21.159...) = 21.
BOOST_AUTO_TEST_CASE(exponential_delay_truncates_the_product) {
  RestartStrategy strategy = Make(ExponentialDelay({.initial_ms = 4,
                                                    .max_ms = 300,
                                                    .multiplier = 2.3,
                                                    .threshold_ms = INT32_MAX,
                                                    .jitter = 0.0,
                                                    .attempts = 10}));
  BOOST_TEST((strategy.OnFailure(T(0)).restart_at - T(0)).millis() == 4);
  BOOST_TEST((strategy.OnFailure(T(301)).restart_at - T(301)).millis() == 9);
  BOOST_TEST((strategy.OnFailure(T(602)).restart_at - T(602)).millis() == 21);
}

// The delays of the last of `failures` failures, 8 ms apart, over 300 seeds.
std::set<int64_t> LastDelays(const RestartPlan& plan, int failures) {
  std::set<int64_t> seen;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    RestartStrategy strategy = Make(plan, seed);
    int64_t delay = 0;
    for (int i = 1; i <= failures; ++i) {
      const RestartStrategy::Decision d = strategy.OnFailure(T(8 * i));
      delay = (d.restart_at - T(8 * i)).millis();
    }
    seen.insert(delay);
  }
  return seen;
}

// ExponentialDelayRestartBackoffTimeStrategyTest.testJitter: initial 2, x2,
// max 7, jitter 0.25. 2nd failure: b = 4, offset (long) 1.0 = 1: {3, 4, 5};
// 3rd: b = 8, offset 2, 6..10 capped: {6, 7}; 4th: b = 16: {7}.
// testJitterNoHigherThanMax: initial 1, jitter 1: b = 1, 2, 4 give 0..2,
// 0..4, 0..8, raised to 1 and capped at 7.
BOOST_AUTO_TEST_CASE(exponential_delay_jitter_stays_in_flinks_range) {
  const RestartPlan quarter = ExponentialDelay({.initial_ms = 2,
                                                .max_ms = 7,
                                                .multiplier = 2.0,
                                                .threshold_ms = INT32_MAX,
                                                .jitter = 0.25,
                                                .attempts = INT32_MAX});
  BOOST_TEST(LastDelays(quarter, 2) == (std::set<int64_t>{3, 4, 5}));
  BOOST_TEST(LastDelays(quarter, 3) == (std::set<int64_t>{6, 7}));
  BOOST_TEST(LastDelays(quarter, 4) == (std::set<int64_t>{7}));

  const RestartPlan full = ExponentialDelay({.initial_ms = 1,
                                             .max_ms = 7,
                                             .multiplier = 2.0,
                                             .threshold_ms = INT32_MAX,
                                             .jitter = 1.0,
                                             .attempts = INT32_MAX});
  BOOST_TEST(LastDelays(full, 1) == (std::set<int64_t>{1, 2}));
  BOOST_TEST(LastDelays(full, 2) == (std::set<int64_t>{1, 2, 3, 4}));
  BOOST_TEST(LastDelays(full, 3) == (std::set<int64_t>{1, 2, 3, 4, 5, 6, 7}));
}

// The jitter is the seeded generator's: one seed gives one sequence of
// delays, run after run; another seed gives another.
BOOST_AUTO_TEST_CASE(exponential_delay_jitter_replays_from_the_seed) {
  auto delays = [](uint64_t seed) {
    RestartStrategy strategy = Make(DefaultExponential(0.1), seed);
    std::vector<int64_t> out;
    Timestamp now = T(0);
    for (int i = 0; i < 8; ++i) {
      const Timestamp restart_at = strategy.OnFailure(now).restart_at;
      out.push_back((restart_at - now).millis());
      now = restart_at + Ms(1);
    }
    return out;
  };
  BOOST_TEST(delays(42) == delays(42), boost::test_tools::per_element());
  BOOST_TEST(delays(42) != delays(43));
}

// ExponentialDelayRestartBackoffTimeStrategy.toString with its state, before
// any failure: nextRestartTimestamp is DEFAULT_NEXT_RESTART_TIMESTAMP,
// Integer.MIN_VALUE; the doubles print as Java prints them.
BOOST_AUTO_TEST_CASE(describe_prints_flinks_to_string) {
  BOOST_TEST(Make(DefaultExponential(0.1)).Describe() ==
             "ExponentialDelayRestartBackoffTimeStrategy(initialBackoffMS=1000, "
             "maxBackoffMS=60000, backoffMultiplier=1.5, resetBackoffThresholdMS=3600000, "
             "jitterFactor=0.1, attemptsBeforeResetBackoff=2147483647, currentRestartAttempt=0, "
             "nextRestartTimestamp=-2147483648)");
  BOOST_TEST(Make(FixedDelay(2147483647, Ms(1000))).Describe() ==
             "FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=2147483647, "
             "backoffTimeMS=1000)");
}

// The checkArgument messages of the strategies' constructors.
BOOST_AUTO_TEST_CASE(validation_uses_flinks_messages) {
  BOOST_TEST(!RestartPlanError(DefaultExponential(0.1)).has_value());
  RestartPlan plan = DefaultExponential(0.1);
  plan.multiplier = 1.0;
  BOOST_TEST(RestartPlanError(plan).value_or("") == "Backoff multiplier must be greater than 1.");
  plan = DefaultExponential(1.5);
  BOOST_TEST(RestartPlanError(plan).value_or("") == "Jitter factor must be >= 0 and <= 1.");
  plan = FixedDelay(-1, Ms(0));
  BOOST_TEST(RestartPlanError(plan).value_or("") ==
             "Maximum number of restart attempts must be at least 0.");
  plan = FailureRate(1, Ms(0), Ms(0));
  BOOST_TEST(RestartPlanError(plan).value_or("") == "Failures interval must be greater than 0 ms.");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
