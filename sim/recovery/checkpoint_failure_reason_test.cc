#include "sim/recovery/checkpoint_failure_reason.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

using R = CheckpointFailureReason;

BOOST_AUTO_TEST_SUITE(checkpoint_failure_reason)

// CheckpointFailureReason.java: the constant's name and its message(),
// verbatim, with or without a final period as Flink has it.
BOOST_AUTO_TEST_CASE(reasons_print_flinks_names_and_messages) {
  BOOST_TEST(Name(R::kCheckpointExpired) == "CHECKPOINT_EXPIRED");
  BOOST_TEST(Message(R::kCheckpointExpired) == "Checkpoint expired before completing.");
  BOOST_TEST(Name(R::kMinimumTimeBetweenCheckpoints) == "MINIMUM_TIME_BETWEEN_CHECKPOINTS");
  BOOST_TEST(Message(R::kMinimumTimeBetweenCheckpoints) ==
             "The minimum time between checkpoints is still pending. Checkpoint will be "
             "triggered after the minimum time.");
  BOOST_TEST(Message(R::kTooManyCheckpointRequests) ==
             "The maximum number of queued checkpoint requests exceeded");
  BOOST_TEST(Name(R::kCheckpointCoordinatorSuspend) == "CHECKPOINT_COORDINATOR_SUSPEND");
  BOOST_TEST(Message(R::kCheckpointCoordinatorSuspend) == "Checkpoint Coordinator is suspending.");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
