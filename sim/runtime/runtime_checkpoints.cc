// Checkpoints in the runtime (docs/checkpoints.md): the scheduler's triggers,
// barriers injected at the source subtasks and carried through the channels,
// alignment at each subtask, snapshots, completion and notification, and the
// sinks' delivery guarantees.
#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/windows/timer_service.h"
#include "sim/runtime/internal/recovery_state.h"
#include "sim/runtime/internal/runtime_state.h"

namespace tidemark::sim::internal {

namespace {

// A record's timestamp and values, hashed: duplicates are records equal in
// both (a 64-bit hash; a collision would only mislabel one record). Every
// record a sink shows is hashed while checkpointing is on, so the hash takes a
// word per step (multiply and rotate, as FxHash does, then Mix64 to spread
// the bits) rather than a byte: FNV-1a's byte chain cost about 5% of the
// checkpointed benchmark job's time.
class ContentHasher {
 public:
  void Word(uint64_t w) { h_ = std::rotl((h_ ^ w) * 0x9e3779b97f4a7c15ULL, 29); }
  void Bytes(std::string_view s) {
    Word(s.size());
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      Word(w);
    }
    if (i < s.size()) {
      uint64_t w = 0;
      std::memcpy(&w, s.data() + i, s.size() - i);
      Word(w);
    }
  }
  uint64_t Finish() const { return engine::internal::Mix64(h_); }

 private:
  uint64_t h_ = 0;
};

uint64_t ContentHash(const Record& record) {
  ContentHasher h;
  h.Word(static_cast<uint64_t>(record.timestamp.millis()));
  for (const engine::Value& v : record.values) {
    h.Word(v.index());
    if (const auto* i = std::get_if<int64_t>(&v)) h.Word(static_cast<uint64_t>(*i));
    if (const auto* d = std::get_if<double>(&v)) h.Word(std::bit_cast<uint64_t>(*d));
    if (const auto* b = std::get_if<bool>(&v)) h.Word(*b ? 1 : 0);
    if (const auto* s = std::get_if<std::string>(&v)) h.Bytes(*s);
    if (const auto* list = std::get_if<engine::StringList>(&v)) {
      h.Word(list->size());
      for (const std::string& item : *list) h.Bytes(item);
    }
  }
  return h.Finish();
}

}  // namespace

void Runtime::BuildRecovery() {
  std::vector<std::pair<uint32_t, uint32_t>> links;
  for (uint32_t to = 0; to < input_sources_.size(); ++to) {
    for (uint32_t from : input_sources_[to]) links.emplace_back(from, to);
  }
  recovery_ = std::make_unique<Recovery>(plan_.fault_tolerance, options_.seed,
                                         FailoverRegions(subtasks_.size(), links));
  Recovery& r = *recovery_;
  r.subtasks.resize(subtasks_.size());
  for (uint32_t s = 0; s < subtasks_.size(); ++s) {
    for (const auto& port : subtasks_[s].outputs) {
      for (const Edge& edge : port) {
        if (edge.chained || edge.partitioning != Partitioning::kForward) continue;
        for (uint32_t channel : edge.channels) {
          r.subtasks[channels_[channel].to_subtask].forced_aligned = true;
        }
      }
    }
  }
  r.delivered.assign(subtasks_.size(), 0);
  r.replays.resize(feeds_.size());
  r.fired.assign(plan_.fault_tolerance.failures.size(), false);
  r.sink_received.assign(plan_.sinks.size(), 0);
  r.seen.resize(plan_.sinks.size());
  RecoveryResult& out = result_.recovery.emplace();
  out.replayed_rows.assign(plan_.sources.size(), 0);
  out.sinks.resize(plan_.sinks.size());
  for (size_t sink = 0; sink < plan_.sinks.size(); ++sink) {
    const int parallelism = plan_.nodes[plan_.sinks[sink].node].parallelism;
    std::vector<SinkTransactions>& per_subtask = r.sinks.emplace_back();
    for (int i = 0; i < parallelism; ++i) {
      per_subtask.emplace_back(plan_.sinks[sink].guarantee, [this, sink](SinkWrite&& w,
                                                                         Timestamp visible_at) {
        ShowSinkRecord(sink, w.record,
                       {.watermark = w.watermark, .at = w.written_at, .visible_at = visible_at});
      });
    }
  }
}

// At the start of the run: the scheduler starts (the job is RUNNING) and
// the scripted failures go on the agenda.
void Runtime::StartRecovery() {
  Recovery& r = *recovery_;
  if (r.scheduler) {
    r.scheduler->Start(now_);
    ScheduleCheckpointTimer();
  }
  const std::vector<FailurePlan>& failures = plan_.fault_tolerance.failures;
  for (uint32_t i = 0; i < failures.size(); ++i) {
    if (failures[i].kind == FailurePlan::Kind::kAt) {
      agenda_.Push(std::max(now_, failures[i].at), {Action::Kind::kFailure, i});
    }
  }
}

void Runtime::ScheduleCheckpointTimer() {
  Recovery& r = *recovery_;
  const Timestamp due = r.scheduler ? r.scheduler->NextDue() : Timestamp::Max();
  if (due == r.scheduler_due) return;
  r.scheduler_due = due;
  if (due != Timestamp::Max())
    agenda_.Push(std::max(due, now_), {Action::Kind::kCheckpointTimer, 0});
}

bool Runtime::Live(uint32_t subtask) const {
  const Recovery& r = *recovery_;
  if (r.subtasks[subtask].down) return false;
  for (const Replay& replay : r.replays) {
    if (replay.active && replay.from.count(subtask) > 0) return false;
  }
  return true;
}

namespace {

CheckpointScheduler::Tasks TasksOf(const Recovery& r) {
  for (const SubtaskRecovery& s : r.subtasks) {
    if (s.down) return CheckpointScheduler::Tasks::kNotAllRunning;
  }
  return CheckpointScheduler::Tasks::kAllRunning;
}

}  // namespace

void Runtime::OnCheckpointTimer() {
  Recovery& r = *recovery_;
  if (now_ != r.scheduler_due || r.job_ended) return;  // superseded
  r.scheduler_due = Timestamp::Max();
  const CheckpointScheduler::Step step = r.scheduler->Advance(now_, TasksOf(r));
  for (const CheckpointScheduler::Attempt& expired : step.expired) {
    AbortCheckpoint(expired.id, "CHECKPOINT_EXPIRED");
  }
  for (const CheckpointScheduler::Attempt& triggered : step.triggered) {
    TriggerCheckpoint(triggered.id);
  }
  ScheduleCheckpointTimer();
  if (step.fail_job) {
    // CheckpointFailureManager asks for a global failover: every task.
    HandleFailure({.subtask = 0, .cause = step.fail_job->message, .global = true});
  }
}

// The coordinator's trigger reaches every source subtask at once: each takes
// its snapshot (its position in the trace) and sends the barrier after the
// rows it has emitted (SourceOperatorStreamTask, §1.5 of docs/checkpoints.md).
void Runtime::TriggerCheckpoint(uint64_t id) {
  Recovery& r = *recovery_;
  PendingCheckpoint& p = r.pending[id];
  p.id = id;
  p.triggered = now_;
  p.operators.resize(subtasks_.size());
  p.positions.assign(subtasks_.size(), 0);
  p.taken.assign(subtasks_.size(), false);
  p.acked.assign(subtasks_.size(), false);
  p.channel_state.resize(subtasks_.size());
  RecoveryResult& out = *result_.recovery;
  if (out.checkpoints.size() < RecoveryResult::kMaxListed) {
    p.record = out.checkpoints.size();
    CheckpointRecord& record = out.checkpoints.emplace_back();
    record.id = id;
    record.triggered = now_;
  }
  for (uint32_t s = 0; s < subtasks_.size(); ++s) {
    if (!subtasks_[s].source) continue;
    p.positions[s] = SourcePosition(s);
    if (p.record != SIZE_MAX) {
      out.checkpoints[p.record].cuts.push_back(
          {.node = subtasks_[s].node, .subtask = subtasks_[s].index, .next_row = p.positions[s]});
    }
  }
  for (uint32_t s = 0; s < subtasks_.size(); ++s) {
    if (!subtasks_[s].source || r.pending.count(id) == 0) continue;
    r.subtasks[s].last_barrier = id;
    SnapshotSubtask(s, id);
    Acknowledge(s, id);
  }
}

// The first row a source subtask has not yet been handed.
uint64_t Runtime::SourcePosition(uint32_t subtask) const {
  const Recovery& r = *recovery_;
  const NodeIndex node = subtasks_[subtask].node;
  for (uint32_t f = 0; f < feeds_.size(); ++f) {
    if (feeds_[f].node != node) continue;
    const Replay& replay = r.replays[f];
    if (replay.active) {
      const auto it = replay.from.find(subtask);
      if (it != replay.from.end()) return std::max(it->second, replay.index);
    }
    return LiveNextRow(feeds_[f]);
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
void Runtime::OnBarrier(uint32_t subtask, int input, uint64_t checkpoint) {
  Recovery& r = *recovery_;
  SubtaskRecovery& sr = r.subtasks[subtask];
  if (sr.down || checkpoint <= sr.last_barrier) return;  // old, or done
  const int inputs = inputs_of_[subtask];
  const CheckpointPlan& plan = *plan_.fault_tolerance.checkpointing;
  const bool unaligned = plan.unaligned && !sr.forced_aligned;
  if (sr.aligning != checkpoint) {
    // A newer barrier subsumes the one being aligned (checkNewCheckpoint).
    if (sr.aligning != 0) ResetAlignment(subtask);
    sr.aligning = checkpoint;
    sr.barriers = 0;
    sr.barrier_in.assign(static_cast<size_t>(inputs), false);
    sr.snapshot_taken = false;
    const auto p = r.pending.find(checkpoint);
    if (unaligned && plan.aligned_timeout.millis() > 0 && inputs > 1 && p != r.pending.end()) {
      // The timer armed at the first barrier (registerAlignmentTimer).
      agenda_.Push(
          std::max(now_, p->second.triggered + plan.aligned_timeout + engine::Duration::Millis(1)),
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
    const auto p = r.pending.find(checkpoint);
    const bool timed_out =
        plan.aligned_timeout.millis() == 0 ||
        (p != r.pending.end() && now_ - p->second.triggered > plan.aligned_timeout);
    if (timed_out) {
      if (!sr.snapshot_taken) SwitchToUnaligned(subtask);
      return;
    }
  }
  if (plan.mode == CheckpointingMode::kExactlyOnce && !sr.snapshot_taken) {
    const uint32_t channel = input_channel_[subtask][static_cast<size_t>(input)];
    if (channel != kNoChannel) channels_[channel].blocked = true;
  }
}

// Takes the snapshot now, at a barrier that is not the last, and lets every
// input flow: what comes before the missing barriers is channel state.
void Runtime::SwitchToUnaligned(uint32_t subtask) {
  SubtaskRecovery& sr = recovery_->subtasks[subtask];
  sr.snapshot_taken = true;
  SnapshotSubtask(subtask, sr.aligning);
  UnblockInputs(subtask);
}

void Runtime::OnAlignmentTimeout(uint32_t subtask) {
  Recovery& r = *recovery_;
  SubtaskRecovery& sr = r.subtasks[subtask];
  if (sr.down || sr.aligning == 0 || sr.snapshot_taken) return;
  const auto p = r.pending.find(sr.aligning);
  if (p == r.pending.end()) return;
  if (now_ - p->second.triggered > plan_.fault_tolerance.checkpointing->aligned_timeout) {
    SwitchToUnaligned(subtask);
  }
}

void Runtime::CaptureChannelState(uint32_t subtask, int input, const Record& record) {
  Recovery& r = *recovery_;
  const SubtaskRecovery& sr = r.subtasks[subtask];
  if (!sr.snapshot_taken || sr.aligning == 0 || sr.barrier_in[static_cast<size_t>(input)]) return;
  const auto p = r.pending.find(sr.aligning);
  if (p != r.pending.end()) p->second.channel_state[subtask].push_back(record);
}

// Ends the alignment in progress: every input unblocked, each channel going
// on in its own order.
void Runtime::ResetAlignment(uint32_t subtask) {
  SubtaskRecovery& sr = recovery_->subtasks[subtask];
  sr.aligning = 0;
  sr.barriers = 0;
  sr.barrier_in.clear();
  sr.snapshot_taken = false;
  UnblockInputs(subtask);
}

void Runtime::UnblockInputs(uint32_t subtask) {
  for (uint32_t id : input_channel_[subtask]) {
    if (id == kNoChannel) continue;
    Channel& channel = channels_[id];
    if (!channel.blocked) continue;
    channel.blocked = false;
    if (!channel.scheduled && !channel.queue.empty()) {
      channel.scheduled = true;
      ++channels_scheduled_;
      agenda_.Push(std::max(now_, channel.queue.front().first), {Action::Kind::kDeliver, id});
    }
  }
}

// One atomic step, as SubtaskCheckpointCoordinatorImpl.checkpointState:
// sinks precommit (prepareSnapshotPreBarrier), the barrier goes to every
// output, then the state is copied.
void Runtime::SnapshotSubtask(uint32_t subtask, uint64_t checkpoint) {
  Recovery& r = *recovery_;
  Subtask& s = subtasks_[subtask];
  for (size_t sink : sinks_of_node_[s.node]) r.sinks[sink][s.index].PreCommit(checkpoint);
  const auto it = r.pending.find(checkpoint);
  const bool taking = it != r.pending.end() && !it->second.taken[subtask];
  // Narrated before what the barrier reaches downstream.
  if (taking && Step(ScheduleStep::Kind::kCheckpoint, subtask)) {
    result_.schedule.back().checkpoint = checkpoint;
  }
  Broadcast(subtask, StreamElement::OfBarrier(checkpoint));
  // Aborted meanwhile: the barrier still flows, nothing is kept.
  if (!taking || r.pending.count(checkpoint) == 0) return;
  PendingCheckpoint& p = r.pending.find(checkpoint)->second;
  p.taken[subtask] = true;
  if (s.op) p.operators[subtask] = s.op->Snapshot();
}

// The subtask's part is done (its asynchronous part takes ack_delay); the
// checkpoint completes with the last acknowledgement.
void Runtime::Acknowledge(uint32_t subtask, uint64_t checkpoint) {
  Recovery& r = *recovery_;
  const auto it = r.pending.find(checkpoint);
  if (it == r.pending.end() || it->second.acked[subtask]) return;
  PendingCheckpoint& p = it->second;
  p.acked[subtask] = true;
  ++p.acks;
  p.acked_by = std::max(p.acked_by, now_ + plan_.fault_tolerance.checkpointing->ack_delay);
  if (p.acks == subtasks_.size()) {
    agenda_.Push(p.acked_by,
                 {Action::Kind::kCheckpointComplete, static_cast<uint32_t>(checkpoint)});
  }
}

void Runtime::AbortCheckpoint(uint64_t id, std::string_view reason) {
  Recovery& r = *recovery_;
  const auto it = r.pending.find(id);
  if (it == r.pending.end()) return;
  RecoveryResult& out = *result_.recovery;
  if (it->second.record != SIZE_MAX) {
    CheckpointRecord& record = out.checkpoints[it->second.record];
    record.outcome = CheckpointRecord::Outcome::kAborted;
    record.ended = now_;
    record.reason = std::string(reason);
  }
  ++out.checkpoints_aborted;
  r.pending.erase(it);
  // Tasks still aligning on it are told (notifyCheckpointAborted) and resume.
  for (uint32_t s = 0; s < subtasks_.size(); ++s) {
    if (r.subtasks[s].aligning == id) ResetAlignment(s);
  }
}

void Runtime::OnCheckpointComplete(uint64_t id) {
  Recovery& r = *recovery_;
  const auto it = r.pending.find(id);
  if (it == r.pending.end() || r.job_ended) return;  // aborted before the last ack
  const CheckpointScheduler::Completion completion = r.scheduler->Complete(id, now_, TasksOf(r));
  if (!completion.completed) return;
  PendingCheckpoint& p = it->second;
  RecoveryResult& out = *result_.recovery;
  if (p.record != SIZE_MAX) {
    out.checkpoints[p.record].outcome = CheckpointRecord::Outcome::kCompleted;
    out.checkpoints[p.record].ended = now_;
  }
  ++out.checkpoints_completed;
  for (SinkSeen& seen : r.seen) seen.Rotate();
  // num-retained 1: the latest completed checkpoint is the only one kept.
  r.latest.emplace(CompletedCheckpoint{.id = id,
                                       .operators = std::move(p.operators),
                                       .positions = std::move(p.positions),
                                       .channel_state = std::move(p.channel_state)});
  r.pending.erase(it);
  for (uint64_t subsumed : completion.subsumed) AbortCheckpoint(subsumed, "CHECKPOINT_SUBSUMED");
  agenda_.Push(now_ + plan_.fault_tolerance.checkpointing->notify_delay,
               {Action::Kind::kCheckpointNotify, static_cast<uint32_t>(id)});
  for (const CheckpointScheduler::Attempt& triggered : completion.next.triggered) {
    TriggerCheckpoint(triggered.id);
  }
  ScheduleCheckpointTimer();
}

// notifyCheckpointComplete(id) at every running task: exactly-once sinks
// commit what they precommitted up to it (CommitterOperator).
void Runtime::OnCheckpointNotify(uint64_t id) {
  Recovery& r = *recovery_;
  if (r.job_ended) return;
  for (size_t sink = 0; sink < r.sinks.size(); ++sink) {
    for (size_t i = 0; i < r.sinks[sink].size(); ++i) {
      const uint32_t subtask = first_subtask_[plan_.sinks[sink].node] + static_cast<uint32_t>(i);
      if (!r.subtasks[subtask].down) r.sinks[sink][i].Commit(id, now_);
    }
  }
}

// A record reaches a sink subtask: a scripted failure may throw there (the
// record is not written, and its task fails).
void Runtime::ThrowIfSinkFails(uint32_t subtask, size_t sink, const Record& record) {
  Recovery& r = *recovery_;
  const uint64_t n = ++r.sink_received[sink];
  const std::vector<FailurePlan>& failures = plan_.fault_tolerance.failures;
  for (size_t i = 0; i < failures.size(); ++i) {
    const FailurePlan& f = failures[i];
    if (f.kind == FailurePlan::Kind::kAt || f.sink != sink) continue;
    std::string cause;
    if (f.kind == FailurePlan::Kind::kOnRecord && !r.fired[i] && n == f.count) {
      r.fired[i] = true;
      cause = fmt::format("sink '{}' threw on its record {}", plan_.sinks[sink].name, n);
    } else if (f.kind == FailurePlan::Kind::kEvery && n % f.count == 0) {
      cause = fmt::format("sink '{}' threw on its record {} (every {})", plan_.sinks[sink].name, n,
                          f.count);
    } else if (f.kind == FailurePlan::Kind::kWhen && f.when->EvaluateCondition(record)) {
      cause = fmt::format("sink '{}' threw on a record where {} holds", plan_.sinks[sink].name,
                          f.when->text());
    }
    if (!cause.empty()) throw TaskFailure{.subtask = subtask, .cause = std::move(cause)};
  }
}

// The sink writes a record it took under its guarantee.
void Runtime::WriteToSink(uint32_t subtask, size_t sink, const Record& record) {
  Recovery& r = *recovery_;
  ++result_.recovery->sinks[sink].written;
  const Subtask& s = subtasks_[subtask];
  r.sinks[sink][s.index].Write(
      {.record = record, .watermark = EmittingWatermark(subtask), .written_at = now_});
}

// What a reader of the sink sees, in order.
void Runtime::ShowSinkRecord(size_t sink, const Record& record, const RecordEmission& emission) {
  SinkOutput& out = result_.sinks[sink];
  const uint64_t index = out.count++;
  if (recovery_) {
    SinkRecovery& stats = result_.recovery->sinks[sink];
    ++stats.visible;
    const engine::Duration latency = emission.visible_at - emission.at;
    stats.max_visibility_latency = std::max(stats.max_visibility_latency, latency);
    stats.total_visibility_latency = stats.total_visibility_latency + latency;
    SinkSeen& seen = recovery_->seen[sink];
    const uint64_t hash = ContentHash(record);
    std::optional<uint64_t> first = seen.current.Find(hash);
    if (!first) first = seen.previous.Find(hash);
    if (first) {
      ++stats.duplicates;
      if (stats.listed_duplicates.size() < RecoveryResult::kMaxListed) {
        stats.listed_duplicates.push_back({.index = index, .first = *first});
      }
    } else if (seen.current.size() < SinkSeen::kMaxTracked) {
      seen.current.Insert(hash, index);
    }
  }
  if (options_.on_sink_record) options_.on_sink_record(sink, record, emission);
  if (options_.sinks != RunOptions::Sinks::kCollect) return;
  if (out.records.size() >= options_.max_sink_records) {
    result_.detail_cut = true;
    return;
  }
  if (options_.sink_elements) {
    out.elements.push_back({.kind = SinkElement::Kind::kRecord,
                            .record = out.records.size(),
                            .watermark = Timestamp::Min(),
                            .status = engine::WatermarkStatus::kActive});
  }
  out.records.push_back(record);
  out.emissions.push_back(emission);
}

// The run ended: a bounded job that finished takes its final checkpoint,
// which commits every transaction (FLIP-147); otherwise what waits stays
// uncommitted.
void Runtime::FinishRecovery() {
  Recovery& r = *recovery_;
  bool finished = !r.job_ended;
  for (const SourceFeed& feed : feeds_) {
    if (!feed.exhausted || !plan_.sources[plan_.nodes[feed.node].source].bounded()) {
      finished = false;
    }
  }
  for (size_t sink = 0; sink < r.sinks.size(); ++sink) {
    for (SinkTransactions& t : r.sinks[sink]) {
      result_.recovery->sinks[sink].uncommitted += t.Finish(finished, now_);
    }
  }
}

}  // namespace tidemark::sim::internal
