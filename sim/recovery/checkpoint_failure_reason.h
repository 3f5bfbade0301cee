// Why a checkpoint request or attempt failed: the subset of Flink's
// CheckpointFailureReason (flink-runtime checkpoint/CheckpointFailureReason
// .java) that the simulator produces, with Flink's names and messages for
// reports.
#ifndef TIDEMARK_SIM_RECOVERY_CHECKPOINT_FAILURE_REASON_H_
#define TIDEMARK_SIM_RECOVERY_CHECKPOINT_FAILURE_REASON_H_

#include <string_view>

namespace tidemark::sim {

enum class CheckpointFailureReason {
  // A request failed before it got an id (pre-flight in Flink's terms).
  kTooManyCheckpointRequests,      // the queue of 1000 requests was full
  kMinimumTimeBetweenCheckpoints,  // min pause not over: the request is dropped
  kNotAllRequiredTasksRunning,     // a task was not RUNNING at trigger time
  kIoException,                    // trigger-side I/O error
  // An attempt with an id was aborted.
  kCheckpointAsyncException,            // a task's asynchronous snapshot part failed
  kCheckpointExpired,                   // not complete within the checkpoint timeout
  kCheckpointSubsumed,                  // a later checkpoint completed first
  kCheckpointDeclined,                  // a task declined it
  kCheckpointDeclinedSubsumed,          // a task saw a newer barrier while aligning
  kCheckpointDeclinedInputEndOfStream,  // an input ended (FLIP-147 off)
  kCheckpointCoordinatorSuspend,        // the scheduler stopped: the job left RUNNING
  kJobFailoverRegion,                   // a failover region restarted
  kTaskFailure,                         // a task it waited for failed
};

// Flink's enum constant, e.g. "CHECKPOINT_EXPIRED".
std::string_view Name(CheckpointFailureReason reason);
// CheckpointFailureReason.message(), e.g. "Checkpoint expired before completing.".
std::string_view Message(CheckpointFailureReason reason);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RECOVERY_CHECKPOINT_FAILURE_REASON_H_
