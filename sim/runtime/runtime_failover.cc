// Failures (docs/checkpoints.md): a failed task's failover region is
// cancelled, the restart strategy decides whether and when it runs again, and
// the restart restores the latest completed checkpoint, rewinds the sources
// and replays their backlog. Part of FaultTolerance (fault_tolerance.h).
#include <algorithm>
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "sim/runtime/internal/fault_tolerance.h"

namespace tidemark::sim::internal {

void FaultTolerance::OnScriptedFailure(uint32_t index) {
  const FailurePlan& f = world_.plan.fault_tolerance.failures[index];
  const uint32_t subtask = world_.first_subtask[f.node] + static_cast<uint32_t>(f.subtask);
  OnTaskFailure({.subtask = subtask,
                 .cause = fmt::format("{} failure of {}/{} at {}", f.seeded ? "seeded" : "scripted",
                                      world_.plan.nodes[f.node].name, f.subtask, f.at.millis())});
}

// The job manager handles a task failure (ExecutionFailureHandler): the
// restart strategy decides; the job leaves RUNNING, so the checkpoint
// scheduler stops and every pending checkpoint is aborted (a checkpoint not
// complete by now never completes); the failover region is cancelled.
void FaultTolerance::OnTaskFailure(const TaskFailure& failure) {
  RecoveryResult& out = recovery();
  ++out.failure_count;
  const Subtask& failed = world_.subtasks[failure.subtask];
  FailureRecord record;
  record.at = world_.now;
  record.node = failed.node;
  record.subtask = failed.index;
  record.cause = failure.cause;
  const auto keep = [&out](FailureRecord&& f) {
    if (out.failures.size() < RecoveryResult::kMaxListed) out.failures.push_back(std::move(f));
  };
  if (job_ended_ || subtask_state_[failure.subtask].down) {
    record.outcome = FailureRecord::Outcome::kIgnored;
    keep(std::move(record));
    return;
  }
  world_.Step(ScheduleStep::Kind::kFailure, failure.subtask);
  const RestartStrategy::Decision decision = restart_.OnFailure(world_.now);
  if (scheduler_ && scheduler_->running()) {
    for (uint64_t id : scheduler_->Stop()) AbortCheckpoint(id, "CHECKPOINT_COORDINATOR_SUSPEND");
    scheduler_due_ = Timestamp::Max();
  }
  // Attempts still pending for the scheduler's sake are gone with it.
  std::vector<uint64_t> pending;
  for (const auto& [id, p] : pending_) pending.push_back(id);
  for (uint64_t id : pending) AbortCheckpoint(id, "JOB_FAILOVER_REGION");
  if (!decision.restart) {
    record.outcome = FailureRecord::Outcome::kJobFailed;
    record.refusal = decision.refusal;
    keep(std::move(record));
    FailJob(decision.refusal);
    return;
  }
  if (restart_.restarts() > kMaxRestarts || out.failure_count > kMaxRestarts * 10) {
    const std::string why = fmt::format(
        "stopped after {} restarts: a failure recurs on every attempt and the restart strategy "
        "never refuses (a restart loop)",
        kMaxRestarts);
    record.outcome = FailureRecord::Outcome::kJobFailed;
    record.refusal = why;
    keep(std::move(record));
    FailJob(why);
    return;
  }
  std::vector<uint32_t> restart =
      failure.global
          ? regions_.ToRestart(failure.subtask, RestartPlan::Failover::kFull)
          : regions_.ToRestart(failure.subtask, world_.plan.fault_tolerance.restart.failover);
  record.outcome =
      decision.merged ? FailureRecord::Outcome::kMerged : FailureRecord::Outcome::kRestarted;
  record.restart_at = decision.restart_at;
  record.restored_checkpoint = latest_ ? latest_->id : 0;
  for (uint32_t s : restart)
    record.restarted.emplace_back(world_.subtasks[s].node, world_.subtasks[s].index);
  keep(std::move(record));
  out.restarts = restart_.restarts();
  CancelSubtasks(restart);
  std::vector<uint32_t> merged;
  std::set_union(to_restart_.begin(), to_restart_.end(), restart.begin(), restart.end(),
                 std::back_inserter(merged));
  to_restart_ = std::move(merged);
  // One restart for everything cancelled: the latest decision's time.
  restart_at_ = decision.restart_at;
  world_.agenda.Push(std::max(world_.now, restart_at_), {Action::Kind::kRestart, 0});
}

// Cancels the subtasks: their timers, ticks, alignment and everything in the
// channels that touch them are gone (a region is closed under its channels).
void FaultTolerance::CancelSubtasks(const std::vector<uint32_t>& cancelled) {
  std::vector<bool> in(world_.subtasks.size(), false);
  for (uint32_t s : cancelled) {
    in[s] = true;
    SubtaskRecovery& sr = subtask_state_[s];
    sr.down = true;
    sr.aligning = 0;
    sr.barriers = 0;
    sr.barrier_in.clear();
    Subtask& t = world_.subtasks[s];
    if (t.wakeup != Timestamp::Max()) {
      --world_.wakeups_pending;
      t.wakeup = Timestamp::Max();
    }
    t.tick_due.reset();
    t.ticks_parked_at.reset();
    t.quiet_ticks = 0;
    t.quiet_until.reset();
  }
  for (Channel& channel : world_.channels) {
    if (!in[channel.from_subtask] && !in[channel.to_subtask]) continue;
    channel.queue.clear();
    if (channel.scheduled) {
      channel.scheduled = false;
      --world_.channels_scheduled;
    }
    channel.blocked = false;
    channel.last_ready = Timestamp::Min();
  }
  for (Replay& replay : replays_) {
    for (uint32_t s : cancelled) replay.from.erase(s);
  }
  world_.agenda.RemoveIf([&](const Action& a) {
    switch (a.kind) {
      case Action::Kind::kTick:
      case Action::Kind::kWakeup:
      case Action::Kind::kAlignmentTimeout: return bool(in[a.target]);
      case Action::Kind::kDeliver:
        return in[world_.channels[a.target].from_subtask] ||
               in[world_.channels[a.target].to_subtask];
      default: return false;
    }
  });
}

// The job is FAILED (or stopped in a restart loop): nothing runs any more.
void FaultTolerance::FailJob(const std::string& why) {
  job_ended_ = true;
  recovery().job_failed = why;
  recovery().failed_at = world_.now;
  std::vector<uint32_t> all(world_.subtasks.size());
  for (uint32_t s = 0; s < all.size(); ++s) all[s] = s;
  CancelSubtasks(all);
}

// The restart delay is over: the cancelled subtasks come back with the state
// of the latest completed checkpoint (none: empty, sources from the start),
// every watermark at Min; exactly-once sinks commit what that checkpoint
// holds and abort the rest; processing-time timers that fell due meanwhile
// fire at once, before the first replayed row (a choice Flink leaves to a
// race: docs/checkpoints.md); then the sources replay their backlog.
void FaultTolerance::OnRestart() {
  if (world_.now != restart_at_ || to_restart_.empty() || job_ended_) return;
  const std::vector<uint32_t> restored = std::move(to_restart_);
  to_restart_.clear();
  restart_at_ = Timestamp::Max();
  restart_.RestartDone();
  const uint64_t checkpoint = latest_ ? latest_->id : 0;
  std::vector<bool> in(world_.subtasks.size(), false);
  for (uint32_t s : restored) {
    in[s] = true;
    RestoreSubtask(s);
  }
  for (size_t sink = 0; sink < transactions_.size(); ++sink) {
    const uint32_t first = world_.first_subtask[world_.plan.sinks[sink].node];
    for (size_t i = 0; i < transactions_[sink].size(); ++i) {
      if (!in[first + i]) continue;
      recovery().sinks[sink].aborted += transactions_[sink][i].Restore(checkpoint, world_.now);
    }
  }
  for (uint32_t f = 0; f < world_.feeds.size(); ++f) {
    std::vector<uint32_t> of_feed;
    for (uint32_t s : restored) {
      if (world_.subtasks[s].node == world_.feeds[f].node) of_feed.push_back(s);
    }
    if (!of_feed.empty()) StartReplay(f, of_feed);
  }
  bool all_running = true;
  for (const SubtaskRecovery& sr : subtask_state_) all_running = all_running && !sr.down;
  if (scheduler_ && all_running && !scheduler_->running()) {
    scheduler_->Start(world_.now);
    ScheduleCheckpointTimer();
  }
  for (uint32_t s : restored) {
    Subtask& t = world_.subtasks[s];
    if (!t.op || subtask_state_[s].down) continue;
    loop_.CatchUpTimers(s);
  }
  // Unaligned: the in-flight records of the checkpoint go in first, before
  // anything live (Unaligned Recovery).
  if (!latest_) return;
  for (uint32_t s : restored) {
    for (const Record& record : latest_->channel_state[s]) {
      if (subtask_state_[s].down) break;
      loop_.ProcessRestored(s, Record(record));
    }
  }
}

void FaultTolerance::RestoreSubtask(uint32_t subtask) {
  Subtask& t = world_.subtasks[subtask];
  const CompletedCheckpoint* checkpoint = latest_ ? &*latest_ : nullptr;
  if (t.op) {
    t.op = MakeSubtaskOperator(world_.plan.nodes[t.node], world_.detailed());
    if (checkpoint && checkpoint->operators[subtask]) {
      t.op->RestoreFrom(*checkpoint->operators[subtask]);
    }
  }
  // Nothing of event time is in a checkpoint: every valve and generator
  // starts afresh, all inputs active at Min.
  if (t.valve) t.valve = std::make_unique<engine::StatusWatermarkValve>(world_.inputs_of[subtask]);
  t.watermark = Timestamp::Min();
  t.finished = false;
  t.wakeup = Timestamp::Max();
  t.split_idle.clear();
  t.tick_due.reset();
  t.ticks_parked_at.reset();
  t.quiet_ticks = 0;
  t.quiet_until.reset();
  SubtaskRecovery& sr = subtask_state_[subtask];
  sr.down = false;
  ++sr.attempt;
  sr.last_barrier = checkpoint ? checkpoint->id : 0;
  if (world_.Step(ScheduleStep::Kind::kRestore, subtask)) {
    world_.result.schedule.back().checkpoint = sr.last_barrier;
  }
  if (!t.source) return;
  SourceSubtaskOptions options = t.source->options();
  options.open_time = world_.now;
  t.source = std::make_unique<SourceSubtask>(std::move(options), *world_.source_output_of[subtask]);
  if (const std::optional<Timestamp> tick = t.source->next_tick()) {
    t.tick_due = tick;
    world_.agenda.PushToCalendar(*tick, {Action::Kind::kTick, subtask});
  }
}

// Reads the trace again from its start and hands each restored subtask its
// rows from its checkpointed position; subtasks still catching up from an
// earlier restore go on from where they are.
void FaultTolerance::StartReplay(uint32_t f, const std::vector<uint32_t>& restored) {
  Replay& replay = replays_[f];
  std::map<uint32_t, uint64_t> from;
  if (replay.active) {
    for (const auto& [s, start] : replay.from) from[s] = std::max(start, replay.index);
  }
  for (uint32_t s : restored) from[s] = latest_ ? latest_->positions[s] : 0;
  world_.agenda.RemoveIf(
      [f](const Action& a) { return a.kind == Action::Kind::kReplayRow && a.target == f; });
  replay = Replay{};
  replay.active = true;
  replay.from = std::move(from);
  replay.input =
      OpenTrace(world_.plan.sources[world_.plan.nodes[world_.feeds[f].node].source].trace);
  replay.index = UINT64_MAX;  // before the first row
  replay.due = world_.now;
  AdvanceReplay(f);
}

// Reads on to the next row the replay hands to one of its subtasks and puts
// it on the agenda; when it reaches the live feed's position, its subtasks
// read live again.
void FaultTolerance::AdvanceReplay(uint32_t f) {
  Replay& replay = replays_[f];
  SourceFeed& feed = world_.feeds[f];
  for (;;) {
    replay.has_next = replay.input->Next(replay.next);
    ++replay.index;  // UINT64_MAX wraps to row 0
    if (!replay.has_next || replay.index >= World::LiveNextRow(feed) || replay.from.empty()) break;
    const int32_t partition =
        replay.next.partition
            ? *replay.next.partition
            : static_cast<int32_t>(replay.index % static_cast<uint64_t>(feed.partitions));
    const uint32_t subtask = feed.owner[static_cast<size_t>(partition)];
    const auto it = replay.from.find(subtask);
    if (it != replay.from.end() && replay.index >= it->second) {
      world_.agenda.PushToLane(world_.feeds.size() + f, std::max(world_.now, replay.due),
                               {Action::Kind::kReplayRow, f});
      return;
    }
  }
  // Caught up: the live feed serves these subtasks from here on.
  const std::map<uint32_t, uint64_t> handed = std::move(replay.from);
  replay = Replay{};
  for (const auto& [s, start] : handed) {
    (void)start;
    if (feed.exhausted && world_.plan.sources[world_.plan.nodes[feed.node].source].bounded()) {
      loop_.FinishReader(s);
    }
  }
}

void FaultTolerance::OnReplayRow(uint32_t f) {
  Replay& replay = replays_[f];
  if (!replay.active || !replay.has_next) return;
  SourceFeed& feed = world_.feeds[f];
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
  if (replay.index < delivered_[subtask] && row.kind != TraceRowKind::kWatermark) {
    ++recovery().replayed_rows[world_.plan.nodes[feed.node].source];
  }
  delivered_[subtask] = std::max(delivered_[subtask], replay.index + 1);
  replay.due = world_.now + world_.plan.sources[world_.plan.nodes[feed.node].source].replay_every;
  try {
    loop_.DeliverReplayedRow(f, row, partition, subtask);
  } catch (const TaskFailure&) {
    AdvanceReplay(f);
    throw;
  }
  AdvanceReplay(f);
}

bool FaultTolerance::Live(uint32_t subtask) const {
  if (subtask_state_[subtask].down) return false;
  for (const Replay& replay : replays_) {
    if (replay.active && replay.from.count(subtask) > 0) return false;
  }
  return true;
}

bool FaultTolerance::TakeLiveRow(uint32_t subtask, uint64_t rows_read) {
  if (!Live(subtask)) return false;
  delivered_[subtask] = rows_read;  // the row's index + 1
  return true;
}

}  // namespace tidemark::sim::internal
