// SinkTransactions: what one sink subtask has written and what a reader of
// the sink sees, under the sink's delivery guarantee (docs/checkpoints.md,
// "Sinks").
//
// kNone and kAtLeastOnce write each record at once: it is visible when
// written, and a restore makes the replay write it again. (At-least-once
// also flushes at each checkpoint; the simulator has no producer buffer to
// lose, so the two differ only in name.)
//
// kExactlyOnce writes into a transaction (Flink's Sink V2 two-phase commit:
// SinkWriterOperator, CommitterOperator; KafkaSink EXACTLY_ONCE):
//   - at barrier k the open transaction is precommitted under k
//     (prepareSnapshotPreBarrier) and a new one opens;
//   - notifyCheckpointComplete(k) commits every precommitted transaction with
//     an id <= k, in id order: their records become visible;
//   - a restore from checkpoint r first commits the transactions precommitted
//     under ids <= r that no notification reached (initializeState re-commits
//     them), and aborts the rest and the open one: their records are never
//     visible;
//   - at the end of a bounded job the final checkpoint commits everything.
// Memory: records wait only between their write and the commit that follows.
#ifndef TIDEMARK_SIM_RECOVERY_SINK_TRANSACTIONS_H_
#define TIDEMARK_SIM_RECOVERY_SINK_TRANSACTIONS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "sim/graph/fault_tolerance.h"

namespace tidemark::sim {

// A record as a sink subtask wrote it.
struct SinkWrite {
  engine::Record record;
  engine::Timestamp watermark = engine::Timestamp::Min();   // the emitting operator's
  engine::Timestamp written_at = engine::Timestamp::Min();  // processing time
};

class SinkTransactions {
 public:
  // Called for each record as it becomes visible, in the order a reader
  // sees them, with the processing time at which it does.
  using Visible = std::function<void(SinkWrite&& write, engine::Timestamp visible_at)>;

  SinkTransactions(SinkGuarantee guarantee, Visible visible)
      : guarantee_(guarantee), visible_(std::move(visible)) {}

  SinkGuarantee guarantee() const { return guarantee_; }

  void Write(SinkWrite&& write);
  // Barrier `checkpoint` passed the subtask: precommit the open transaction.
  void PreCommit(uint64_t checkpoint);
  // notifyCheckpointComplete(checkpoint) at `now`.
  void Commit(uint64_t checkpoint, engine::Timestamp now);
  // The subtask restarts from checkpoint `restored` (0: none completed):
  // commit what that checkpoint precommitted, abort the rest. Returns how
  // many records were aborted.
  uint64_t Restore(uint64_t restored, engine::Timestamp now);
  // The job ended: the final checkpoint commits everything (bounded), or
  // nothing more will (`commit` false: a job that stops or fails for good).
  // Returns how many records were left uncommitted.
  uint64_t Finish(bool commit, engine::Timestamp now);

  // Records written and not yet visible.
  uint64_t waiting() const;

 private:
  SinkGuarantee guarantee_;
  Visible visible_;
  std::vector<SinkWrite> open_;
  std::map<uint64_t, std::vector<SinkWrite>> precommitted_;  // by checkpoint id
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RECOVERY_SINK_TRANSACTIONS_H_
