// Checkpoints (docs/checkpoints.md): the scheduler's triggers, barriers
// injected at the reader subtasks and carried through the channels, alignment
// at each subtask, snapshots, completion and notification. Part of
// FaultTolerance (fault_tolerance.h).
#include <algorithm>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/runtime/internal/fault_tolerance.h"

namespace tidemark::sim::internal {

void FaultTolerance::ScheduleCheckpointTimer() {
  const Timestamp due = scheduler_ ? scheduler_->NextDue() : Timestamp::Max();
  if (due == scheduler_due_) return;
  scheduler_due_ = due;
  if (due != Timestamp::Max())
    world_.agenda.Push(std::max(due, world_.now), {Action::Kind::kCheckpointTimer, 0});
}

namespace {

CheckpointScheduler::Tasks TasksOf(const std::vector<SubtaskRecovery>& subtasks) {
  for (const SubtaskRecovery& s : subtasks) {
    if (s.down) return CheckpointScheduler::Tasks::kNotAllRunning;
  }
  return CheckpointScheduler::Tasks::kAllRunning;
}

}  // namespace

void FaultTolerance::OnCheckpointTimer() {
  if (world_.now != scheduler_due_ || job_ended_) return;  // superseded
  scheduler_due_ = Timestamp::Max();
  const CheckpointScheduler::Step step = scheduler_->Advance(world_.now, TasksOf(subtask_state_));
  for (const CheckpointScheduler::Attempt& expired : step.expired) {
    AbortCheckpoint(expired.id, "CHECKPOINT_EXPIRED");
  }
  for (const CheckpointScheduler::Attempt& triggered : step.triggered) {
    TriggerCheckpoint(triggered.id);
  }
  ScheduleCheckpointTimer();
  if (step.fail_job) {
    // CheckpointFailureManager asks for a global failover: every task.
    OnTaskFailure({.subtask = 0, .cause = step.fail_job->message, .global = true});
  }
}

// The coordinator's trigger reaches every source subtask at once: each takes
// its snapshot (its position in the trace) and sends the barrier after the
// rows it has emitted (SourceOperatorStreamTask, §1.5 of docs/checkpoints.md).
void FaultTolerance::TriggerCheckpoint(uint64_t id) {
  if (id > kMaxCheckpointTriggers) {
    const CheckpointPlan& plan = *world_.plan.fault_tolerance.checkpointing;
    throw engine::InputError(
        plan.where,
        fmt::format("checkpointing every {} ms reached {} checkpoints at processing time {} ms, "
                    "more than the limit of {}",
                    plan.interval.millis(), id, world_.now.millis(), kMaxCheckpointTriggers),
        "checkpoint less often, or end the run sooner ('end: {at: ...}' on the sources, or "
        "'run_until')");
  }
  PendingCheckpoint& p = pending_[id];
  p.id = id;
  p.triggered = world_.now;
  p.operators.resize(world_.subtasks.size());
  p.positions.assign(world_.subtasks.size(), 0);
  p.taken.assign(world_.subtasks.size(), false);
  p.acked.assign(world_.subtasks.size(), false);
  p.channel_state.resize(world_.subtasks.size());
  RecoveryResult& out = recovery();
  if (out.checkpoints.size() < RecoveryResult::kMaxListed) {
    p.record = out.checkpoints.size();
    CheckpointRecord& record = out.checkpoints.emplace_back();
    record.id = id;
    record.triggered = world_.now;
  }
  for (uint32_t s = 0; s < world_.subtasks.size(); ++s) {
    if (!world_.subtasks[s].source) continue;
    p.positions[s] = SourcePosition(s);
    if (p.record != SIZE_MAX) {
      out.checkpoints[p.record].cuts.push_back({.node = world_.subtasks[s].node,
                                                .subtask = world_.subtasks[s].index,
                                                .next_row = p.positions[s]});
    }
  }
  for (uint32_t s = 0; s < world_.subtasks.size(); ++s) {
    if (!world_.subtasks[s].source || pending_.count(id) == 0) continue;
    subtask_state_[s].last_barrier = id;
    SnapshotSubtask(s, id);
    Acknowledge(s, id);
  }
}

// The first row a source subtask has not yet been handed.
uint64_t FaultTolerance::SourcePosition(uint32_t subtask) const {
  const NodeIndex node = world_.subtasks[subtask].node;
  for (uint32_t f = 0; f < world_.feeds.size(); ++f) {
    if (world_.feeds[f].node != node) continue;
    const Replay& replay = replays_[f];
    if (replay.active) {
      const auto it = replay.from.find(subtask);
      if (it != replay.from.end()) return std::max(it->second, replay.index);
    }
    return World::LiveNextRow(world_.feeds[f]);
  }
  return 0;
}

// A barrier reaches input `input` of `subtask` (docs/checkpoints.md,
// "Barriers"):
//   - exactly-once, aligned (SingleCheckpointBarrierHandler.aligned): the
//     input is blocked until every input's barrier is in, then the snapshot;
//   - at-least-once (CheckpointBarrierTracker): nothing blocks, the snapshot
//     at the last barrier;
//   - unaligned (SingleCheckpointBarrierHandler.alternating): the snapshot at
//     the first barrier; what the other inputs deliver before their barriers
//     is its channel state. With an aligned timeout, aligned until the
//     checkpoint is older than it. A subtask with a pointwise input stays
//     aligned (StreamGraphGenerator marks its edges as not supporting it).
// The subtask acknowledges once every barrier is in.
void FaultTolerance::OnBarrier(uint32_t subtask, int input, uint64_t checkpoint) {
  SubtaskRecovery& sr = subtask_state_[subtask];
  if (sr.down || checkpoint <= sr.last_barrier) return;  // old, or done
  const int inputs = world_.inputs_of[subtask];
  const CheckpointPlan& plan = *world_.plan.fault_tolerance.checkpointing;
  const bool unaligned = plan.unaligned && !sr.forced_aligned;
  if (sr.aligning != checkpoint) {
    // A newer barrier subsumes the one being aligned (checkNewCheckpoint).
    if (sr.aligning != 0) ResetAlignment(subtask);
    sr.aligning = checkpoint;
    sr.barriers = 0;
    sr.barrier_in.assign(static_cast<size_t>(inputs), false);
    sr.snapshot_taken = false;
    const auto p = pending_.find(checkpoint);
    if (unaligned && plan.aligned_timeout.millis() > 0 && inputs > 1 && p != pending_.end()) {
      // The timer armed at the first barrier (registerAlignmentTimer).
      world_.agenda.Push(std::max(world_.now, p->second.triggered + plan.aligned_timeout +
                                                  engine::Duration::Millis(1)),
                         {Action::Kind::kAlignmentTimeout, subtask});
    }
  }
  if (sr.barrier_in[static_cast<size_t>(input)]) return;
  sr.barrier_in[static_cast<size_t>(input)] = true;
  ++sr.barriers;
  if (sr.barriers == inputs) {
    if (!sr.snapshot_taken) SnapshotSubtask(subtask, checkpoint);
    ResetAlignment(subtask);
    sr.last_barrier = checkpoint;
    Acknowledge(subtask, checkpoint);
    return;
  }
  if (unaligned) {
    const auto p = pending_.find(checkpoint);
    const bool timed_out =
        plan.aligned_timeout.millis() == 0 ||
        (p != pending_.end() && world_.now - p->second.triggered > plan.aligned_timeout);
    if (timed_out) {
      if (!sr.snapshot_taken) SwitchToUnaligned(subtask);
      return;
    }
  }
  if (plan.mode == CheckpointingMode::kExactlyOnce && !sr.snapshot_taken) {
    const uint32_t channel = world_.input_channel[subtask][static_cast<size_t>(input)];
    if (channel != World::kNoChannel) world_.channels[channel].blocked = true;
  }
}

// Takes the snapshot now, at a barrier that is not the last, and lets every
// input flow: what comes before the missing barriers is channel state.
void FaultTolerance::SwitchToUnaligned(uint32_t subtask) {
  SubtaskRecovery& sr = subtask_state_[subtask];
  sr.snapshot_taken = true;
  SnapshotSubtask(subtask, sr.aligning);
  UnblockInputs(subtask);
}

void FaultTolerance::OnAlignmentTimeout(uint32_t subtask) {
  SubtaskRecovery& sr = subtask_state_[subtask];
  if (sr.down || sr.aligning == 0 || sr.snapshot_taken) return;
  const auto p = pending_.find(sr.aligning);
  if (p == pending_.end()) return;
  if (world_.now - p->second.triggered >
      world_.plan.fault_tolerance.checkpointing->aligned_timeout) {
    SwitchToUnaligned(subtask);
  }
}

// Unaligned: a record taken after the snapshot, from an input whose barrier
// is not in yet, belongs to the checkpoint as channel state.
void FaultTolerance::OnRecordDelivered(uint32_t subtask, int input, const Record& record) {
  const SubtaskRecovery& sr = subtask_state_[subtask];
  if (!sr.snapshot_taken || sr.aligning == 0 || sr.barrier_in[static_cast<size_t>(input)]) return;
  const auto p = pending_.find(sr.aligning);
  if (p != pending_.end()) p->second.channel_state[subtask].push_back(record);
}

// Ends the alignment in progress: every input unblocked, each channel going
// on in its own order.
void FaultTolerance::ResetAlignment(uint32_t subtask) {
  SubtaskRecovery& sr = subtask_state_[subtask];
  sr.aligning = 0;
  sr.barriers = 0;
  sr.barrier_in.clear();
  sr.snapshot_taken = false;
  UnblockInputs(subtask);
}

void FaultTolerance::UnblockInputs(uint32_t subtask) {
  for (uint32_t id : world_.input_channel[subtask]) {
    if (id == World::kNoChannel) continue;
    Channel& channel = world_.channels[id];
    if (!channel.blocked) continue;
    channel.blocked = false;
    if (!channel.scheduled && !channel.queue.empty()) {
      channel.scheduled = true;
      ++world_.channels_scheduled;
      world_.agenda.Push(std::max(world_.now, channel.queue.front().first),
                         {Action::Kind::kDeliver, id});
    }
  }
}

// One atomic step, as SubtaskCheckpointCoordinatorImpl.checkpointState:
// sinks precommit (prepareSnapshotPreBarrier), the barrier goes to every
// output, then the state is copied.
void FaultTolerance::SnapshotSubtask(uint32_t subtask, uint64_t checkpoint) {
  Subtask& s = world_.subtasks[subtask];
  for (size_t sink : world_.sinks.of(s.node)) transactions_[sink][s.index].PreCommit(checkpoint);
  const auto it = pending_.find(checkpoint);
  const bool taking = it != pending_.end() && !it->second.taken[subtask];
  // Narrated before what the barrier reaches downstream.
  if (taking && world_.Step(ScheduleStep::Kind::kCheckpoint, subtask)) {
    world_.result.schedule.back().checkpoint = checkpoint;
  }
  loop_.SendBarrier(subtask, checkpoint);
  // Aborted meanwhile: the barrier still flows, nothing is kept.
  if (!taking || pending_.count(checkpoint) == 0) return;
  PendingCheckpoint& p = pending_.find(checkpoint)->second;
  p.taken[subtask] = true;
  if (s.op) p.operators[subtask] = s.op->Snapshot();
}

// The subtask's part is done (its asynchronous part takes ack_delay); the
// checkpoint completes with the last acknowledgement.
void FaultTolerance::Acknowledge(uint32_t subtask, uint64_t checkpoint) {
  const auto it = pending_.find(checkpoint);
  if (it == pending_.end() || it->second.acked[subtask]) return;
  PendingCheckpoint& p = it->second;
  p.acked[subtask] = true;
  ++p.acks;
  p.acked_by =
      std::max(p.acked_by, world_.now + world_.plan.fault_tolerance.checkpointing->ack_delay);
  if (p.acks == world_.subtasks.size()) {
    world_.agenda.Push(p.acked_by,
                       {Action::Kind::kCheckpointComplete, static_cast<uint32_t>(checkpoint)});
  }
}

void FaultTolerance::AbortCheckpoint(uint64_t id, std::string_view reason) {
  const auto it = pending_.find(id);
  if (it == pending_.end()) return;
  RecoveryResult& out = recovery();
  if (it->second.record != SIZE_MAX) {
    CheckpointRecord& record = out.checkpoints[it->second.record];
    record.outcome = CheckpointRecord::Outcome::kAborted;
    record.ended = world_.now;
    record.reason = std::string(reason);
  }
  ++out.checkpoints_aborted;
  pending_.erase(it);
  // Tasks still aligning on it are told (notifyCheckpointAborted) and resume.
  for (uint32_t s = 0; s < world_.subtasks.size(); ++s) {
    if (subtask_state_[s].aligning == id) ResetAlignment(s);
  }
}

void FaultTolerance::OnCheckpointComplete(uint64_t id) {
  const auto it = pending_.find(id);
  if (it == pending_.end() || job_ended_) return;  // aborted before the last ack
  const CheckpointScheduler::Completion completion =
      scheduler_->Complete(id, world_.now, TasksOf(subtask_state_));
  if (!completion.completed) return;
  PendingCheckpoint& p = it->second;
  RecoveryResult& out = recovery();
  if (p.record != SIZE_MAX) {
    out.checkpoints[p.record].outcome = CheckpointRecord::Outcome::kCompleted;
    out.checkpoints[p.record].ended = world_.now;
  }
  ++out.checkpoints_completed;
  for (SinkSeen& seen : seen_) seen.Rotate();
  // num-retained 1: the latest completed checkpoint is the only one kept.
  latest_.emplace(CompletedCheckpoint{.id = id,
                                      .operators = std::move(p.operators),
                                      .positions = std::move(p.positions),
                                      .channel_state = std::move(p.channel_state)});
  pending_.erase(it);
  for (uint64_t subsumed : completion.subsumed) AbortCheckpoint(subsumed, "CHECKPOINT_SUBSUMED");
  world_.agenda.Push(world_.now + world_.plan.fault_tolerance.checkpointing->notify_delay,
                     {Action::Kind::kCheckpointNotify, static_cast<uint32_t>(id)});
  for (const CheckpointScheduler::Attempt& triggered : completion.next.triggered) {
    TriggerCheckpoint(triggered.id);
  }
  ScheduleCheckpointTimer();
}

// notifyCheckpointComplete(id) at every running task: exactly-once sinks
// commit what they precommitted up to it (CommitterOperator).
void FaultTolerance::OnCheckpointNotify(uint64_t id) {
  if (job_ended_) return;
  for (size_t sink = 0; sink < transactions_.size(); ++sink) {
    for (size_t i = 0; i < transactions_[sink].size(); ++i) {
      const uint32_t subtask =
          world_.first_subtask[world_.plan.sinks[sink].node] + static_cast<uint32_t>(i);
      if (!subtask_state_[subtask].down) transactions_[sink][i].Commit(id, world_.now);
    }
  }
}

}  // namespace tidemark::sim::internal
