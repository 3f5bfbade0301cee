// SourceFeeds: the sources' side of the loop (loop.h) — each feed's rows as
// they arrive, handed to the reader subtask that owns their partition; the
// readers' periodic watermark ticks, passed over while quiet (quiet_ticks.h);
// and the end of each input. A reader subtask (SourceSubtask) writes through
// a SourceSink into the loop's emission.
//
// Ordering guarantee: a row is delivered whole within its kRow action (its
// record emitted, then whatever watermark it causes), and the feed's next row
// goes on the agenda only after it, in the feed's own lane: a feed's rows are
// delivered in file order, at their arrival times. A tick that is not the
// subtask's `tick_due` was superseded and does nothing.
//
// A class template over the protocol, as the loop is (protocol.h): with fault
// tolerance a row of a reader that is down or replaying waits in the trace for
// the replay, and a failure in one reader's end of input leaves the others to
// finish.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_SOURCE_FEEDS_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_SOURCE_FEEDS_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "sim/runtime/internal/protocol.h"
#include "sim/runtime/internal/world.h"
#include "sim/runtime/quiet_ticks.h"

namespace tidemark::sim::internal {

template <class Protocol>
class Loop;

// What the sources say about when a run may end (Loop::Run).
struct RunEnding {
  // How long an unbounded job runs on after its last row: the longest
  // idleness timeout plus three watermark intervals, enough for idleness to
  // be detected (§4.4).
  engine::Duration tail = engine::Duration::Zero();
  bool any_unbounded = false;  // processing-time timers keep the job running
  bool keeps_clock = false;    // a source whose end does not end the job (run_until)
};

// Whether a row delivered is counted in as read: the first time it is, not
// when a restored reader replays it.
enum class RowCount : uint8_t { kCountIn, kReplayed };

template <class Protocol>
class SourceFeeds {
 public:
  SourceFeeds(World& world, Loop<Protocol>& loop, Protocol& protocol)
      : world_(world), loop_(loop), protocol_(protocol) {}

  // Gives every reader subtask its output and opens it (World::OpenReaders).
  void Open();
  // The run starts: readers without a partition finish, and every feed's
  // first row (or its end) and every reader's first tick go on the agenda.
  RunEnding Start();

  // The agenda's source actions.
  void OnRow(uint32_t feed);
  void OnTick(uint32_t subtask);
  void OnEnd(uint32_t feed);

  // Hands a trace row to its reader subtask.
  void DeliverRow(SourceFeed& feed, TraceRow& row, int32_t partition, uint32_t subtask,
                  RowCount count);
  void FinishSourceSubtask(uint32_t subtask);

 private:
  class SourceSink;

  void AdvanceFeed(uint32_t feed);
  void OnScriptRow(uint32_t subtask, TraceRow& row);
  void ScheduleTick(uint32_t subtask);
  void ResumeTicks(uint32_t subtask);

  World& world_;
  Loop<Protocol>& loop_;
  Protocol& protocol_;
  std::vector<std::unique_ptr<SourceSink>> outputs_;
};

// Where a reader subtask's records, watermarks and statuses go.
template <class Protocol>
class SourceFeeds<Protocol>::SourceSink final : public SourceOutput {
 public:
  SourceSink(World& world, Loop<Protocol>& loop, uint32_t subtask)
      : world_(world), loop_(loop), subtask_(subtask) {}
  void EmitRecord(Record&& record) override {
    loop_.Emit(subtask_, engine::kMainPort, std::move(record));
  }
  void EmitWatermark(Timestamp watermark) override {
    world_.subtasks[subtask_].watermark = watermark;
    if (world_.Step(ScheduleStep::Kind::kOutputWatermark, subtask_, engine::kNoRecordId,
                    watermark)) {
      const auto holding = world_.subtasks[subtask_].source->HoldingPartitions();
      if (!holding.empty()) world_.result.schedule.back().partition = holding.front();
    }
    loop_.Broadcast(subtask_, StreamElement::OfWatermark(watermark));
  }
  void EmitStatus(engine::WatermarkStatus status) override {
    world_.Step(status == engine::WatermarkStatus::kIdle ? ScheduleStep::Kind::kIdle
                                                         : ScheduleStep::Kind::kActive,
                subtask_);
    loop_.Broadcast(subtask_, StreamElement::OfStatus(status));
  }

 private:
  World& world_;
  Loop<Protocol>& loop_;
  uint32_t subtask_;
};

template <class Protocol>
void SourceFeeds<Protocol>::Open() {
  for (const SourceFeed& feed : world_.feeds) {
    if (feed.script) continue;
    for (int i = 0; i < world_.plan.nodes[feed.node].parallelism; ++i) {
      const uint32_t subtask = world_.first_subtask[feed.node] + static_cast<uint32_t>(i);
      outputs_.push_back(std::make_unique<SourceSink>(world_, loop_, subtask));
      world_.source_output_of[subtask] = outputs_.back().get();
    }
  }
  world_.OpenReaders();
}

template <class Protocol>
RunEnding SourceFeeds<Protocol>::Start() {
  const JobGraph& plan = world_.plan;
  // A reader of a bounded source that owns no partition has nothing to read:
  // it finishes at once and sends +inf (a Flink reader told "no more splits"),
  // so it never holds event time back.
  for (SourceFeed& feed : world_.feeds) {
    const PlannedNode& node = plan.nodes[feed.node];
    if (!plan.sources[node.source].bounded()) continue;  // script sources too
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = world_.first_subtask[feed.node] + static_cast<uint32_t>(i);
      if (world_.subtasks[subtask].source->Splits().empty()) FinishSourceSubtask(subtask);
    }
  }
  RunEnding ending;
  for (uint32_t f = 0; f < world_.feeds.size(); ++f) {
    SourceFeed& feed = world_.feeds[f];
    if (feed.has_next) {
      world_.agenda.PushToLane(f, feed.next_arrival, {Action::Kind::kRow, f});
    } else {
      world_.agenda.Push(std::max(world_.start, world_.EndOfInput(feed)), {Action::Kind::kEnd, f});
    }
    const SourcePlan& source = plan.sources[plan.nodes[feed.node].source];
    const PlannedNode& node = plan.nodes[feed.node];
    if (feed.script) {
      ending.keeps_clock = true;
      continue;
    }
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = world_.first_subtask[feed.node] + static_cast<uint32_t>(i);
      if (auto tick = world_.subtasks[subtask].source->next_tick()) {
        world_.subtasks[subtask].tick_due = tick;
        world_.agenda.PushToCalendar(*tick, {Action::Kind::kTick, subtask});
      }
    }
    if (!source.bounded()) {
      ending.any_unbounded = ending.keeps_clock = true;
      const WatermarkPlan& w = source.watermarks;
      const engine::Duration idle = w.idleness.value_or(engine::Duration::Zero());
      const engine::Duration wait = idle + w.interval + w.interval + w.interval;
      ending.tail = std::max(ending.tail, wait);
    }
  }
  return ending;
}

template <class Protocol>
inline void SourceFeeds<Protocol>::OnRow(uint32_t f) {
  SourceFeed& feed = world_.feeds[f];
  // Read in place: the next row overwrites it only once this one is done.
  TraceRow& row = feed.next;
  // A script row without @channel goes to channel 0.
  const int32_t partition = row.partition ? *row.partition : feed.script ? 0 : feed.round_robin;
  if (++feed.round_robin == feed.partitions) feed.round_robin = 0;
  if (partition >= feed.partitions) [[unlikely]] {
    world_.ThrowNoSuchPartition(feed, partition);
  }
  const uint32_t subtask = feed.owner[static_cast<size_t>(partition)];
  if constexpr (Protocol::kFaultTolerant) {
    // A row of a reader subtask that is down or catching up waits in the
    // trace for the replay (runtime_failover.cc); the feed reads on.
    if (protocol_.TakeLiveRow(subtask, feed.rows)) {
      try {
        DeliverRow(feed, row, partition, subtask, RowCount::kCountIn);
      } catch (const TaskFailure&) {
        AdvanceFeed(f);
        throw;
      }
    } else if (row.kind == TraceRowKind::kEvent || row.kind == TraceRowKind::kParseFailure) {
      world_.CountRecordIn();
    }
  } else {
    DeliverRow(feed, row, partition, subtask, RowCount::kCountIn);
  }
  AdvanceFeed(f);
}

template <class Protocol>
inline void SourceFeeds<Protocol>::AdvanceFeed(uint32_t f) {
  SourceFeed& feed = world_.feeds[f];
  world_.ReadNextRow(feed);
  if (feed.has_next) {
    world_.agenda.PushToLane(f, feed.next_arrival, {Action::Kind::kRow, f});
  } else {
    world_.agenda.Push(world_.EndOfInput(feed), {Action::Kind::kEnd, f});
  }
}

template <class Protocol>
inline void SourceFeeds<Protocol>::DeliverRow(SourceFeed& feed, TraceRow& row, int32_t partition,
                                              uint32_t subtask, RowCount count) {
  feed.last_row_at[static_cast<size_t>(partition)] = world_.now;
  if (row.kind == TraceRowKind::kParseFailure) {
    // Dead letter: the source's side output 1 carries {line, raw, error}.
    if (count == RowCount::kCountIn) world_.CountRecordIn();
    world_.Step(ScheduleStep::Kind::kArrival, subtask, row.record.id);
    loop_.Emit(subtask, 1,
               Record{.id = row.record.id,
                      .timestamp = Timestamp::Min(),
                      .values = {int64_t{row.line}, std::move(row.raw), std::move(row.error)}});
  } else {
    if (row.kind == TraceRowKind::kEvent && count == RowCount::kCountIn) world_.CountRecordIn();
    if (world_.Step(ScheduleStep::Kind::kArrival, subtask, row.record.id)) {
      world_.result.schedule.back().partition = partition;
    }
    if (feed.script) {
      OnScriptRow(subtask, row);
    } else {
      Subtask& s = world_.subtasks[subtask];
      if (world_.detailed()) [[unlikely]] {
        const size_t mark = world_.result.schedule.size();
        s.source->OnRow(std::move(row), partition, world_.now);
        world_.NoteSplitStatus(subtask, mark);
      } else {
        s.source->OnRow(std::move(row), partition, world_.now);
      }
      s.quiet_ticks = 0;
      s.quiet_until.reset();
      if (s.ticks_parked_at) [[unlikely]]
        ResumeTicks(subtask);
    }
    if (row.record.values.capacity() == 0 && !world_.spare_values.empty()) {
      row.record.values = std::move(world_.spare_values.back());
      world_.spare_values.pop_back();
    }
  }
}

// A script row goes out as written: no generator decides whether a
// watermark advances or a status changes; the consumer's valve does.
template <class Protocol>
void SourceFeeds<Protocol>::OnScriptRow(uint32_t subtask, TraceRow& row) {
  switch (row.kind) {
    case TraceRowKind::kEvent: loop_.Emit(subtask, engine::kMainPort, std::move(row.record)); break;
    case TraceRowKind::kWatermark:
      world_.subtasks[subtask].watermark = row.watermark;
      world_.Step(ScheduleStep::Kind::kOutputWatermark, subtask, engine::kNoRecordId,
                  row.watermark);
      loop_.Broadcast(subtask, StreamElement::OfWatermark(row.watermark));
      break;
    case TraceRowKind::kIdle:
    case TraceRowKind::kActive: {
      const engine::WatermarkStatus status = row.kind == TraceRowKind::kIdle
                                                 ? engine::WatermarkStatus::kIdle
                                                 : engine::WatermarkStatus::kActive;
      world_.Step(
          row.kind == TraceRowKind::kIdle ? ScheduleStep::Kind::kIdle : ScheduleStep::Kind::kActive,
          subtask);
      loop_.Broadcast(subtask, StreamElement::OfStatus(status));
      break;
    }
    case TraceRowKind::kParseFailure:
      break;  // a script has no dead-letter output (the loader refuses one)
  }
}

template <class Protocol>
inline void SourceFeeds<Protocol>::OnTick(uint32_t subtask) {
  Subtask& s = world_.subtasks[subtask];
  if (s.finished || s.tick_due != world_.now) return;
  if (s.quiet_until && *s.quiet_until > world_.now && !world_.detailed()) {
    // Every generator would repeat its last emit (quiet_ticks.h): the tick
    // keeps its place among the actions of its time, and does nothing.
    s.source->PassQuietTick(world_.now);
    ScheduleTick(subtask);
    return;
  }
  s.quiet_until.reset();
  if (world_.detailed()) [[unlikely]] {
    const size_t mark = world_.result.schedule.size();
    s.source->OnPeriodicTick(world_.now);
    world_.NoteSplitStatus(subtask, mark);
  } else {
    s.source->OnPeriodicTick(world_.now);
  }
  ScheduleTick(subtask);
}

// Pushes the subtask's next tick, or passes over quiet ticks (quiet_ticks.h).
template <class Protocol>
inline void SourceFeeds<Protocol>::ScheduleTick(uint32_t subtask) {
  Subtask& s = world_.subtasks[subtask];
  s.tick_due.reset();
  const std::optional<Timestamp> next = s.source->next_tick();
  if (!next) return;
  if (!s.quiet_until) s.quiet_until = s.source->QuietUntil();
  const std::optional<Timestamp> quiet_until = s.quiet_until;
  const bool next_is_quiet = quiet_until && *quiet_until > *next;
  s.quiet_ticks = next_is_quiet ? s.quiet_ticks + 1 : 0;
  if (s.quiet_ticks <= world_.options.max_stepped_quiet_ticks) {
    s.tick_due = next;
    world_.agenda.PushToCalendar(*next, {Action::Kind::kTick, subtask});
    return;
  }
  // The stretch has outlasted the ticks stepped: jump to its end (a row of
  // the subtask's own ends it sooner, see ResumeTicks).
  s.quiet_ticks = 0;
  s.ticks_parked_at = *next;
  s.tick_due = FirstTickThatMayAct(*next, s.source->options().interval, *quiet_until);
  if (s.tick_due) world_.agenda.PushToCalendar(*s.tick_due, {Action::Kind::kTick, subtask});
}

// A row ends a stretch of passed-over ticks: they resume on their grid.
template <class Protocol>
void SourceFeeds<Protocol>::ResumeTicks(uint32_t subtask) {
  Subtask& s = world_.subtasks[subtask];
  if (!s.ticks_parked_at || s.finished) return;
  const std::optional<Timestamp> at =
      NextGridTick(*s.ticks_parked_at, s.source->options().interval, world_.now);
  s.ticks_parked_at.reset();
  s.tick_due = at;
  if (at) world_.agenda.PushToCalendar(*at, {Action::Kind::kTick, subtask});
}

template <class Protocol>
void SourceFeeds<Protocol>::OnEnd(uint32_t f) {
  SourceFeed& feed = world_.feeds[f];
  feed.exhausted = true;
  ++world_.feeds_exhausted;
  const JobGraph& plan = world_.plan;
  if (!plan.sources[plan.nodes[feed.node].source].bounded()) return;
  const PlannedNode& node = plan.nodes[feed.node];
  if constexpr (Protocol::kFaultTolerant) {
    // Subtasks replaying their backlog finish when it is done; a failure in
    // one reader's pipeline leaves the others to finish.
    std::vector<TaskFailure> failures;
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = world_.first_subtask[feed.node] + static_cast<uint32_t>(i);
      if (!protocol_.Live(subtask)) continue;
      try {
        FinishSourceSubtask(subtask);
      } catch (TaskFailure& failure) {
        failures.push_back(std::move(failure));
      }
    }
    for (const TaskFailure& failure : failures) protocol_.OnTaskFailure(failure);
  } else {
    for (int i = 0; i < node.parallelism; ++i) {
      FinishSourceSubtask(world_.first_subtask[feed.node] + static_cast<uint32_t>(i));
    }
  }
}

template <class Protocol>
void SourceFeeds<Protocol>::FinishSourceSubtask(uint32_t subtask) {
  Subtask& s = world_.subtasks[subtask];
  if (s.finished) return;
  world_.Step(ScheduleStep::Kind::kEndOfInput, subtask);
  s.finished = true;
  s.source->OnEndOfInput(world_.now);
}

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_SOURCE_FEEDS_H_
