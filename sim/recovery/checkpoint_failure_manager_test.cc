#include "sim/recovery/checkpoint_failure_manager.h"

#include <string>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

using R = CheckpointFailureReason;

BOOST_AUTO_TEST_SUITE(checkpoint_failure_manager)

// CheckpointFailureManagerTest.testContinuousFailure: tolerable 2. Declined
// 1 and 2 count 1, 2; JOB_FAILOVER_REGION on 3 is not counted; declined 4
// makes 3 > 2: one job failure, worded as failJob's FlinkRuntimeException.
BOOST_AUTO_TEST_CASE(continuous_failures_above_the_tolerance_fail_the_job) {
  CheckpointFailureManager manager(2);
  BOOST_TEST(!manager.OnFailure(1, R::kCheckpointDeclined).has_value());
  BOOST_TEST(!manager.OnFailure(2, R::kCheckpointDeclined).has_value());
  BOOST_TEST(!manager.OnFailure(3, R::kJobFailoverRegion).has_value());
  BOOST_TEST(manager.count() == 2);
  BOOST_TEST(manager.OnFailure(4, R::kCheckpointDeclined).value_or("") ==
             "Exceeded checkpoint tolerable failure threshold. The latest checkpoint failed due "
             "to Checkpoint was declined., view the Checkpoint History tab or the Job Manager "
             "log to find out why continuous checkpoints failed.");
  // Failing the job clears the count (checkFailureAgainstCounter's clearCount).
  BOOST_TEST(manager.count() == 0);
}

// CheckpointFailureManagerTest.testBreakContinuousFailure: IO 1, declined 2
// count 2; success 4 resets to 0; expired 5 counts 1: no job failure.
BOOST_AUTO_TEST_CASE(a_success_breaks_the_run_of_failures) {
  CheckpointFailureManager manager(2);
  BOOST_TEST(!manager.OnFailure(1, R::kIoException).has_value());
  BOOST_TEST(!manager.OnFailure(2, R::kCheckpointDeclined).has_value());
  BOOST_TEST(!manager.OnFailure(3, R::kJobFailoverRegion).has_value());
  manager.OnSuccess(4);
  BOOST_TEST(manager.count() == 0);
  BOOST_TEST(!manager.OnFailure(5, R::kCheckpointExpired).has_value());
  BOOST_TEST(manager.count() == 1);
}

// CheckpointFailureManagerTest.testIgnoresPastCheckpoints: expired 1 and 2
// count 2; success 2 resets; expired 1 (<= 2) is ignored; expired 3 and 4
// count 2, not above the tolerance of 2.
BOOST_AUTO_TEST_CASE(failures_at_or_below_the_last_success_are_ignored) {
  CheckpointFailureManager manager(2);
  BOOST_TEST(!manager.OnFailure(1, R::kCheckpointExpired).has_value());
  BOOST_TEST(!manager.OnFailure(2, R::kCheckpointExpired).has_value());
  manager.OnSuccess(2);
  BOOST_TEST(!manager.OnFailure(1, R::kCheckpointExpired).has_value());
  BOOST_TEST(manager.count() == 0);
  BOOST_TEST(!manager.OnFailure(3, R::kCheckpointExpired).has_value());
  BOOST_TEST(!manager.OnFailure(4, R::kCheckpointExpired).has_value());
  BOOST_TEST(manager.count() == 2);
  // An older success does not reset the count (handleCheckpointSuccess).
  manager.OnSuccess(1);
  BOOST_TEST(manager.count() == 2);
}

// CheckpointFailureManagerTest.testIgnoreOneCheckpointRepeatedlyCountMultiTimes:
// declined 2 reported twice counts once: 1, 2, then still 2.
BOOST_AUTO_TEST_CASE(one_checkpoint_counts_once) {
  CheckpointFailureManager manager(2);
  BOOST_TEST(!manager.OnFailure(1, R::kCheckpointDeclined).has_value());
  BOOST_TEST(!manager.OnFailure(2, R::kCheckpointDeclined).has_value());
  BOOST_TEST(!manager.OnFailure(3, R::kJobFailoverRegion).has_value());
  BOOST_TEST(!manager.OnFailure(2, R::kCheckpointDeclined).has_value());
  BOOST_TEST(manager.count() == 2);
}

// CheckpointFailureManagerTest.testTotalCountValue: tolerance 0, every reason
// once for one id. Flink fails the job 5 times (IO_EXCEPTION,
// CHECKPOINT_DECLINED, FINALIZE_CHECKPOINT_FAILURE, CHECKPOINT_EXPIRED,
// CHECKPOINT_ASYNC_EXCEPTION); the simulator has no finalize failure, so 4.
// Each job failure clears the ids counted, so the same id counts again.
BOOST_AUTO_TEST_CASE(only_io_async_declined_and_expired_count) {
  const R all[] = {R::kTooManyCheckpointRequests,
                   R::kMinimumTimeBetweenCheckpoints,
                   R::kNotAllRequiredTasksRunning,
                   R::kIoException,
                   R::kCheckpointAsyncException,
                   R::kCheckpointExpired,
                   R::kCheckpointSubsumed,
                   R::kCheckpointDeclined,
                   R::kCheckpointDeclinedSubsumed,
                   R::kCheckpointDeclinedInputEndOfStream,
                   R::kCheckpointCoordinatorSuspend,
                   R::kJobFailoverRegion,
                   R::kTaskFailure};
  CheckpointFailureManager manager(0);
  int failures = 0;
  for (R reason : all) failures += manager.OnFailure(7, reason).has_value() ? 1 : 0;
  BOOST_TEST(failures == 4);
}

// CheckpointFailureManager.checkFailureAgainstCounter with the default
// tolerance 0 (CheckpointingOptions): one expired checkpoint fails the job;
// after that the count starts again from 0.
BOOST_AUTO_TEST_CASE(one_expiry_fails_the_job_at_tolerance_zero) {
  CheckpointFailureManager manager(0);
  BOOST_TEST(manager.OnFailure(1, R::kCheckpointExpired)
                 .value_or("")
                 .find("due to Checkpoint expired before completing., view") != std::string::npos);
  BOOST_TEST(manager.OnFailure(2, R::kCheckpointExpired).has_value());
}

// UNLIMITED_TOLERABLE_FAILURE_NUMBER: checkFailureCounter returns at once.
BOOST_AUTO_TEST_CASE(unlimited_tolerance_never_fails_the_job) {
  CheckpointFailureManager manager(INT32_MAX);
  for (uint64_t id = 1; id <= 5; ++id) {
    BOOST_TEST(!manager.OnFailure(id, R::kCheckpointExpired).has_value());
  }
  BOOST_TEST(manager.count() == 0);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
