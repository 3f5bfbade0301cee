#include "sim/recovery/checkpoint_scheduler.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"

namespace tidemark::sim {
namespace {

using engine::Duration;
using engine::Timestamp;
using Tasks = CheckpointScheduler::Tasks;
using Step = CheckpointScheduler::Step;
using R = CheckpointFailureReason;
using Ids = std::vector<uint64_t>;

constexpr Tasks kAll = Tasks::kAllRunning;

using engine::testing::Ms;
using engine::testing::T;

struct PlanOptions {
  int64_t interval_ms = 1000;
  int64_t min_pause_ms = 0;
  int max_concurrent = 1;
  int64_t timeout_ms = 600'000;
  int64_t first_delay_ms = 1000;
  int tolerable_failures = 0;
};

CheckpointPlan CheckpointPlanOf(const PlanOptions& o) {
  CheckpointPlan plan;
  plan.interval = Ms(o.interval_ms);
  plan.min_pause = Ms(o.min_pause_ms);
  plan.max_concurrent = o.max_concurrent;
  plan.timeout = Ms(o.timeout_ms);
  plan.first_delay = Ms(o.first_delay_ms);
  plan.tolerable_failures = o.tolerable_failures;
  return plan;
}

Ids IdsOf(const std::vector<CheckpointScheduler::Attempt>& attempts) {
  Ids ids;
  for (const auto& a : attempts) ids.push_back(a.id);
  return ids;
}

std::vector<int64_t> TimesOf(const std::vector<CheckpointScheduler::Skip>& skips, R reason) {
  std::vector<int64_t> times;
  for (const auto& s : skips) {
    if (s.reason == reason) times.push_back(s.at.millis());
  }
  return times;
}

// A runtime in miniature: the job starts at 0, checkpoint `id` completes
// durations[id] (default `default_ms`) after its trigger, and a completion
// due at the same millisecond as a timer is handled first.
struct Run {
  std::vector<int64_t> triggered_at;     // trigger time of id 1, 2, ...
  std::vector<int64_t> min_pause_drops;  // times of MINIMUM_TIME_BETWEEN_CHECKPOINTS
};

Run Simulate(const CheckpointPlan& plan, int64_t default_ms, std::map<uint64_t, int64_t> durations,
             int64_t end_ms) {
  CheckpointScheduler scheduler(plan);
  Run run;
  std::map<uint64_t, Timestamp> done_at;
  auto record = [&](const Step& step) {
    for (const auto& t : step.triggered) {
      BOOST_TEST(t.id == run.triggered_at.size() + 1);  // ids without gaps
      run.triggered_at.push_back(t.at.millis());
      const auto d = durations.find(t.id);
      done_at[t.id] = t.at + Ms(d == durations.end() ? default_ms : d->second);
    }
    for (const auto& e : step.expired) done_at.erase(e.id);
    for (int64_t t : TimesOf(step.skipped, R::kMinimumTimeBetweenCheckpoints)) {
      run.min_pause_drops.push_back(t);
    }
  };
  scheduler.Start(T(0));
  for (int guard = 0; guard < 10'000; ++guard) {
    auto first_done = done_at.begin();
    for (auto it = done_at.begin(); it != done_at.end(); ++it) {
      if (it->second < first_done->second) first_done = it;
    }
    const Timestamp due = scheduler.NextDue();
    const bool completion = first_done != done_at.end() && first_done->second <= due;
    if ((completion ? first_done->second : due) > T(end_ms)) break;
    if (completion) {
      const uint64_t id = first_done->first;
      const Timestamp now = first_done->second;
      done_at.erase(first_done);
      const auto c = scheduler.Complete(id, now, kAll);
      for (uint64_t s : c.subsumed) done_at.erase(s);
      record(c.next);
    } else {
      record(scheduler.Advance(due, kAll));
    }
  }
  return run;
}

using Times = std::vector<int64_t>;

BOOST_AUTO_TEST_SUITE(checkpoint_scheduler)

// docs/checkpoints.md, worked example, first case: interval 1000, first delay
// 1000, min pause 0, each checkpoint takes 300 (< interval): one per tick, CP n
// at 1000 n.
BOOST_AUTO_TEST_CASE(worked_example_short_checkpoints_run_on_the_grid) {
  const Run run = Simulate(CheckpointPlanOf({}), 300, {}, 5500);
  BOOST_TEST(run.triggered_at == (Times{1000, 2000, 3000, 4000, 5000}),
             boost::test_tools::per_element());
  BOOST_TEST(run.min_pause_drops.empty());
}

// docs/checkpoints.md, worked example, second case (CheckpointRequestDecider
// .chooseRequestToExecute keeps the requests queued): CP1@1000 takes 2500.
// Ticks at 2000 and 3000 queue R2, R3. CP1 completes at 3500: R2 starts at once
// as CP2; CP2 done 3800 starts R3 as CP3; CP3 done 4100 starts R4, queued by
// the 4000 tick; CP4 done 4400, so the 5000 and 6000 ticks are on time again.
BOOST_AUTO_TEST_CASE(worked_example_queued_requests_run_back_to_back) {
  const Run run = Simulate(CheckpointPlanOf({}), 300, {{1, 2500}}, 6500);
  BOOST_TEST(run.triggered_at == (Times{1000, 3500, 3800, 4100, 5000, 6000}),
             boost::test_tools::per_element());
  BOOST_TEST(run.min_pause_drops.empty());
}

// docs/checkpoints.md, worked example, third case (the min-pause branch of
// CheckpointRequestDecider.chooseRequestToExecute): min pause 600. CP1@1000
// takes 2500; R2, R3 queued. At 3500 the head R2 has delay 3500 + 600 - 3500 =
// 600 > 0: dropped, trigger re-armed for 4100 (the 4000 tick cancelled). At
// 4100 the tick adds R4, but the head is the older R3 with delay 0: CP2@4100,
// done 4400. Head R4: delay 600, dropped, re-armed for 5000: CP3@5000, then
// 6000, 7000.
BOOST_AUTO_TEST_CASE(worked_example_min_pause_drops_and_rebases) {
  PlanOptions options;
  options.min_pause_ms = 600;
  const Run run = Simulate(CheckpointPlanOf(options), 300, {{1, 2500}}, 7500);
  BOOST_TEST(run.triggered_at == (Times{1000, 4100, 5000, 6000, 7000}),
             boost::test_tools::per_element());
  BOOST_TEST(run.min_pause_drops == (std::vector<int64_t>{3500, 4400}),
             boost::test_tools::per_element());
}

// CheckpointCoordinator.ScheduledTrigger is fixed-rate: with checkpoints
// shorter than the interval and min pause 0, CP n starts at
// firstDelay + (n - 1) interval = 700, 1700, 2700, 3700.
BOOST_AUTO_TEST_CASE(short_checkpoints_follow_first_delay_plus_interval) {
  PlanOptions options;
  options.first_delay_ms = 700;
  const Run run = Simulate(CheckpointPlanOf(options), 999, {}, 4000);
  BOOST_TEST(run.triggered_at == (Times{700, 1700, 2700, 3700}), boost::test_tools::per_element());
}

// CheckpointRequestDeciderTest.testEnqueueOnTooManyPending (and
// testNonForcedEnqueueOnTooManyPending, its non-forced-savepoint twin): with
// max-concurrent 1 pending, a periodic request is queued, not dropped, and
// runs as soon as the pending one is gone.
BOOST_AUTO_TEST_CASE(request_waits_while_max_concurrent_are_pending) {
  CheckpointScheduler scheduler(CheckpointPlanOf({}));
  scheduler.Start(T(0));
  BOOST_TEST(IdsOf(scheduler.Advance(T(1000), kAll).triggered) == Ids{1},
             boost::test_tools::per_element());
  const Step tick = scheduler.Advance(T(2000), kAll);
  BOOST_TEST(tick.triggered.empty());
  BOOST_TEST(tick.skipped.empty());
  BOOST_TEST(scheduler.queued() == 1u);
  const auto done = scheduler.Complete(1, T(2200), kAll);
  BOOST_TEST(done.completed);
  BOOST_TEST(done.next.triggered.size() == 1u);
  BOOST_TEST(done.next.triggered[0].id == 2u);
  BOOST_TEST(done.next.triggered[0].at.millis() == 2200);
  BOOST_TEST(scheduler.queued() == 0u);
}

// CheckpointRequestDeciderTest.testCheckpointTiming (periodic part): a
// periodic request within min pause of the last completion is DROPPED with
// MINIMUM_TIME_BETWEEN_CHECKPOINTS, and the trigger waits out the pause.
// Interval 10, min pause 10: CP1@10 done at 15; the tick at 20 has delay
// 15 + 10 - 20 = 5: dropped, re-armed for 25, where CP2 starts.
BOOST_AUTO_TEST_CASE(periodic_request_within_min_pause_is_dropped) {
  CheckpointScheduler scheduler(
      CheckpointPlanOf({.interval_ms = 10, .min_pause_ms = 10, .first_delay_ms = 10}));
  scheduler.Start(T(0));
  scheduler.Advance(T(10), kAll);
  scheduler.Complete(1, T(15), kAll);
  const Step tick = scheduler.Advance(T(20), kAll);
  BOOST_TEST(tick.triggered.empty());
  BOOST_TEST(TimesOf(tick.skipped, R::kMinimumTimeBetweenCheckpoints) == (std::vector<int64_t>{20}),
             boost::test_tools::per_element());
  BOOST_TEST(scheduler.NextDue().millis() == 25);
  const Step later = scheduler.Advance(T(25), kAll);
  BOOST_TEST(IdsOf(later.triggered) == Ids{2}, boost::test_tools::per_element());
}

// CheckpointCoordinatorTest.testMinCheckpointPause: interval = min pause =
// 1000, timeout Long.MAX_VALUE. CP1@1000; the 2000 tick queues R2; CP1 done at
// 2100 drops R2 (delay 1000) instead of starting it: nothing is pending half
// a pause later, and CP2 comes once the pause is over, at 3100.
BOOST_AUTO_TEST_CASE(min_pause_holds_back_the_queued_request) {
  CheckpointScheduler scheduler(CheckpointPlanOf({.interval_ms = 1000,
                                                  .min_pause_ms = 1000,
                                                  .timeout_ms = INT64_MAX,
                                                  .first_delay_ms = 1000}));
  scheduler.Start(T(0));
  scheduler.Advance(T(1000), kAll);
  scheduler.Advance(T(2000), kAll);
  const auto done = scheduler.Complete(1, T(2100), kAll);
  BOOST_TEST(done.next.triggered.empty());
  BOOST_TEST(scheduler.Advance(T(2600), kAll).triggered.empty());
  BOOST_TEST(scheduler.PendingIds().empty());
  const Step step = scheduler.Advance(T(3100), kAll);
  BOOST_TEST(IdsOf(step.triggered) == Ids{2}, boost::test_tools::per_element());
  BOOST_TEST(step.triggered[0].at.millis() == 3100);
}

// CheckpointCoordinatorTest.testMaxConcurrentAttempts1/2/5: interval 10, min
// pause 0, timeout 200 s. `max` ticks trigger exactly `max` checkpoints;
// acknowledging CP1 lets the next tick trigger one more; the tick after that
// only queues.
void CheckMaxConcurrentAttempts(int max) {
  CheckpointScheduler scheduler(CheckpointPlanOf(
      {.interval_ms = 10, .max_concurrent = max, .timeout_ms = 200'000, .first_delay_ms = 10}));
  scheduler.Start(T(0));
  Ids triggered;
  for (int i = 1; i <= max; ++i) {
    for (uint64_t id : IdsOf(scheduler.Advance(T(10 * i), kAll).triggered)) triggered.push_back(id);
  }
  BOOST_TEST(triggered.size() == static_cast<size_t>(max));
  const auto done = scheduler.Complete(1, T(10 * max + 5), kAll);
  BOOST_TEST(done.subsumed.empty());
  BOOST_TEST(done.next.triggered.empty());  // nothing was queued
  for (uint64_t id : IdsOf(scheduler.Advance(T(10 * (max + 1)), kAll).triggered)) {
    triggered.push_back(id);
  }
  BOOST_TEST(triggered.size() == static_cast<size_t>(max + 1));
  BOOST_TEST(scheduler.Advance(T(10 * (max + 2)), kAll).triggered.empty());
  BOOST_TEST(scheduler.queued() == 1u);
  BOOST_TEST(triggered.back() == static_cast<uint64_t>(max + 1));
}

BOOST_AUTO_TEST_CASE(max_concurrent_attempts_1) { CheckMaxConcurrentAttempts(1); }
BOOST_AUTO_TEST_CASE(max_concurrent_attempts_2) { CheckMaxConcurrentAttempts(2); }
BOOST_AUTO_TEST_CASE(max_concurrent_attempts_5) { CheckMaxConcurrentAttempts(5); }

// CheckpointCoordinatorTest.testExpiredCheckpointExceedsTolerableFailureNumber
// (the default tolerance 0): timeout 2500. CP1@1000 expires at 3500; the job
// must fail. R2, R3 (ticks 2000, 3000) stay queued: nothing starts until Stop.
BOOST_AUTO_TEST_CASE(expired_checkpoint_exceeding_the_tolerance_fails_the_job) {
  CheckpointScheduler scheduler(CheckpointPlanOf({.timeout_ms = 2500}));
  scheduler.Start(T(0));
  scheduler.Advance(T(3000), kAll);
  BOOST_TEST(scheduler.queued() == 2u);
  BOOST_TEST(scheduler.NextDue().millis() == 3500);
  const Step step = scheduler.Advance(T(3500), kAll);
  BOOST_TEST(IdsOf(step.expired) == Ids{1}, boost::test_tools::per_element());
  BOOST_TEST(step.triggered.empty());
  BOOST_TEST(step.fail_job.has_value());
  BOOST_TEST(step.fail_job->at.millis() == 3500);
  BOOST_TEST(step.fail_job->message ==
             "Exceeded checkpoint tolerable failure threshold. The latest checkpoint failed due "
             "to Checkpoint expired before completing., view the Checkpoint History tab or the "
             "Job Manager log to find out why continuous checkpoints failed.");
  BOOST_TEST(scheduler.Stop().empty());
  BOOST_TEST(scheduler.queued() == 0u);
}

// CheckpointCoordinator.CheckpointCanceller -> abortPendingCheckpoint, which
// ends with scheduleTriggerRequest: with one failure tolerated the expiry of
// CP1 at 3500 frees its slot and the queued R2 starts at once, as CP2; the
// expired id is gone.
BOOST_AUTO_TEST_CASE(expired_checkpoint_frees_its_slot) {
  CheckpointScheduler scheduler(CheckpointPlanOf({.timeout_ms = 2500, .tolerable_failures = 1}));
  scheduler.Start(T(0));
  scheduler.Advance(T(3000), kAll);
  const Step step = scheduler.Advance(T(3500), kAll);
  BOOST_TEST(IdsOf(step.expired) == Ids{1}, boost::test_tools::per_element());
  BOOST_TEST(!step.fail_job.has_value());
  BOOST_TEST(IdsOf(step.triggered) == Ids{2}, boost::test_tools::per_element());
  BOOST_TEST(step.triggered[0].at.millis() == 3500);
  BOOST_TEST(scheduler.failure_count() == 1);
  BOOST_TEST(!scheduler.IsPending(1));
  BOOST_TEST(scheduler.queued() == 1u);  // R3
}

// Timers due at the same millisecond run in the order they were armed
// (ScheduledThreadPoolExecutor). Timeout 2000: CP1@1000 expires at 3000, armed
// at 1000; the 3000 tick was armed at 2000. The expiry runs first, fails the
// job, and the tick is not run: only R2 (2000) is queued, the tick still due.
BOOST_AUTO_TEST_CASE(same_time_timers_run_in_arming_order) {
  CheckpointScheduler scheduler(CheckpointPlanOf({.timeout_ms = 2000}));
  scheduler.Start(T(0));
  scheduler.Advance(T(2000), kAll);
  const Step step = scheduler.Advance(T(3000), kAll);
  BOOST_TEST(IdsOf(step.expired) == Ids{1}, boost::test_tools::per_element());
  BOOST_TEST(step.fail_job.has_value());
  BOOST_TEST(scheduler.queued() == 1u);
  BOOST_TEST(scheduler.NextDue().millis() == 3000);
}

// CheckpointFailureManagerTest.testContinuousFailure, through the scheduler:
// tolerance 2, max-concurrent 5, four pending. Declines of 1 and 2 count;
// one of 3 for a newer barrier (DECLINED_SUBSUMED) does not; the decline of
// 4 is the third counted failure: 3 > 2 fails the job.
BOOST_AUTO_TEST_CASE(declines_count_towards_the_tolerance) {
  CheckpointScheduler scheduler(CheckpointPlanOf({.max_concurrent = 5, .tolerable_failures = 2}));
  scheduler.Start(T(0));
  scheduler.Advance(T(4000), kAll);
  BOOST_TEST(scheduler.PendingIds() == (Ids{1, 2, 3, 4}), boost::test_tools::per_element());
  BOOST_TEST(!scheduler.Decline(1, T(4100), R::kCheckpointDeclined, kAll).fail_job);
  BOOST_TEST(!scheduler.Decline(2, T(4200), R::kCheckpointAsyncException, kAll).fail_job);
  BOOST_TEST(!scheduler.Decline(3, T(4300), R::kCheckpointDeclinedSubsumed, kAll).fail_job);
  // A second decline of an aborted id is ignored, as Flink ignores it.
  BOOST_TEST(!scheduler.Decline(2, T(4350), R::kCheckpointDeclined, kAll).fail_job);
  BOOST_TEST(scheduler.failure_count() == 2);
  const Step step = scheduler.Decline(4, T(4400), R::kCheckpointDeclined, kAll);
  BOOST_TEST(step.fail_job.has_value());
  BOOST_TEST(step.fail_job->message.find("due to Checkpoint was declined., view") !=
             std::string::npos);
}

// CheckpointFailureManagerTest.testBreakContinuousFailure, through the
// scheduler: tolerance 1, max-concurrent 3. CP1 expires (count 1), CP2
// completes (count 0), CP3 expires (count 1): no job failure. Each expiry is
// trigger + timeout 2500: 3500 and 5500.
BOOST_AUTO_TEST_CASE(a_completed_checkpoint_resets_the_failure_count) {
  CheckpointScheduler scheduler(
      CheckpointPlanOf({.max_concurrent = 3, .timeout_ms = 2500, .tolerable_failures = 1}));
  scheduler.Start(T(0));
  scheduler.Advance(T(3000), kAll);  // CP1, CP2, CP3
  const Step first = scheduler.Advance(T(3500), kAll);
  BOOST_TEST(IdsOf(first.expired) == Ids{1}, boost::test_tools::per_element());
  BOOST_TEST(scheduler.failure_count() == 1);
  scheduler.Complete(2, T(3600), kAll);
  BOOST_TEST(scheduler.failure_count() == 0);
  const Step second = scheduler.Advance(T(5500), kAll);
  BOOST_TEST(IdsOf(second.expired) == Ids{3}, boost::test_tools::per_element());
  BOOST_TEST(!second.fail_job.has_value());
  BOOST_TEST(scheduler.failure_count() == 1);
}

// CheckpointCoordinator.dropSubsumedCheckpoints
// (CheckpointCoordinatorTest.testSuccessfulCheckpointSubsumesUnsuccessful):
// completing CP2 aborts pending CP1 as subsumed, which counts no failure; a
// late completion of CP1 is no completion.
BOOST_AUTO_TEST_CASE(completion_subsumes_lower_pending_ids) {
  CheckpointScheduler scheduler(CheckpointPlanOf({.max_concurrent = 2}));
  scheduler.Start(T(0));
  scheduler.Advance(T(2000), kAll);
  const auto done = scheduler.Complete(2, T(2500), kAll);
  BOOST_TEST(done.completed);
  BOOST_TEST(done.subsumed == Ids{1}, boost::test_tools::per_element());
  BOOST_TEST(scheduler.PendingIds().empty());
  BOOST_TEST(scheduler.failure_count() == 0);
  BOOST_TEST(!scheduler.Complete(1, T(2600), kAll).completed);
}

// CheckpointIDCounter (StandaloneCheckpointIDCounter) is never reset by a
// failover: ids go on. CP1 completes, CP2 is pending when the job leaves
// RUNNING at 2100: Stop aborts it. Start at 5000 re-arms at 5000 + first delay;
// the 6000 trigger finds a task not RUNNING yet and fails without an id
// (testCheckpointAbortsIfTriggerTasksAreNotExecuted); at 7000 the next attempt
// is CP3.
BOOST_AUTO_TEST_CASE(ids_continue_across_stop_and_start) {
  CheckpointScheduler scheduler(CheckpointPlanOf({}));
  scheduler.Start(T(0));
  scheduler.Advance(T(1000), kAll);
  scheduler.Complete(1, T(1300), kAll);
  scheduler.Advance(T(2000), kAll);
  BOOST_TEST(scheduler.Stop() == Ids{2}, boost::test_tools::per_element());
  BOOST_TEST(scheduler.NextDue().is_max());
  BOOST_TEST(scheduler.Advance(T(4000), kAll).triggered.empty());

  scheduler.Start(T(5000));
  BOOST_TEST(scheduler.NextDue().millis() == 6000);
  const Step not_ready = scheduler.Advance(T(6000), Tasks::kNotAllRunning);
  BOOST_TEST(not_ready.triggered.empty());
  BOOST_TEST(
      TimesOf(not_ready.skipped, R::kNotAllRequiredTasksRunning) == (std::vector<int64_t>{6000}),
      boost::test_tools::per_element());
  BOOST_TEST(scheduler.next_id() == 3u);
  const Step ready = scheduler.Advance(T(7000), kAll);
  BOOST_TEST(IdsOf(ready.triggered) == Ids{3}, boost::test_tools::per_element());
  BOOST_TEST(scheduler.TriggerTime(3)->millis() == 7000);
}

// CheckpointCoordinator.onTriggerFailure ends with executeQueuedRequest, so
// when tasks are not all RUNNING every queued request fails in turn, none
// with an id. CP1@1000 pending, R2 and R3 queued at 2000, 3000; CP1 completes
// at 3500 while a task is not RUNNING: both fail there; the 4000 tick is CP2.
BOOST_AUTO_TEST_CASE(queued_requests_fail_in_turn_when_tasks_are_not_running) {
  CheckpointScheduler scheduler(CheckpointPlanOf({}));
  scheduler.Start(T(0));
  scheduler.Advance(T(3000), kAll);
  BOOST_TEST(scheduler.queued() == 2u);
  const auto done = scheduler.Complete(1, T(3500), Tasks::kNotAllRunning);
  BOOST_TEST(done.next.triggered.empty());
  BOOST_TEST(TimesOf(done.next.skipped, R::kNotAllRequiredTasksRunning) ==
                 (std::vector<int64_t>{3500, 3500}),
             boost::test_tools::per_element());
  BOOST_TEST(scheduler.queued() == 0u);
  BOOST_TEST(IdsOf(scheduler.Advance(T(4000), kAll).triggered) == Ids{2},
             boost::test_tools::per_element());
}

// CheckpointCoordinator's constructor raises an interval below min pause to it.
// Interval 500, min pause 800: the first trigger at 800 (the default first
// delay, the top of Flink's [min pause, interval] range); CP1 done 900; the
// 1600 tick has delay 900 + 800 - 1600 = 100: dropped and re-armed for 1700,
// where CP2 starts.
BOOST_AUTO_TEST_CASE(interval_is_raised_to_min_pause) {
  CheckpointPlan plan = CheckpointPlanOf({.interval_ms = 500, .min_pause_ms = 800});
  plan.first_delay.reset();
  CheckpointScheduler scheduler(plan);
  scheduler.Start(T(0));
  BOOST_TEST(scheduler.NextDue().millis() == 800);
  scheduler.Advance(T(800), kAll);
  scheduler.Complete(1, T(900), kAll);
  BOOST_TEST(scheduler.NextDue().millis() == 1600);
  BOOST_TEST(scheduler.Advance(T(1600), kAll).triggered.empty());
  BOOST_TEST(scheduler.NextDue().millis() == 1700);
  BOOST_TEST(IdsOf(scheduler.Advance(T(1700), kAll).triggered) == Ids{2},
             boost::test_tools::per_element());
}

// CheckpointRequestDeciderTest.testQueueSizeLimit: at most 1000
// requests wait; the 1001st periodic request is dropped with
// TOO_MANY_CHECKPOINT_REQUESTS. Interval 10, CP1 pending throughout.
BOOST_AUTO_TEST_CASE(queue_holds_at_most_a_thousand_requests) {
  CheckpointScheduler scheduler(CheckpointPlanOf({.interval_ms = 10, .first_delay_ms = 10}));
  scheduler.Start(T(0));
  scheduler.Advance(T(10), kAll);
  std::vector<int64_t> dropped;
  for (int64_t tick = 1; tick <= 1001; ++tick) {
    const Step step = scheduler.Advance(T(10 + 10 * tick), kAll);
    for (int64_t t : TimesOf(step.skipped, R::kTooManyCheckpointRequests)) dropped.push_back(t);
  }
  BOOST_TEST(scheduler.queued() == 1000u);
  BOOST_TEST(dropped == (std::vector<int64_t>{10 + 10 * 1001}), boost::test_tools::per_element());
}

// Advance called late handles each timer at its own time: one call at 3500
// runs the ticks at 1000, 2000, 3000 in order. With checkpoints never
// completing, CP1 starts at 1000 and R2, R3 queue behind it.
BOOST_AUTO_TEST_CASE(a_late_advance_handles_each_timer_at_its_time) {
  CheckpointScheduler scheduler(CheckpointPlanOf({}));
  scheduler.Start(T(0));
  const Step step = scheduler.Advance(T(3500), kAll);
  BOOST_TEST(IdsOf(step.triggered) == Ids{1}, boost::test_tools::per_element());
  BOOST_TEST(step.triggered[0].at.millis() == 1000);
  BOOST_TEST(scheduler.queued() == 2u);
  BOOST_TEST(scheduler.NextDue().millis() == 4000);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
