#include "sim/recovery/checkpoint_failure_reason.h"

namespace tidemark::sim {

std::string_view Name(CheckpointFailureReason reason) {
  using R = CheckpointFailureReason;
  switch (reason) {
    case R::kTooManyCheckpointRequests: return "TOO_MANY_CHECKPOINT_REQUESTS";
    case R::kMinimumTimeBetweenCheckpoints: return "MINIMUM_TIME_BETWEEN_CHECKPOINTS";
    case R::kNotAllRequiredTasksRunning: return "NOT_ALL_REQUIRED_TASKS_RUNNING";
    case R::kIoException: return "IO_EXCEPTION";
    case R::kCheckpointAsyncException: return "CHECKPOINT_ASYNC_EXCEPTION";
    case R::kCheckpointExpired: return "CHECKPOINT_EXPIRED";
    case R::kCheckpointSubsumed: return "CHECKPOINT_SUBSUMED";
    case R::kCheckpointDeclined: return "CHECKPOINT_DECLINED";
    case R::kCheckpointDeclinedSubsumed: return "CHECKPOINT_DECLINED_SUBSUMED";
    case R::kCheckpointDeclinedInputEndOfStream: return "CHECKPOINT_DECLINED_INPUT_END_OF_STREAM";
    case R::kCheckpointCoordinatorSuspend: return "CHECKPOINT_COORDINATOR_SUSPEND";
    case R::kJobFailoverRegion: return "JOB_FAILOVER_REGION";
    case R::kTaskFailure: return "TASK_FAILURE";
  }
  return "";
}

// The texts of flink-runtime checkpoint/CheckpointFailureReason.java, verbatim
// (some end with a period, some do not).
std::string_view Message(CheckpointFailureReason reason) {
  using R = CheckpointFailureReason;
  switch (reason) {
    case R::kTooManyCheckpointRequests:
      return "The maximum number of queued checkpoint requests exceeded";
    case R::kMinimumTimeBetweenCheckpoints:
      return "The minimum time between checkpoints is still pending. "
             "Checkpoint will be triggered after the minimum time.";
    case R::kNotAllRequiredTasksRunning: return "Not all required tasks are currently running.";
    case R::kIoException:
      return "An Exception occurred while triggering the checkpoint. IO-problem detected.";
    case R::kCheckpointAsyncException: return "Asynchronous task checkpoint failed.";
    case R::kCheckpointExpired: return "Checkpoint expired before completing.";
    case R::kCheckpointSubsumed: return "Checkpoint has been subsumed.";
    case R::kCheckpointDeclined: return "Checkpoint was declined.";
    case R::kCheckpointDeclinedSubsumed:
      return "Checkpoint was canceled because a barrier from newer checkpoint was received.";
    case R::kCheckpointDeclinedInputEndOfStream:
      return "Checkpoint was declined because one input stream is finished";
    case R::kCheckpointCoordinatorSuspend: return "Checkpoint Coordinator is suspending.";
    case R::kJobFailoverRegion: return "FailoverRegion is restarting.";
    case R::kTaskFailure: return "Task has failed.";
  }
  return "";
}

}  // namespace tidemark::sim
