#include "sim/recovery/checkpoint_failure_manager.h"

#include <cstdint>

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::sim {

namespace {
// CheckpointFailureManager.UNLIMITED_TOLERABLE_FAILURE_NUMBER.
constexpr int kUnlimitedTolerableFailures = INT32_MAX;
}  // namespace

CheckpointFailureManager::CheckpointFailureManager(int tolerable_failures)
    : tolerable_failures_(tolerable_failures) {
  TIDEMARK_CHECK(tolerable_failures >= 0);
}

bool CheckpointFailureManager::Counts(CheckpointFailureReason reason) {
  using R = CheckpointFailureReason;
  switch (reason) {
    case R::kIoException:
    case R::kCheckpointAsyncException:
    case R::kCheckpointDeclined:
    case R::kCheckpointExpired: return true;
    case R::kTooManyCheckpointRequests:
    case R::kMinimumTimeBetweenCheckpoints:
    case R::kNotAllRequiredTasksRunning:
    case R::kCheckpointSubsumed:
    case R::kCheckpointDeclinedSubsumed:
    case R::kCheckpointDeclinedInputEndOfStream:
    case R::kCheckpointCoordinatorSuspend:
    case R::kJobFailoverRegion:
    case R::kTaskFailure: return false;
  }
  return false;
}

// checkFailureAgainstCounter + checkFailureCounter. Task-level (declined) and
// job-level (expired) failures of a checkpoint follow the same rule; only
// savepoints, out of scope here, differ.
std::optional<std::string> CheckpointFailureManager::OnFailure(uint64_t id,
                                                               CheckpointFailureReason reason) {
  if (last_success_.has_value() && id <= *last_success_) return std::nullopt;
  if (tolerable_failures_ == kUnlimitedTolerableFailures || !Counts(reason)) return std::nullopt;
  if (counted_ids_.insert(id).second) ++count_;
  if (count_ <= tolerable_failures_) return std::nullopt;
  count_ = 0;
  counted_ids_.clear();
  return fmt::format(
      "Exceeded checkpoint tolerable failure threshold. The latest checkpoint failed due to {}, "
      "view the Checkpoint History tab or the Job Manager log to find out why continuous "
      "checkpoints failed.",
      Message(reason));
}

// handleCheckpointSuccess: only a newer success resets the count.
void CheckpointFailureManager::OnSuccess(uint64_t id) {
  if (last_success_.has_value() && id <= *last_success_) return;
  last_success_ = id;
  count_ = 0;
  counted_ids_.clear();
}

}  // namespace tidemark::sim
