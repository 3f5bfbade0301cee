// FaultTolerance: the protocol that makes a job fault tolerant
// (docs/checkpoints.md), apart from the world it acts on (world.h) and the
// loop that moves that world (loop.h). It is the Protocol of
// Loop<FaultTolerance>, which calls it at the points protocol.h lists, and it
// asks the loop for emission and delivery through LoopControl.
//
//   runtime_checkpoints.cc  the scheduler's triggers, barriers injected at the
//                           reader subtasks, alignment at each subtask,
//                           snapshots, completion and notification
//   runtime_failover.cc     a failed task's region cancelled, the restart
//                           strategy's decision, the restore of the latest
//                           completed checkpoint, the sources' replay
//   sink_guarantees.cc      the sinks: scripted failures on a record, writes
//                           under each sink's delivery guarantee, what a
//                           reader sees and its duplicates
//   fault_tolerance.cc      building it, starting it, its actions, the end
//
// Invariants: a subtask that is `down` takes no element (its channels were
// emptied, its actions taken off the agenda) until its restart; a checkpoint
// completes only with every subtask's acknowledgement, and at most the latest
// completed one is kept; a pending checkpoint is aborted when the job leaves
// RUNNING. Everything happens within the loop's current action, at the clock's
// time: the protocol's own actions go on the same agenda, so a run stays a
// pure function of (plan, seed).
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_FAULT_TOLERANCE_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_FAULT_TOLERANCE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/recovery/checkpoint_scheduler.h"
#include "sim/recovery/failover_regions.h"
#include "sim/recovery/restart_strategy.h"
#include "sim/recovery/sink_transactions.h"
#include "sim/runtime/internal/protocol.h"
#include "sim/runtime/internal/recovery_state.h"
#include "sim/runtime/internal/world.h"

namespace tidemark::sim::internal {

class FaultTolerance {
 public:
  static constexpr bool kFaultTolerant = true;

  // REQUIRES world.plan.fault_tolerance.enabled(). Adds RunResult::recovery.
  FaultTolerance(World& world, LoopControl& loop);
  FaultTolerance(const FaultTolerance&) = delete;
  FaultTolerance& operator=(const FaultTolerance&) = delete;

  // The loop's calls (protocol.h), in a run's order.
  // The job is RUNNING: the scheduler starts, scripted failures go on the agenda.
  void Start();
  // An action of the protocol's own (Action::Kind kCheckpointTimer and after).
  void OnAction(const Action& action);
  // A channel delivers `record` on valve input `input` of `subtask`, before
  // its operator takes it.
  void OnRecordDelivered(uint32_t subtask, int input, const Record& record);
  // A barrier of `checkpoint` reaches input `input` of `subtask`.
  void OnBarrier(uint32_t subtask, int input, uint64_t checkpoint);
  // The sink subtask `subtask` of sink `sink` takes a record. Throws
  // TaskFailure when a scripted failure makes the sink throw on it (before
  // the ledger notes it as sunk: it never reaches the sink).
  void OnSinkRecord(uint32_t subtask, size_t sink, const Record& record);
  // Whether the reader subtask runs on the live feed: neither down nor
  // replaying its backlog.
  bool Live(uint32_t subtask) const;
  // Whether the reader subtask takes the live feed's row that makes
  // `rows_read` rows read; if so, noted as handed to it.
  bool TakeLiveRow(uint32_t subtask, uint64_t rows_read);
  // The job manager handles a task failure (ExecutionFailureHandler).
  void OnTaskFailure(const TaskFailure& failure);
  // FAILED, or stopped in a restart loop: the run ends.
  bool job_ended() const { return job_ended_; }
  // A restart pending or a backlog replaying: the run may not end.
  bool Busy() const;
  // Every element still in a channel is a checkpoint barrier.
  bool OnlyBarriersInFlight() const;
  // The run ended: a bounded job that finished takes its final checkpoint,
  // which commits every transaction (FLIP-147).
  void OnJobEnd();

 private:
  // A run that restarts this often is in a loop (a failure on every attempt,
  // with restarts never refused): it stops, and says so.
  static constexpr uint64_t kMaxRestarts = 1000;

  RecoveryResult& recovery() { return *world_.result.recovery; }

  // runtime_checkpoints.cc.
  void ScheduleCheckpointTimer();
  void OnCheckpointTimer();
  void TriggerCheckpoint(uint64_t id);
  uint64_t SourcePosition(uint32_t subtask) const;
  void SnapshotSubtask(uint32_t subtask, uint64_t checkpoint);
  // The subtask's snapshot of `checkpoint` is complete (every barrier in).
  void Acknowledge(uint32_t subtask, uint64_t checkpoint);
  void OnAlignmentTimeout(uint32_t subtask);
  void SwitchToUnaligned(uint32_t subtask);
  void ResetAlignment(uint32_t subtask);
  void UnblockInputs(uint32_t subtask);
  void AbortCheckpoint(uint64_t id, std::string_view reason);
  void OnCheckpointComplete(uint64_t id);
  void OnCheckpointNotify(uint64_t id);
  // runtime_failover.cc.
  void OnScriptedFailure(uint32_t failure);
  void CancelSubtasks(const std::vector<uint32_t>& subtasks);
  void FailJob(const std::string& why);
  void OnRestart();
  void RestoreSubtask(uint32_t subtask);
  void StartReplay(uint32_t feed, const std::vector<uint32_t>& restored);
  void OnReplayRow(uint32_t feed);
  void AdvanceReplay(uint32_t feed);
  // sink_guarantees.cc.
  void ThrowIfSinkFails(uint32_t subtask, size_t sink, const Record& record);
  void WriteToSink(uint32_t subtask, size_t sink, const Record& record);
  void ShowSinkRecord(size_t sink, const Record& record, const RecordEmission& emission);

  World& world_;
  LoopControl& loop_;
  std::optional<CheckpointScheduler> scheduler_;
  RestartStrategy restart_;
  FailoverRegions regions_;
  Timestamp scheduler_due_ = Timestamp::Max();  // the kCheckpointTimer on the agenda
  std::vector<SubtaskRecovery> subtask_state_;  // per subtask
  std::map<uint64_t, PendingCheckpoint> pending_;
  std::optional<CompletedCheckpoint> latest_;
  std::vector<std::vector<SinkTransactions>> transactions_;  // [sink][subtask of its stream]
  std::vector<SinkSeen> seen_;                               // per sink
  std::vector<uint64_t> sink_received_;  // per sink: records written, every attempt
  std::vector<bool> fired_;              // per scripted failure: on_record done
  std::vector<uint32_t> to_restart_;     // ascending, while a restart is pending
  Timestamp restart_at_ = Timestamp::Max();
  std::vector<Replay> replays_;      // per feed
  std::vector<uint64_t> delivered_;  // per subtask (sources): rows handed to it so far, high mark
  bool job_ended_ = false;           // FAILED, or stopped in a restart loop
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_FAULT_TOLERANCE_H_
