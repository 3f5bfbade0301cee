// FaultTolerance built over the world, started with the job, its own actions
// dispatched, and the end of the run (fault_tolerance.h).
#include "sim/runtime/internal/fault_tolerance.h"

#include <algorithm>
#include <utility>

namespace tidemark::sim::internal {

namespace {

// Subtasks that exchange elements, chained or over a channel, fail over together.
FailoverRegions RegionsOf(const World& world) {
  std::vector<std::pair<uint32_t, uint32_t>> links;
  for (uint32_t to = 0; to < world.input_sources.size(); ++to) {
    for (uint32_t from : world.input_sources[to]) links.emplace_back(from, to);
  }
  return FailoverRegions(world.subtasks.size(), links);
}

}  // namespace

FaultTolerance::FaultTolerance(World& world, LoopControl& loop)
    : world_(world),
      loop_(loop),
      restart_(world.plan.fault_tolerance.restart,
               Prng::ForComponent(world.options.seed, "restart-jitter")),
      regions_(RegionsOf(world)) {
  const JobGraph& plan = world.plan;
  if (plan.fault_tolerance.checkpointing) scheduler_.emplace(*plan.fault_tolerance.checkpointing);
  subtask_state_.resize(world.subtasks.size());
  for (uint32_t s = 0; s < world.subtasks.size(); ++s) {
    for (const auto& port : world.subtasks[s].outputs) {
      for (const Edge& edge : port) {
        if (edge.chained || edge.partitioning != Partitioning::kForward) continue;
        for (uint32_t channel : edge.channels) {
          subtask_state_[world.channels[channel].to_subtask].forced_aligned = true;
        }
      }
    }
  }
  delivered_.assign(world.subtasks.size(), 0);
  replays_.resize(world.feeds.size());
  fired_.assign(plan.fault_tolerance.failures.size(), false);
  sink_received_.assign(plan.sinks.size(), 0);
  seen_.resize(plan.sinks.size());
  RecoveryResult& recovery = world.result.recovery.emplace();
  recovery.replayed_rows.assign(plan.sources.size(), 0);
  recovery.sinks.resize(plan.sinks.size());
  for (size_t sink = 0; sink < plan.sinks.size(); ++sink) {
    const int parallelism = plan.nodes[plan.sinks[sink].node].parallelism;
    std::vector<SinkTransactions>& per_subtask = transactions_.emplace_back();
    for (int i = 0; i < parallelism; ++i) {
      per_subtask.emplace_back(plan.sinks[sink].guarantee, [this, sink](SinkWrite&& w,
                                                                        Timestamp visible_at) {
        ShowSinkRecord(sink, w.record,
                       {.watermark = w.watermark, .at = w.written_at, .visible_at = visible_at});
      });
    }
  }
}

void FaultTolerance::Start() {
  if (scheduler_) {
    scheduler_->Start(world_.now);
    ScheduleCheckpointTimer();
  }
  const std::vector<FailurePlan>& failures = world_.plan.fault_tolerance.failures;
  for (uint32_t i = 0; i < failures.size(); ++i) {
    if (failures[i].kind == FailurePlan::Kind::kAt) {
      world_.agenda.Push(std::max(world_.now, failures[i].at), {Action::Kind::kFailure, i});
    }
  }
}

void FaultTolerance::OnAction(const Action& action) {
  switch (action.kind) {
    case Action::Kind::kCheckpointTimer: OnCheckpointTimer(); break;
    case Action::Kind::kCheckpointComplete: OnCheckpointComplete(action.target); break;
    case Action::Kind::kCheckpointNotify: OnCheckpointNotify(action.target); break;
    case Action::Kind::kFailure: OnScriptedFailure(action.target); break;
    case Action::Kind::kRestart: OnRestart(); break;
    case Action::Kind::kReplayRow: OnReplayRow(action.target); break;
    case Action::Kind::kAlignmentTimeout: OnAlignmentTimeout(action.target); break;
    case Action::Kind::kRow:
    case Action::Kind::kTick:
    case Action::Kind::kEnd:
    case Action::Kind::kDeliver:
    case Action::Kind::kWakeup: break;  // the loop's own
  }
}

bool FaultTolerance::OnlyBarriersInFlight() const {
  for (const Channel& channel : world_.channels) {
    for (size_t i = 0; i < channel.queue.size(); ++i) {
      if (channel.queue[i].second.kind != StreamElement::Kind::kBarrier) return false;
    }
  }
  return true;
}

bool FaultTolerance::Busy() const {
  if (!to_restart_.empty()) return true;
  for (const Replay& replay : replays_) {
    if (replay.active) return true;
  }
  return false;
}

// Otherwise (the job failed, or an input did not end) what waits stays
// uncommitted.
void FaultTolerance::OnJobEnd() {
  bool finished = !job_ended_;
  for (const SourceFeed& feed : world_.feeds) {
    if (!feed.exhausted || !world_.plan.sources[world_.plan.nodes[feed.node].source].bounded()) {
      finished = false;
    }
  }
  for (size_t sink = 0; sink < transactions_.size(); ++sink) {
    for (SinkTransactions& t : transactions_[sink]) {
      recovery().sinks[sink].uncommitted += t.Finish(finished, world_.now);
    }
  }
}

}  // namespace tidemark::sim::internal
