// CheckpointFailureManager: counts failed checkpoints and says when the job
// must fail because of them, as Flink's CheckpointFailureManager does
// (flink-runtime checkpoint/CheckpointFailureManager.java; docs/checkpoints.md,
// "Checkpoint failures").
//
// Invariants: only the reasons checkFailureCounter counts (I/O, asynchronous
// part, declined, expired) move the count; each checkpoint id counts at most
// once, and only above the last successful id; a success above that id sets
// the count to 0. When the count exceeds tolerable-failed-checkpoints the
// manager asks for a job failure once and starts counting from 0 again.
#ifndef TIDEMARK_SIM_RECOVERY_CHECKPOINT_FAILURE_MANAGER_H_
#define TIDEMARK_SIM_RECOVERY_CHECKPOINT_FAILURE_MANAGER_H_

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "sim/recovery/checkpoint_failure_reason.h"

namespace tidemark::sim {

class CheckpointFailureManager {
 public:
  // REQUIRES tolerable_failures >= 0. INT32_MAX (Flink's
  // UNLIMITED_TOLERABLE_FAILURE_NUMBER) never fails the job.
  explicit CheckpointFailureManager(int tolerable_failures);

  // Checkpoint `id` failed for `reason`. Returns the message of the global
  // job failure Flink raises ("Exceeded checkpoint tolerable failure
  // threshold. ..."), or nullopt.
  std::optional<std::string> OnFailure(uint64_t id, CheckpointFailureReason reason);
  // Checkpoint `id` completed.
  void OnSuccess(uint64_t id);

  // Whether `reason` moves the count (checkFailureCounter's switch).
  static bool Counts(CheckpointFailureReason reason);

  // The consecutive failures counted so far.
  int count() const { return count_; }

 private:
  int tolerable_failures_;
  int count_ = 0;
  std::set<uint64_t> counted_ids_;
  // lastSucceededCheckpointId; Flink starts it at Long.MIN_VALUE, below every id.
  std::optional<uint64_t> last_success_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RECOVERY_CHECKPOINT_FAILURE_MANAGER_H_
