// The state FaultTolerance (fault_tolerance.h) keeps beside the world: per
// subtask, per checkpoint, per replaying feed and per sink
// (docs/checkpoints.md). Only a job that configures fault tolerance has any.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_RECOVERY_STATE_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_RECOVERY_STATE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "sim/runtime/internal/first_seen_index.h"
#include "sim/runtime/runtime.h"
#include "sim/runtime/subtask_operator.h"
#include "sim/trace/trace_input.h"

namespace tidemark::sim::internal {

using engine::Timestamp;

struct SubtaskRecovery {
  bool down = false;             // cancelled by a failure, waiting for its restart
  uint32_t attempt = 0;          // restarts so far
  uint64_t aligning = 0;         // the checkpoint whose barriers are being collected (0: none)
  uint64_t last_barrier = 0;     // the last checkpoint it snapshotted or restored
  std::vector<bool> barrier_in;  // per valve input: `aligning`'s barrier arrived
  int barriers = 0;
  // Unaligned: the snapshot of `aligning` is taken (at its first barrier);
  // records delivered on inputs whose barrier is not in yet are its channel
  // state.
  bool snapshot_taken = false;
  // Inputs from a pointwise (forward) channel keep every input of the
  // subtask aligned, unaligned checkpoints or not.
  bool forced_aligned = false;
};

// A checkpoint from its trigger until it completes or is aborted: the
// snapshots taken so far.
struct PendingCheckpoint {
  uint64_t id = 0;
  Timestamp triggered = Timestamp::Min();
  size_t snapshots = 0;
  Timestamp acked_by = Timestamp::Min();                    // the latest acknowledgement among them
  std::vector<std::unique_ptr<SubtaskOperator>> operators;  // by subtask; null: no state
  std::vector<uint64_t> positions;                          // by subtask: sources' next row
  std::vector<bool> taken;                                  // by subtask
  std::vector<bool> acked;                                  // by subtask
  size_t acks = 0;
  // Unaligned: by subtask, the in-flight records it took after its snapshot
  // from inputs whose barrier had not arrived, in the order it took them.
  std::vector<std::vector<engine::Record>> channel_state;
  size_t record = SIZE_MAX;  // index into RecoveryResult::checkpoints, if listed
};

struct CompletedCheckpoint {
  uint64_t id = 0;
  std::vector<std::unique_ptr<SubtaskOperator>> operators;
  std::vector<uint64_t> positions;
  std::vector<std::vector<engine::Record>> channel_state;  // unaligned only
};

// A source feed's backlog after a restore: the trace read again from its
// start, its rows handed to the restored reader subtasks from their
// checkpointed positions, as fast as they come, until it reaches the row the
// live feed is at; then those subtasks read live again.
struct Replay {
  bool active = false;
  std::unique_ptr<TraceInput> input;
  TraceRow next;
  bool has_next = false;
  uint64_t index = 0;                 // of `next`
  int32_t round_robin = 0;            // the partition of `next` when it names none
  std::map<uint32_t, uint64_t> from;  // replaying subtask -> its first row
  Timestamp due = Timestamp::Min();   // the next row's delivery, at the source's replay pace
};

// Per sink: content hashes of visible records, to trace duplicates (lookup
// only). A restore replays what came after the latest completed
// checkpoint's cut, so a record made visible before the checkpoint completed
// that preceded it can be shown again by no restore: at each completion the
// older generation is dropped, and memory follows the output of two
// checkpoint intervals, not the trace.
struct SinkSeen {
  FirstSeenIndex current;  // hash -> first visible index
  FirstSeenIndex previous;
  static constexpr size_t kMaxTracked = size_t{1} << 20;
  void Rotate() {
    std::swap(previous, current);
    current.Clear();
  }
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_RECOVERY_STATE_H_
