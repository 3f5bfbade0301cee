// Loop: the run loop and the channels. It pops actions off the agenda in
// time order and moves the world (world.h) by them: emission (ledger notes,
// sinks), routing (forward, rebalance, hash), chained calls, channels with
// their latencies, delivery into a subtask's valve or operator, its timers and
// wake-ups. The sources' actions are SourceFeeds' (source_feeds.h).
//
// Ordering guarantees: a channel is FIFO and delivers each element no earlier
// than its ready time, never before an element sent on it earlier (§9.2);
// a chained call happens at once, inside the emitting call; an operator fires
// the processing-time timers due by now before it takes a record, and its
// event-time timers before the watermark that fired them is forwarded (§1.8);
// watermarks and statuses go to every output port, side outputs included
// (§7.3). Simultaneous actions come off the agenda in the seeded order
// (event_queue.h), so a run is a pure function of (plan, seed).
//
// A class template over the protocol (protocol.h), included only by the two
// translation units that instantiate it, loop_plain.cc and
// loop_fault_tolerant.cc. The per-record path (rows, deliveries, emission,
// routing, channel slots, ledger notes, the agenda) is all in headers, so
// each unit sees it whole and inlines within it by the compiler's own
// measure. That replaced a [[gnu::flatten]] on the loop of one 750-line file,
// which took two minutes to compile: callgrind counts 3.3% fewer instructions
// per row now on the tumbling benchmark, mostly because a ledger note is
// written inside the operator's context call rather than in a call of its own.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_LOOP_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_LOOP_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <variant>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/key_groups.h"
#include "sim/runtime/internal/pending_windows.h"
#include "sim/runtime/internal/protocol.h"
#include "sim/runtime/internal/source_feeds.h"
#include "sim/runtime/internal/world.h"

namespace tidemark::sim::internal {

template <class Protocol>
class Loop final : public LoopControl {
 public:
  Loop(const JobGraph& plan, const RunOptions& options);
  Loop(const Loop&) = delete;
  Loop& operator=(const Loop&) = delete;

  // Runs until nothing but ticks and timers remain after every source is
  // exhausted and the unbounded tail has passed (runtime.h), or `run_until`.
  void Run();
  World& world() { return world_; }

  // Emission and delivery, for the source feeds and the operators' contexts.
  void Emit(uint32_t subtask, Port port, Record&& record);
  void Broadcast(uint32_t subtask, const StreamElement& element);
  void ProcessRecord(uint32_t subtask, Record&& record);
  void OnValveWatermark(uint32_t subtask, Timestamp watermark);
  void OnValveStatus(uint32_t subtask, engine::WatermarkStatus status);

  // LoopControl: what the protocol asks of the loop.
  void SendBarrier(uint32_t subtask, uint64_t checkpoint) override {
    Broadcast(subtask, StreamElement::OfBarrier(checkpoint));
  }
  void ProcessRestored(uint32_t subtask, Record&& record) override {
    ProcessRecord(subtask, std::move(record));
  }
  void CatchUpTimers(uint32_t subtask) override {
    world_.subtasks[subtask].op->AdvanceProcessingTime(world_.now, *contexts_[subtask]);
    ScheduleWakeup(subtask);
  }
  void DeliverReplayedRow(uint32_t feed, TraceRow& row, int32_t partition,
                          uint32_t subtask) override {
    feeds_.DeliverRow(world_.feeds[feed], row, partition, subtask, RowCount::kReplayed);
  }
  void FinishReader(uint32_t subtask) override { feeds_.FinishSourceSubtask(subtask); }

 private:
  class Context;

  void Dispatch(const Action& action, Timestamp& last_row);
  void Route(Edge& edge, Record&& record);
  void Send(Edge& edge, uint32_t consumer_index, StreamElement&& element);
  void SendRecord(Edge& edge, uint32_t consumer_index, Record&& record);
  std::pair<Timestamp, StreamElement>& NextSlot(Edge& edge, uint32_t consumer_index);
  void Deliver(uint32_t subtask, int input, StreamElement& element);
  void ScheduleWakeup(uint32_t subtask);
  void OnDeliver(uint32_t channel);
  void OnWakeup(uint32_t subtask);

  World world_;
  [[no_unique_address]] Protocol protocol_;
  SourceFeeds<Protocol> feeds_;
  std::vector<std::unique_ptr<Context>> contexts_;  // per subtask
};

// Runs the job with protocol `Protocol` and collects what it left pending.
template <class Protocol>
RunResult RunLoop(const JobGraph& plan, const RunOptions& options) {
  Loop<Protocol> loop(plan, options);
  loop.Run();
  CollectPending(loop.world());
  return std::move(loop.world().result);
}

// OperatorContext of one subtask, and its valve's output.
template <class Protocol>
class Loop<Protocol>::Context final : public OperatorContext, public engine::WatermarkEventOutput {
 public:
  Context(Loop& loop, uint32_t subtask) : loop_(loop), subtask_(subtask) {}
  void Emit(Port port, Record record) override { loop_.Emit(subtask_, port, std::move(record)); }
  void Note(engine::RecordId record, Fate fate, uint32_t tag) override {
    loop_.world_.Note(subtask_, record, fate, tag);
  }
  bool detailed() const override { return loop_.world_.detailed(); }
  void NoteWindowDecision(const engine::ElementDecision& decision) override {
    loop_.world_.NoteWindowDecision(subtask_, decision);
  }
  void NoteFiring(const engine::WindowResult& result) override {
    loop_.world_.NoteFiring(subtask_, result);
  }
  void EmitWatermark(Timestamp watermark) override { loop_.OnValveWatermark(subtask_, watermark); }
  void EmitWatermarkStatus(engine::WatermarkStatus status) override {
    loop_.OnValveStatus(subtask_, status);
  }

 private:
  Loop& loop_;
  uint32_t subtask_;
};

template <class Protocol>
Loop<Protocol>::Loop(const JobGraph& plan, const RunOptions& options)
    : world_(plan, options), protocol_(world_, *this), feeds_(world_, *this, protocol_) {
  for (uint32_t i = 0; i < world_.subtasks.size(); ++i) {
    contexts_.push_back(std::make_unique<Context>(*this, i));
  }
  feeds_.Open();
}

template <class Protocol>
void Loop<Protocol>::Run() {
  world_.now = world_.start;
  const RunEnding ending = feeds_.Start();
  if constexpr (Protocol::kFaultTolerant) protocol_.Start();
  Timestamp last_row = world_.start;
  while (!world_.agenda.empty()) {
    // Unbounded jobs keep running while processing-time timers are pending:
    // their clock goes on. A finished bounded job quiesces its timers.
    const bool timers_pending = ending.any_unbounded && world_.wakeups_pending > 0;
    bool done = world_.feeds_exhausted == world_.feeds.size() && world_.channels_scheduled == 0 &&
                !timers_pending && world_.agenda.next_time() > last_row + ending.tail;
    if constexpr (Protocol::kFaultTolerant) {
      if (protocol_.job_ended()) break;
      // Only barriers still travelling: every task has all of its input, and
      // the final checkpoint commits the rest (OnJobEnd, FLIP-147).
      // Counting them would keep a finished job checkpointing for ever when
      // a barrier takes longer to cross a channel than the interval.
      // Looked at when the scheduler is due, once per interval: the scan is
      // over every channel.
      if (!done && world_.channels_scheduled > 0 && world_.feeds_exhausted == world_.feeds.size() &&
          !timers_pending && world_.agenda.next_time() > last_row + ending.tail &&
          world_.agenda.next_action().kind == Action::Kind::kCheckpointTimer) {
        done = protocol_.OnlyBarriersInFlight();
      }
      // A restart pending or a backlog replaying: the job is not done.
      done = done && !protocol_.Busy();
    }
    if (world_.plan.run_until) {
      // `run_until` replaces the tail of unbounded and script sources; a job
      // of bounded sources still finishes when they do.
      if (world_.agenda.next_time() > *world_.plan.run_until || (done && !ending.keeps_clock)) {
        break;
      }
    } else if (done) {
      break;
    }
    const Action action = world_.agenda.Pop(&world_.now);
    if constexpr (Protocol::kFaultTolerant) {
      try {
        Dispatch(action, last_row);
      } catch (const TaskFailure& failure) {
        protocol_.OnTaskFailure(failure);
      }
    } else {
      Dispatch(action, last_row);
    }
  }
  if constexpr (Protocol::kFaultTolerant) protocol_.OnJobEnd();
}

template <class Protocol>
inline void Loop<Protocol>::Dispatch(const Action& action, Timestamp& last_row) {
  switch (action.kind) {
    case Action::Kind::kRow:
      feeds_.OnRow(action.target);
      last_row = world_.now;
      break;
    case Action::Kind::kTick: feeds_.OnTick(action.target); break;
    case Action::Kind::kEnd:
      feeds_.OnEnd(action.target);
      last_row = world_.now;
      break;
    case Action::Kind::kDeliver: OnDeliver(action.target); break;
    case Action::Kind::kWakeup: OnWakeup(action.target); break;
    case Action::Kind::kReplayRow:
      if constexpr (Protocol::kFaultTolerant) {
        protocol_.OnAction(action);
        last_row = world_.now;
      }
      break;
    case Action::Kind::kCheckpointTimer:
    case Action::Kind::kCheckpointComplete:
    case Action::Kind::kCheckpointNotify:
    case Action::Kind::kFailure:
    case Action::Kind::kRestart:
    case Action::Kind::kAlignmentTimeout:
      if constexpr (Protocol::kFaultTolerant) protocol_.OnAction(action);
      break;
  }
}

template <class Protocol>
inline void Loop<Protocol>::Emit(uint32_t subtask, Port port, Record&& record) {
  const Subtask& s = world_.subtasks[subtask];
  const PlannedNode& node = world_.plan.nodes[s.node];
  if (node.kind != PlannedNode::Kind::kUnion && node.kind != PlannedNode::Kind::kSideOutput &&
      record.id != engine::kNoRecordId) {
    const Fate fate = port == engine::kMainPort                 ? Fate::kEmitted
                      : node.kind == PlannedNode::Kind::kWindow ? Fate::kLateToTag
                                                                : Fate::kRoutedToTag;
    world_.Note(subtask, record.id, fate, port);
  }
  const std::vector<size_t>& sinks = world_.sinks.of(s.node);
  const bool sunk = port == engine::kMainPort && !sinks.empty();
  std::vector<Edge>& edges = world_.subtasks[subtask].outputs[port];
  if (edges.empty() && !sunk) {
    world_.Note(subtask, record.id, Fate::kUnconsumed, port);
    return;
  }
  if (sunk) {
    for (size_t sink : sinks) {
      if constexpr (Protocol::kFaultTolerant) {
        protocol_.OnSinkRecord(subtask, sink, record);
      } else {
        world_.Note(subtask, record.id, Fate::kSunk, static_cast<uint32_t>(sink));
        world_.sinks.Show(sink, record,
                          {.watermark = world_.EmittingWatermark(subtask),
                           .at = world_.now,
                           .visible_at = world_.now});
      }
    }
  }
  // Every edge but the last gets a copy; the last takes the record itself.
  for (size_t e = 0; e + 1 < edges.size(); ++e) Route(edges[e], Record(record));
  if (!edges.empty()) Route(edges.back(), std::move(record));
}

template <class Protocol>
inline void Loop<Protocol>::Route(Edge& edge, Record&& record) {
  if (edge.chained) {
    ProcessRecord(edge.chained_subtask, std::move(record));
    return;
  }
  size_t target = 0;
  switch (edge.partitioning) {
    case Partitioning::kForward: target = 0; break;
    case Partitioning::kRebalance:
      // The next channel round the ring (edge.next starts below the size).
      if (++edge.next == edge.channels.size()) edge.next = 0;
      target = edge.next;
      break;
    case Partitioning::kHash:
      // Flink's partitioner checks every key, at any parallelism (null_key.h);
      // windowAll's key selector gives a constant, never null.
      if (std::holds_alternative<std::monostate>(record.values[edge.key_field]) &&
          world_.plan.nodes[edge.consumer].key_field) [[unlikely]] {
        world_.ThrowNullKey(edge, record);
      }
      // One consumer takes every key group: no need to hash the key.
      if (edge.channels.size() == 1) break;
      target = static_cast<size_t>(
          engine::AssignKeyToParallelOperator(record.values[edge.key_field], edge.max_parallelism,
                                              static_cast<int>(edge.channels.size())));
      break;
  }
  SendRecord(edge, static_cast<uint32_t>(target), std::move(record));
}

// Watermarks, statuses and barriers go to every output, side outputs
// included (§7.3); watermarks and statuses also to the stream's sinks.
template <class Protocol>
inline void Loop<Protocol>::Broadcast(uint32_t subtask, const StreamElement& element) {
  if (world_.sinks.tapped() && element.kind != StreamElement::Kind::kBarrier) {
    const Subtask& s = world_.subtasks[subtask];
    world_.sinks.Tap(s.node, s.index, element);
  }
  for (auto& port : world_.subtasks[subtask].outputs) {
    for (Edge& edge : port) {
      if (edge.chained) {
        StreamElement copy = element;
        Deliver(edge.chained_subtask, edge.chained_input, copy);
        continue;
      }
      for (uint32_t c = 0; c < edge.channels.size(); ++c) Send(edge, c, StreamElement(element));
    }
  }
}

template <class Protocol>
inline void Loop<Protocol>::Send(Edge& edge, uint32_t consumer_index, StreamElement&& element) {
  NextSlot(edge, consumer_index).second = std::move(element);
}

// Written into the channel's slot in place: no element built and moved.
template <class Protocol>
inline void Loop<Protocol>::SendRecord(Edge& edge, uint32_t consumer_index, Record&& record) {
  StreamElement& element = NextSlot(edge, consumer_index).second;
  element.kind = StreamElement::Kind::kRecord;
  element.record = std::move(record);
}

// Appends a slot to the channel, stamped with the time it becomes ready, and
// puts the delivery on the agenda if none is there; the caller fills the slot.
template <class Protocol>
inline std::pair<Timestamp, StreamElement>& Loop<Protocol>::NextSlot(Edge& edge,
                                                                     uint32_t consumer_index) {
  const uint32_t id = edge.channels[consumer_index];
  Channel& channel = world_.channels[id];
  const int64_t min_latency = world_.plan.channels.min.millis();
  const int64_t max_latency = world_.plan.channels.max.millis();
  // A fixed latency needs no draw: this generator draws latencies only, and
  // the bounds are the same for every channel of the run, so with equal
  // bounds no drawn number would ever be used.
  const int64_t latency = min_latency == max_latency
                              ? min_latency
                              : world_.latency_prng.Between(min_latency, max_latency);
  const Timestamp ready =
      std::max(world_.now + engine::Duration::Millis(latency), channel.last_ready);
  channel.last_ready = ready;
  std::pair<Timestamp, StreamElement>& slot = channel.queue.push_back_slot();
  slot.first = ready;
  if (!channel.scheduled) {
    channel.scheduled = true;
    ++world_.channels_scheduled;
    world_.agenda.Push(ready, {Action::Kind::kDeliver, id});
  }
  return slot;
}

template <class Protocol>
inline void Loop<Protocol>::OnDeliver(uint32_t id) {
  Channel& channel = world_.channels[id];
  if constexpr (Protocol::kFaultTolerant) {
    if (channel.blocked) [[unlikely]] {
      // Aligning: the channel waits, holding its elements, until unblocked.
      channel.scheduled = false;
      --world_.channels_scheduled;
      return;
    }
  }
  StreamElement element = std::move(channel.queue.front().second);
  channel.queue.pop_front();
  if (element.kind == StreamElement::Kind::kRecord) {
    world_.Step(ScheduleStep::Kind::kDelivery, channel.to_subtask, element.record.id,
                Timestamp::Min(), id);
  }
  if (channel.queue.empty()) {
    channel.scheduled = false;
    --world_.channels_scheduled;
  } else {
    world_.agenda.Push(std::max(world_.now, channel.queue.front().first),
                       {Action::Kind::kDeliver, id});
  }
  Deliver(channel.to_subtask, channel.input, element);
}

template <class Protocol>
inline void Loop<Protocol>::Deliver(uint32_t subtask, int input, StreamElement& element) {
  Subtask& s = world_.subtasks[subtask];
  switch (element.kind) {
    case StreamElement::Kind::kRecord:
      if constexpr (Protocol::kFaultTolerant) {
        protocol_.OnRecordDelivered(subtask, input, element.record);
      }
      ProcessRecord(subtask, std::move(element.record));
      break;
    case StreamElement::Kind::kWatermark:
      s.valve->InputWatermark(element.watermark, input, *contexts_[subtask]);
      break;
    case StreamElement::Kind::kStatus:
      s.valve->InputWatermarkStatus(element.status, input, *contexts_[subtask]);
      break;
    case StreamElement::Kind::kBarrier:
      // Only a fault-tolerant job sends barriers.
      if constexpr (Protocol::kFaultTolerant) {
        protocol_.OnBarrier(subtask, input, element.checkpoint());
      }
      break;
  }
}

template <class Protocol>
inline void Loop<Protocol>::ProcessRecord(uint32_t subtask, Record&& record) {
  Subtask& s = world_.subtasks[subtask];
  // The operator's processing clock follows the virtual clock; timers due by
  // now fire before the record, as they would have on a real clock.
  s.op->AdvanceProcessingTime(world_.now, *contexts_[subtask]);
  const engine::RecordId id = record.id;
  try {
    s.op->ProcessRecord(std::move(record), *contexts_[subtask]);
  } catch (const engine::InputError& e) {
    // The engine's rules know no files: an error they raise for a record
    // (a window's "no timestamp") is placed here.
    if (!e.where().file.empty()) throw;
    world_.ThrowUnlocated(subtask, id, e);
  }
  ScheduleWakeup(subtask);
  // A few spares are enough: a row is read only after the last is consumed
  // (latency 0), or a handful are in flight.
  constexpr size_t kMaxSpares = 64;
  if (record.values.capacity() > 0 && world_.spare_values.size() < kMaxSpares) {
    world_.spare_values.push_back(std::move(record.values));
  }
}

// The valve raised the subtask's input watermark: fire timers, then forward.
template <class Protocol>
void Loop<Protocol>::OnValveWatermark(uint32_t subtask, Timestamp watermark) {
  Subtask& s = world_.subtasks[subtask];
  s.watermark = watermark;
  if (world_.Step(ScheduleStep::Kind::kWatermark, subtask, engine::kNoRecordId, watermark)) {
    const std::vector<int> holding = s.valve->HoldingChannels();
    if (!holding.empty()) {
      const Subtask& holder =
          world_.subtasks[world_.input_sources[subtask][static_cast<size_t>(holding[0])]];
      world_.result.schedule.back().held_by_node = static_cast<int32_t>(holder.node);
      world_.result.schedule.back().held_by_subtask = static_cast<int32_t>(holder.index);
    }
  }
  s.op->AdvanceProcessingTime(world_.now, *contexts_[subtask]);
  s.op->AdvanceWatermark(watermark, *contexts_[subtask]);
  ScheduleWakeup(subtask);
  Broadcast(subtask, StreamElement::OfWatermark(watermark));
}

template <class Protocol>
void Loop<Protocol>::OnValveStatus(uint32_t subtask, engine::WatermarkStatus status) {
  world_.Step(status == engine::WatermarkStatus::kIdle ? ScheduleStep::Kind::kIdle
                                                       : ScheduleStep::Kind::kActive,
              subtask);
  Broadcast(subtask, StreamElement::OfStatus(status));
}

template <class Protocol>
inline void Loop<Protocol>::ScheduleWakeup(uint32_t subtask) {
  Subtask& s = world_.subtasks[subtask];
  // None pending (Max) never comes before the wake-up already set (at most Max).
  const Timestamp next = s.op->NextProcessingTimer();
  if (next >= s.wakeup) return;
  if (s.wakeup == Timestamp::Max()) ++world_.wakeups_pending;
  s.wakeup = std::max(next, world_.now);
  world_.agenda.Push(s.wakeup, {Action::Kind::kWakeup, subtask});
}

template <class Protocol>
inline void Loop<Protocol>::OnWakeup(uint32_t subtask) {
  Subtask& s = world_.subtasks[subtask];
  if (s.wakeup != world_.now) return;  // superseded by an earlier wake-up
  s.wakeup = Timestamp::Max();
  --world_.wakeups_pending;
  world_.Step(ScheduleStep::Kind::kTimer, subtask);
  s.op->AdvanceProcessingTime(world_.now, *contexts_[subtask]);
  ScheduleWakeup(subtask);
}

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_LOOP_H_
