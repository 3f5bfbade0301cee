// Failures in the runtime (docs/checkpoints.md): a failed task's failover
// region is cancelled, the restart strategy decides whether and when it runs
// again, and the restart restores the latest completed checkpoint, rewinds
// the sources and replays their backlog.
#include <algorithm>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "sim/runtime/internal/recovery_state.h"
#include "sim/runtime/internal/runtime_state.h"

namespace tidemark::sim::internal {

void Runtime::OnScriptedFailure(uint32_t index) {
  const FailurePlan& f = plan_.fault_tolerance.failures[index];
  const uint32_t subtask = first_subtask_[f.node] + static_cast<uint32_t>(f.subtask);
  HandleFailure({.subtask = subtask,
                 .cause = fmt::format("{} failure of {}/{} at {}", f.seeded ? "seeded" : "scripted",
                                      plan_.nodes[f.node].name, f.subtask, f.at.millis())});
}

// The job manager handles a task failure (ExecutionFailureHandler): the
// restart strategy decides; the job leaves RUNNING, so the checkpoint
// scheduler stops and every pending checkpoint is aborted (a checkpoint not
// complete by now never completes); the failover region is cancelled.
void Runtime::HandleFailure(const TaskFailure& failure) {
  Recovery& r = *recovery_;
  RecoveryResult& out = *result_.recovery;
  ++out.failure_count;
  const Subtask& failed = subtasks_[failure.subtask];
  FailureRecord record;
  record.at = now_;
  record.node = failed.node;
  record.subtask = failed.index;
  record.cause = failure.cause;
  const auto keep = [&out](FailureRecord&& f) {
    if (out.failures.size() < RecoveryResult::kMaxListed) out.failures.push_back(std::move(f));
  };
  if (r.job_ended || r.subtasks[failure.subtask].down) {
    record.outcome = FailureRecord::Outcome::kIgnored;
    keep(std::move(record));
    return;
  }
  Step(ScheduleStep::Kind::kFailure, failure.subtask);
  const RestartStrategy::Decision decision = r.restart.OnFailure(now_);
  if (r.scheduler && r.scheduler->running()) {
    for (uint64_t id : r.scheduler->Stop()) AbortCheckpoint(id, "CHECKPOINT_COORDINATOR_SUSPEND");
    r.scheduler_due = Timestamp::Max();
  }
  // Attempts still pending for the scheduler's sake are gone with it.
  std::vector<uint64_t> pending;
  for (const auto& [id, p] : r.pending) pending.push_back(id);
  for (uint64_t id : pending) AbortCheckpoint(id, "JOB_FAILOVER_REGION");
  if (!decision.restart) {
    record.outcome = FailureRecord::Outcome::kJobFailed;
    record.refusal = decision.refusal;
    keep(std::move(record));
    FailJob(decision.refusal);
    return;
  }
  if (r.restart.restarts() > Recovery::kMaxRestarts ||
      out.failure_count > Recovery::kMaxRestarts * 10) {
    const std::string why = fmt::format(
        "stopped after {} restarts: a failure recurs on every attempt and the restart strategy "
        "never refuses (a restart loop)",
        Recovery::kMaxRestarts);
    record.outcome = FailureRecord::Outcome::kJobFailed;
    record.refusal = why;
    keep(std::move(record));
    FailJob(why);
    return;
  }
  std::vector<uint32_t> restart =
      failure.global ? r.regions.ToRestart(failure.subtask, RestartPlan::Failover::kFull)
                     : r.regions.ToRestart(failure.subtask, plan_.fault_tolerance.restart.failover);
  record.outcome =
      decision.merged ? FailureRecord::Outcome::kMerged : FailureRecord::Outcome::kRestarted;
  record.restart_at = decision.restart_at;
  record.restored_checkpoint = r.latest ? r.latest->id : 0;
  for (uint32_t s : restart) record.restarted.emplace_back(subtasks_[s].node, subtasks_[s].index);
  keep(std::move(record));
  out.restarts = r.restart.restarts();
  CancelSubtasks(restart);
  std::vector<uint32_t> merged;
  std::set_union(r.to_restart.begin(), r.to_restart.end(), restart.begin(), restart.end(),
                 std::back_inserter(merged));
  r.to_restart = std::move(merged);
  // One restart for everything cancelled: the latest decision's time.
  r.restart_at = decision.restart_at;
  agenda_.Push(std::max(now_, r.restart_at), {Action::Kind::kRestart, 0});
}

// Cancels the subtasks: their timers, ticks, alignment and everything in the
// channels that touch them are gone (a region is closed under its channels).
void Runtime::CancelSubtasks(const std::vector<uint32_t>& cancelled) {
  Recovery& r = *recovery_;
  std::vector<bool> in(subtasks_.size(), false);
  for (uint32_t s : cancelled) {
    in[s] = true;
    SubtaskRecovery& sr = r.subtasks[s];
    sr.down = true;
    sr.aligning = 0;
    sr.barriers = 0;
    sr.barrier_in.clear();
    Subtask& t = subtasks_[s];
    if (t.wakeup != Timestamp::Max()) {
      --wakeups_pending_;
      t.wakeup = Timestamp::Max();
    }
    t.tick_due.reset();
    t.ticks_parked_at.reset();
    t.quiet_ticks = 0;
    t.quiet_until.reset();
  }
  for (Channel& channel : channels_) {
    if (!in[channel.from_subtask] && !in[channel.to_subtask]) continue;
    channel.queue.clear();
    if (channel.scheduled) {
      channel.scheduled = false;
      --channels_scheduled_;
    }
    channel.blocked = false;
    channel.last_ready = Timestamp::Min();
  }
  for (Replay& replay : r.replays) {
    for (uint32_t s : cancelled) replay.from.erase(s);
  }
  agenda_.RemoveIf([&](const Action& a) {
    switch (a.kind) {
      case Action::Kind::kTick:
      case Action::Kind::kWakeup:
      case Action::Kind::kAlignmentTimeout: return bool(in[a.target]);
      case Action::Kind::kDeliver:
        return in[channels_[a.target].from_subtask] || in[channels_[a.target].to_subtask];
      default: return false;
    }
  });
}

// The job is FAILED (or stopped in a restart loop): nothing runs any more.
void Runtime::FailJob(const std::string& why) {
  Recovery& r = *recovery_;
  r.job_ended = true;
  result_.recovery->job_failed = why;
  result_.recovery->failed_at = now_;
  std::vector<uint32_t> all(subtasks_.size());
  for (uint32_t s = 0; s < all.size(); ++s) all[s] = s;
  CancelSubtasks(all);
}

// The restart delay is over: the cancelled subtasks come back with the state
// of the latest completed checkpoint (none: empty, sources from the start),
// every watermark at Min; exactly-once sinks commit what that checkpoint
// holds and abort the rest; processing-time timers that fell due meanwhile
// fire at once, before the first replayed row (a choice Flink leaves to a
// race: docs/checkpoints.md); then the sources replay their backlog.
void Runtime::OnRestart() {
  Recovery& r = *recovery_;
  if (now_ != r.restart_at || r.to_restart.empty() || r.job_ended) return;
  const std::vector<uint32_t> restored = std::move(r.to_restart);
  r.to_restart.clear();
  r.restart_at = Timestamp::Max();
  r.restart.RestartDone();
  const uint64_t checkpoint = r.latest ? r.latest->id : 0;
  std::vector<bool> in(subtasks_.size(), false);
  for (uint32_t s : restored) {
    in[s] = true;
    RestoreSubtask(s);
  }
  for (size_t sink = 0; sink < r.sinks.size(); ++sink) {
    const uint32_t first = first_subtask_[plan_.sinks[sink].node];
    for (size_t i = 0; i < r.sinks[sink].size(); ++i) {
      if (!in[first + i]) continue;
      result_.recovery->sinks[sink].aborted += r.sinks[sink][i].Restore(checkpoint, now_);
    }
  }
  for (uint32_t f = 0; f < feeds_.size(); ++f) {
    std::vector<uint32_t> of_feed;
    for (uint32_t s : restored) {
      if (subtasks_[s].node == feeds_[f].node) of_feed.push_back(s);
    }
    if (!of_feed.empty()) StartReplay(f, of_feed);
  }
  bool all_running = true;
  for (const SubtaskRecovery& sr : r.subtasks) all_running = all_running && !sr.down;
  if (r.scheduler && all_running && !r.scheduler->running()) {
    r.scheduler->Start(now_);
    ScheduleCheckpointTimer();
  }
  for (uint32_t s : restored) {
    Subtask& t = subtasks_[s];
    if (!t.op || r.subtasks[s].down) continue;
    t.op->AdvanceProcessingTime(now_, *contexts_[s]);
    ScheduleWakeup(s);
  }
  // Unaligned: the in-flight records of the checkpoint go in first, before
  // anything live (Unaligned Recovery).
  if (!r.latest) return;
  for (uint32_t s : restored) {
    for (const Record& record : r.latest->channel_state[s]) {
      if (r.subtasks[s].down) break;
      ProcessRecord(s, Record(record));
    }
  }
}

void Runtime::RestoreSubtask(uint32_t subtask) {
  Recovery& r = *recovery_;
  Subtask& t = subtasks_[subtask];
  const CompletedCheckpoint* checkpoint = r.latest ? &*r.latest : nullptr;
  if (t.op) {
    t.op = MakeSubtaskOperator(plan_.nodes[t.node], detailed());
    if (checkpoint && checkpoint->operators[subtask]) {
      t.op->RestoreFrom(*checkpoint->operators[subtask]);
    }
  }
  // Nothing of event time is in a checkpoint: every valve and generator
  // starts afresh, all inputs active at Min.
  if (t.valve) t.valve = std::make_unique<engine::StatusWatermarkValve>(inputs_of_[subtask]);
  t.watermark = Timestamp::Min();
  t.finished = false;
  t.wakeup = Timestamp::Max();
  t.split_idle.clear();
  t.tick_due.reset();
  t.ticks_parked_at.reset();
  t.quiet_ticks = 0;
  t.quiet_until.reset();
  SubtaskRecovery& sr = r.subtasks[subtask];
  sr.down = false;
  ++sr.attempt;
  sr.last_barrier = checkpoint ? checkpoint->id : 0;
  if (Step(ScheduleStep::Kind::kRestore, subtask)) {
    result_.schedule.back().checkpoint = sr.last_barrier;
  }
  if (!t.source) return;
  SourceSubtaskOptions options = t.source->options();
  options.open_time = now_;
  t.source = std::make_unique<SourceSubtask>(std::move(options), *source_sink_of_[subtask]);
  if (const std::optional<Timestamp> tick = t.source->next_tick()) {
    t.tick_due = tick;
    agenda_.PushToCalendar(*tick, {Action::Kind::kTick, subtask});
  }
}

// Reads the trace again from its start and hands each restored subtask its
// rows from its checkpointed position; subtasks still catching up from an
// earlier restore go on from where they are.
void Runtime::StartReplay(uint32_t f, const std::vector<uint32_t>& restored) {
  Recovery& r = *recovery_;
  Replay& replay = r.replays[f];
  std::map<uint32_t, uint64_t> from;
  if (replay.active) {
    for (const auto& [s, start] : replay.from) from[s] = std::max(start, replay.index);
  }
  for (uint32_t s : restored) from[s] = r.latest ? r.latest->positions[s] : 0;
  agenda_.RemoveIf(
      [f](const Action& a) { return a.kind == Action::Kind::kReplayRow && a.target == f; });
  replay = Replay{};
  replay.active = true;
  replay.from = std::move(from);
  replay.input = OpenTrace(plan_.sources[plan_.nodes[feeds_[f].node].source].trace);
  replay.index = UINT64_MAX;  // before the first row
  replay.due = now_;
  AdvanceReplay(f);
}

// Reads on to the next row the replay hands to one of its subtasks and puts
// it on the agenda; when it reaches the live feed's position, its subtasks
// read live again.
void Runtime::AdvanceReplay(uint32_t f) {
  Recovery& r = *recovery_;
  Replay& replay = r.replays[f];
  SourceFeed& feed = feeds_[f];
  for (;;) {
    replay.has_next = replay.input->Next(replay.next);
    ++replay.index;  // UINT64_MAX wraps to row 0
    if (!replay.has_next || replay.index >= LiveNextRow(feed) || replay.from.empty()) break;
    const int32_t partition =
        replay.next.partition
            ? *replay.next.partition
            : static_cast<int32_t>(replay.index % static_cast<uint64_t>(feed.partitions));
    const uint32_t subtask = feed.owner[static_cast<size_t>(partition)];
    const auto it = replay.from.find(subtask);
    if (it != replay.from.end() && replay.index >= it->second) {
      agenda_.PushToLane(feeds_.size() + f, std::max(now_, replay.due),
                         {Action::Kind::kReplayRow, f});
      return;
    }
  }
  // Caught up: the live feed serves these subtasks from here on.
  const std::map<uint32_t, uint64_t> handed = std::move(replay.from);
  replay = Replay{};
  for (const auto& [s, start] : handed) {
    (void)start;
    if (feed.exhausted && plan_.sources[plan_.nodes[feed.node].source].bounded()) {
      FinishSourceSubtask(s);
    }
  }
}

void Runtime::OnReplayRow(uint32_t f) {
  Recovery& r = *recovery_;
  Replay& replay = r.replays[f];
  if (!replay.active || !replay.has_next) return;
  SourceFeed& feed = feeds_[f];
  TraceRow& row = replay.next;
  const int32_t partition =
      row.partition ? *row.partition
                    : static_cast<int32_t>(replay.index % static_cast<uint64_t>(feed.partitions));
  const uint32_t subtask = feed.owner[static_cast<size_t>(partition)];
  // Its reader was cancelled after the row was put on the agenda
  // (CancelSubtasks took it out of `from`): a cancelled task reads nothing.
  // Its restart replays the row again from the restored position.
  if (replay.from.count(subtask) == 0) {
    AdvanceReplay(f);
    return;
  }
  if (replay.index < r.delivered[subtask] && row.kind != TraceRowKind::kWatermark) {
    ++result_.recovery->replayed_rows[plan_.nodes[feed.node].source];
  }
  r.delivered[subtask] = std::max(r.delivered[subtask], replay.index + 1);
  replay.due = now_ + plan_.sources[plan_.nodes[feed.node].source].replay_every;
  try {
    DeliverRow(feed, row, partition, subtask, /*count_in=*/false);
  } catch (const TaskFailure&) {
    row_feed_ = nullptr;
    AdvanceReplay(f);
    throw;
  }
  AdvanceReplay(f);
}

bool Runtime::OnlyBarriersInFlight() const {
  for (const Channel& channel : channels_) {
    for (size_t i = 0; i < channel.queue.size(); ++i) {
      if (channel.queue[i].second.kind != StreamElement::Kind::kBarrier) return false;
    }
  }
  return true;
}

bool Runtime::RecoveryBusy() const {
  const Recovery& r = *recovery_;
  if (!r.to_restart.empty()) return true;
  for (const Replay& replay : r.replays) {
    if (replay.active) return true;
  }
  return false;
}

}  // namespace tidemark::sim::internal
