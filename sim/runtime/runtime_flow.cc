#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/input_error.h"
#include "engine/core/key_groups.h"
#include "engine/windows/window_assigner.h"
#include "sim/runtime/internal/recovery_state.h"
#include "sim/runtime/internal/runtime_state.h"
#include "sim/runtime/quiet_ticks.h"

namespace tidemark::sim::internal {

void Runtime::Note(uint32_t subtask, engine::RecordId record, Fate fate, uint32_t tag) {
  const Subtask& s = subtasks_[subtask];
  result_.ledger.Add({.record = record,
                      .node = s.node,
                      .subtask = s.index,
                      .fate = fate,
                      .tag = tag,
                      .watermark = s.watermark,
                      .processing_time = now_});
}

// A partition's idleness shows only in the splits' state: compared after the
// call, and its steps put before what the call emitted, since a partition
// leaving the minimum comes before the watermark that lets through.
void Runtime::NoteSplitStatus(uint32_t subtask, size_t mark) {
  if (!KeepsDetail(engine::kNoRecordId)) return;
  Subtask& s = subtasks_[subtask];
  const std::vector<SplitState> splits = s.source->Splits();
  if (s.split_idle.size() != splits.size()) s.split_idle.assign(splits.size(), false);
  std::vector<ScheduleStep> changes;
  for (size_t i = 0; i < splits.size(); ++i) {
    if (splits[i].idle == s.split_idle[i]) continue;
    s.split_idle[i] = splits[i].idle;
    changes.push_back({.kind = splits[i].idle ? ScheduleStep::Kind::kPartitionIdle
                                              : ScheduleStep::Kind::kPartitionActive,
                       .time = now_,
                       .node = s.node,
                       .subtask = s.index,
                       .channel = 0,
                       .record = engine::kNoRecordId,
                       .watermark = splits[i].watermark,
                       .firing = 0,
                       .partition = splits[i].partition});
  }
  if (changes.empty()) return;
  result_.schedule.insert(result_.schedule.begin() + static_cast<std::ptrdiff_t>(mark),
                          changes.begin(), changes.end());
}

bool Runtime::Step(ScheduleStep::Kind kind, uint32_t subtask, engine::RecordId record,
                   Timestamp watermark, uint32_t channel) {
  if (!detailed() || !KeepsDetail(record)) return false;
  const Subtask& s = subtasks_[subtask];
  result_.schedule.push_back({.kind = kind,
                              .time = now_,
                              .node = s.node,
                              .subtask = s.index,
                              .channel = channel,
                              .record = record,
                              .watermark = watermark,
                              .firing = 0});
  return true;
}

void Runtime::Emit(uint32_t subtask, Port port, Record&& record) {
  const Subtask& s = subtasks_[subtask];
  const PlannedNode& node = plan_.nodes[s.node];
  if (node.kind != PlannedNode::Kind::kUnion && node.kind != PlannedNode::Kind::kSideOutput &&
      record.id != engine::kNoRecordId) {
    const Fate fate = port == engine::kMainPort                 ? Fate::kEmitted
                      : node.kind == PlannedNode::Kind::kWindow ? Fate::kLateToTag
                                                                : Fate::kRoutedToTag;
    Note(subtask, record.id, fate, port);
  }
  const bool sunk = port == engine::kMainPort && !sinks_of_node_[s.node].empty();
  std::vector<Edge>& edges = subtasks_[subtask].outputs[port];
  if (edges.empty() && !sunk) {
    Note(subtask, record.id, Fate::kUnconsumed, port);
    return;
  }
  if (sunk) {
    for (size_t sink : sinks_of_node_[s.node]) {
      if (recovery_) [[unlikely]] {
        ThrowIfSinkFails(subtask, sink, record);
        Note(subtask, record.id, Fate::kSunk, static_cast<uint32_t>(sink));
        WriteToSink(subtask, sink, record);
        continue;
      }
      Note(subtask, record.id, Fate::kSunk, static_cast<uint32_t>(sink));
      SinkOutput& out = result_.sinks[sink];
      ++out.count;
      if (options_.on_sink_record) {
        options_.on_sink_record(
            sink, record,
            {.watermark = EmittingWatermark(subtask), .at = now_, .visible_at = now_});
      }
      if (options_.sinks != RunOptions::Sinks::kCollect) continue;
      if (out.records.size() >= options_.max_sink_records) {
        result_.detail_cut = true;
        continue;
      }
      if (options_.sink_elements) {
        out.elements.push_back({.kind = SinkElement::Kind::kRecord,
                                .record = out.records.size(),
                                .watermark = Timestamp::Min(),
                                .status = engine::WatermarkStatus::kActive});
      }
      out.records.push_back(record);
      out.emissions.push_back(
          {.watermark = EmittingWatermark(subtask), .at = now_, .visible_at = now_});
    }
  }
  // Every edge but the last gets a copy; the last takes the record itself.
  for (size_t e = 0; e + 1 < edges.size(); ++e) Route(edges[e], Record(record));
  if (!edges.empty()) Route(edges.back(), std::move(record));
}

void Runtime::Route(Edge& edge, Record&& record) {
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
          plan_.nodes[edge.consumer].key_field) [[unlikely]] {
        ThrowNullKey(edge, record);
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

void Runtime::ThrowNullKey(const Edge& edge, const Record& record) const {
  const PlannedNode& node = plan_.nodes[edge.consumer];
  // The key's index is in the consumer's input schema (its inputs share one).
  const NodeInput& input = node.inputs.front();
  const std::string& field =
      plan_.nodes[input.node].PortSchema(input.port).field(edge.key_field).name;
  throw engine::InputError(
      RowOf(record.id).value_or(node.where),
      fmt::format("a record (row id {}) reaches stream '{}' with a null key in '{}'; Flink "
                  "refuses a null key (KeyGroupRangeAssignment.assignToKeyGroup: \"Assigned "
                  "key must not be null!\")",
                  record.id, node.name, field),
      "filter out the records whose key is null before the key_by, or give the key a value");
}

void Runtime::ThrowUnlocated(uint32_t subtask, engine::RecordId id,
                             const engine::InputError& error) const {
  const PlannedNode& node = plan_.nodes[subtasks_[subtask].node];
  std::string hint = error.hint();
  if (error.message() == engine::kNoTimestampMessage) {
    // Long.MIN_VALUE is Flink's "no timestamp"; the event-time window
    // assigners refuse it (assignWindows in flink-streaming-java/src/main/java/
    // org/apache/flink/streaming/api/windowing/assigners/TumblingEventTimeWindows.java
    // and SlidingEventTimeWindows.java).
    hint = fmt::format(
        "stream '{}' windows by event time, and this record has none: an event time of "
        "-9223372036854775808 (Long.MIN_VALUE) means no timestamp, as does a processing-time "
        "timer's output; give the row another event time",
        node.name);
  }
  throw engine::InputError(RowOf(id).value_or(node.where), error.message(), hint);
}

// Errors only: the run is over, so reading the trace again costs nothing that
// matters, and no row's line is kept while running.
std::optional<engine::SourceLocation> Runtime::RowOf(engine::RecordId id) const {
  if (id == engine::kNoRecordId) return std::nullopt;
  const SourceFeed* feed = row_feed_;
  if (feed == nullptr || feed->next.record.id != id) {
    // Ids count rows per source: with one source, an id names one row.
    if (feeds_.size() != 1) return std::nullopt;
    const SourcePlan& source = plan_.sources[plan_.nodes[feeds_[0].node].source];
    try {
      const std::unique_ptr<TraceInput> input = OpenTrace(source.trace);
      TraceRow row;
      while (input->Next(row)) {
        if (row.record.id == id) return engine::SourceLocation{source.rows_file, row.line, 1};
      }
    } catch (const engine::InputError&) {
    }
    return std::nullopt;
  }
  return engine::SourceLocation{plan_.sources[plan_.nodes[feed->node].source].rows_file,
                                feed->next.line, 1};
}

Timestamp Runtime::EmittingWatermark(uint32_t subtask) const {
  while (subtasks_[subtask].passes_on_from != Subtask::kNoSubtask) {
    subtask = subtasks_[subtask].passes_on_from;
  }
  return subtasks_[subtask].watermark;
}

void Runtime::TapSinks(uint32_t subtask, const StreamElement& element) {
  const Subtask& s = subtasks_[subtask];
  for (size_t sink : sinks_of_node_[s.node]) sink_taps_[sink]->Take(s.index, element);
}

// Watermarks and statuses go to every output, side outputs included (§7.3).
void Runtime::Broadcast(uint32_t subtask, const StreamElement& element) {
  if (!sink_taps_.empty() && element.kind != StreamElement::Kind::kBarrier) {
    TapSinks(subtask, element);
  }
  for (auto& port : subtasks_[subtask].outputs) {
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

void Runtime::Send(Edge& edge, uint32_t consumer_index, StreamElement&& element) {
  NextSlot(edge, consumer_index).second = std::move(element);
}

// Written into the channel's slot in place: no element built and moved.
void Runtime::SendRecord(Edge& edge, uint32_t consumer_index, Record&& record) {
  StreamElement& element = NextSlot(edge, consumer_index).second;
  element.kind = StreamElement::Kind::kRecord;
  element.record = std::move(record);
}

// Appends a slot to the channel, stamped with the time it becomes ready, and
// puts the delivery on the agenda if none is there; the caller fills the slot.
std::pair<Timestamp, StreamElement>& Runtime::NextSlot(Edge& edge, uint32_t consumer_index) {
  const uint32_t id = edge.channels[consumer_index];
  Channel& channel = channels_[id];
  const int64_t min_latency = plan_.channels.min.millis();
  const int64_t max_latency = plan_.channels.max.millis();
  // A fixed latency needs no draw: this generator draws latencies only, and
  // the bounds are the same for every channel of the run, so with equal
  // bounds no drawn number would ever be used.
  const int64_t latency =
      min_latency == max_latency ? min_latency : latency_prng_.Between(min_latency, max_latency);
  const Timestamp ready = std::max(now_ + engine::Duration::Millis(latency), channel.last_ready);
  channel.last_ready = ready;
  std::pair<Timestamp, StreamElement>& slot = channel.queue.push_back_slot();
  slot.first = ready;
  if (!channel.scheduled) {
    channel.scheduled = true;
    ++channels_scheduled_;
    agenda_.Push(ready, {Action::Kind::kDeliver, id});
  }
  return slot;
}

void Runtime::Deliver(uint32_t subtask, int input, StreamElement& element) {
  Subtask& s = subtasks_[subtask];
  switch (element.kind) {
    case StreamElement::Kind::kRecord:
      if (recovery_) [[unlikely]]
        CaptureChannelState(subtask, input, element.record);
      ProcessRecord(subtask, std::move(element.record));
      break;
    case StreamElement::Kind::kWatermark:
      s.valve->InputWatermark(element.watermark, input, *contexts_[subtask]);
      break;
    case StreamElement::Kind::kStatus:
      s.valve->InputWatermarkStatus(element.status, input, *contexts_[subtask]);
      break;
    case StreamElement::Kind::kBarrier: OnBarrier(subtask, input, element.checkpoint()); break;
  }
}

void Runtime::ProcessRecord(uint32_t subtask, Record&& record) {
  Subtask& s = subtasks_[subtask];
  // The operator's processing clock follows the virtual clock; timers due by
  // now fire before the record, as they would have on a real clock.
  s.op->AdvanceProcessingTime(now_, *contexts_[subtask]);
  const engine::RecordId id = record.id;
  try {
    s.op->ProcessRecord(std::move(record), *contexts_[subtask]);
  } catch (const engine::InputError& e) {
    // The engine's rules know no files: an error they raise for a record
    // (a window's "no timestamp") is placed here.
    if (!e.where().file.empty()) throw;
    ThrowUnlocated(subtask, id, e);
  }
  ScheduleWakeup(subtask);
  // A few spares are enough: a row is read only after the last is consumed
  // (latency 0), or a handful are in flight.
  constexpr size_t kMaxSpares = 64;
  if (record.values.capacity() > 0 && spare_values_.size() < kMaxSpares) {
    spare_values_.push_back(std::move(record.values));
  }
}

// The valve raised the subtask's input watermark: fire timers, then forward.
void Runtime::OnValveWatermark(uint32_t subtask, Timestamp watermark) {
  Subtask& s = subtasks_[subtask];
  s.watermark = watermark;
  if (Step(ScheduleStep::Kind::kWatermark, subtask, engine::kNoRecordId, watermark)) {
    const std::vector<int> holding = s.valve->HoldingChannels();
    if (!holding.empty()) {
      const Subtask& holder = subtasks_[input_sources_[subtask][static_cast<size_t>(holding[0])]];
      result_.schedule.back().held_by_node = static_cast<int32_t>(holder.node);
      result_.schedule.back().held_by_subtask = static_cast<int32_t>(holder.index);
    }
  }
  s.op->AdvanceProcessingTime(now_, *contexts_[subtask]);
  s.op->AdvanceWatermark(watermark, *contexts_[subtask]);
  ScheduleWakeup(subtask);
  Broadcast(subtask, StreamElement::OfWatermark(watermark));
}

void Runtime::OnValveStatus(uint32_t subtask, engine::WatermarkStatus status) {
  Step(status == engine::WatermarkStatus::kIdle ? ScheduleStep::Kind::kIdle
                                                : ScheduleStep::Kind::kActive,
       subtask);
  Broadcast(subtask, StreamElement::OfStatus(status));
}

void Runtime::ScheduleWakeup(uint32_t subtask) {
  Subtask& s = subtasks_[subtask];
  // None pending (Max) never comes before the wake-up already set (at most Max).
  const Timestamp next = s.op->NextProcessingTimer();
  if (next >= s.wakeup) return;
  if (s.wakeup == Timestamp::Max()) ++wakeups_pending_;
  s.wakeup = std::max(next, now_);
  agenda_.Push(s.wakeup, {Action::Kind::kWakeup, subtask});
}

void Runtime::ReadNextRow(SourceFeed& feed) {
  feed.has_next = feed.input->Next(feed.next);
  if (!feed.has_next) return;
  const SourcePlan& source = plan_.sources[plan_.nodes[feed.node].source];
  const Timestamp paced =
      Timestamp::Millis(0) + engine::Duration::Millis(static_cast<int64_t>(
                                 feed.rows * static_cast<uint64_t>(source.arrival_every.millis())));
  Timestamp arrival = feed.next.arrival.value_or(paced);
  // A row that failed to parse has no @arrival of its own: it arrives with the
  // row before it rather than back at its paced time.
  if (feed.next.kind == TraceRowKind::kParseFailure && !feed.next.arrival && feed.rows > 0) {
    arrival = std::max(arrival, feed.last_arrival);
  }
  if (feed.end_at && arrival > *feed.end_at) {
    throw engine::InputError(
        {source.rows_file, feed.next.line, 1},
        fmt::format("the row arrives at {}, after source '{}' ends at {}", arrival.millis(),
                    plan_.nodes[feed.node].name, feed.end_at->millis()),
        "move 'end: {at: ...}' after the last row's arrival");
  }
  if (arrival < feed.last_arrival) {
    throw engine::InputError({source.rows_file, feed.next.line, 1},
                             fmt::format("@arrival {} is earlier than the previous row's {}",
                                         arrival.millis(), feed.last_arrival.millis()),
                             "rows are read in file order: sort the trace by @arrival");
  }
  feed.next_arrival = arrival;
  feed.last_arrival = arrival;
  ++feed.rows;
}

void Runtime::OnRow(uint32_t f) {
  SourceFeed& feed = feeds_[f];
  // Read in place: the next row overwrites it only once this one is done.
  TraceRow& row = feed.next;
  // A script row without @channel goes to channel 0.
  const int32_t partition = row.partition ? *row.partition : feed.script ? 0 : feed.round_robin;
  if (++feed.round_robin == feed.partitions) feed.round_robin = 0;
  if (partition >= feed.partitions && feed.script) {
    const PlannedNode& node = plan_.nodes[feed.node];
    throw engine::InputError(
        {plan_.sources[node.source].rows_file, row.line, 1},
        fmt::format("channel {} does not exist: script '{}' feeds {} input channel{}", partition,
                    node.name, feed.partitions, feed.partitions == 1 ? "" : "s"),
        "declare them with 'script: {channels: N}'");
  }
  if (partition >= feed.partitions) {
    const PlannedNode& node = plan_.nodes[feed.node];
    throw engine::InputError(
        {plan_.sources[node.source].rows_file, row.line, 1},
        fmt::format("partition {} does not exist: source '{}' has {} partition{}", partition,
                    node.name, feed.partitions, feed.partitions == 1 ? "" : "s"),
        "declare the source's partitions with 'partitions: N'");
  }
  const uint32_t subtask = feed.owner[static_cast<size_t>(partition)];
  if (recovery_) [[unlikely]] {
    // A row of a reader subtask that is down or catching up waits in the
    // trace for the replay (runtime_failover.cc); the feed reads on.
    if (Live(subtask)) {
      recovery_->delivered[subtask] = feed.rows;  // the row's index + 1
      try {
        DeliverRow(feed, row, partition, subtask, /*count_in=*/true);
      } catch (const TaskFailure&) {
        row_feed_ = nullptr;
        AdvanceFeed(f);
        throw;
      }
    } else if (row.kind == TraceRowKind::kEvent || row.kind == TraceRowKind::kParseFailure) {
      CountRecordIn();
    }
    AdvanceFeed(f);
    return;
  }
  DeliverRow(feed, row, partition, subtask, /*count_in=*/true);
  AdvanceFeed(f);
}

void Runtime::AdvanceFeed(uint32_t f) {
  SourceFeed& feed = feeds_[f];
  ReadNextRow(feed);
  if (feed.has_next) {
    agenda_.PushToLane(f, feed.next_arrival, {Action::Kind::kRow, f});
  } else {
    agenda_.Push(EndOfInput(feed), {Action::Kind::kEnd, f});
  }
}

void Runtime::DeliverRow(SourceFeed& feed, TraceRow& row, int32_t partition, uint32_t subtask,
                         bool count_in) {
  feed.last_row_at[static_cast<size_t>(partition)] = now_;
  row_feed_ = &feed;
  if (row.kind == TraceRowKind::kParseFailure) {
    // Dead letter: the source's side output 1 carries {line, raw, error}.
    if (count_in) CountRecordIn();
    Step(ScheduleStep::Kind::kArrival, subtask, row.record.id);
    Emit(subtask, 1,
         Record{.id = row.record.id,
                .timestamp = Timestamp::Min(),
                .values = {int64_t{row.line}, std::move(row.raw), std::move(row.error)}});
  } else {
    if (row.kind == TraceRowKind::kEvent && count_in) CountRecordIn();
    if (Step(ScheduleStep::Kind::kArrival, subtask, row.record.id)) {
      result_.schedule.back().partition = partition;
    }
    if (feed.script) {
      OnScriptRow(subtask, row);
    } else {
      if (detailed()) [[unlikely]] {
        const size_t mark = result_.schedule.size();
        subtasks_[subtask].source->OnRow(std::move(row), partition, now_);
        NoteSplitStatus(subtask, mark);
      } else {
        subtasks_[subtask].source->OnRow(std::move(row), partition, now_);
      }
      subtasks_[subtask].quiet_ticks = 0;
      subtasks_[subtask].quiet_until.reset();
      if (subtasks_[subtask].ticks_parked_at) [[unlikely]]
        ResumeTicks(subtask);
    }
    if (row.record.values.capacity() == 0 && !spare_values_.empty()) {
      row.record.values = std::move(spare_values_.back());
      spare_values_.pop_back();
    }
  }
  row_feed_ = nullptr;
}

// A script row goes out as written: no generator decides whether a
// watermark advances or a status changes; the consumer's valve does.
void Runtime::OnScriptRow(uint32_t subtask, TraceRow& row) {
  switch (row.kind) {
    case TraceRowKind::kEvent: Emit(subtask, engine::kMainPort, std::move(row.record)); break;
    case TraceRowKind::kWatermark:
      subtasks_[subtask].watermark = row.watermark;
      Step(ScheduleStep::Kind::kOutputWatermark, subtask, engine::kNoRecordId, row.watermark);
      Broadcast(subtask, StreamElement::OfWatermark(row.watermark));
      break;
    case TraceRowKind::kIdle:
    case TraceRowKind::kActive: {
      const engine::WatermarkStatus status = row.kind == TraceRowKind::kIdle
                                                 ? engine::WatermarkStatus::kIdle
                                                 : engine::WatermarkStatus::kActive;
      Step(
          row.kind == TraceRowKind::kIdle ? ScheduleStep::Kind::kIdle : ScheduleStep::Kind::kActive,
          subtask);
      Broadcast(subtask, StreamElement::OfStatus(status));
      break;
    }
    case TraceRowKind::kParseFailure:
      break;  // a script has no dead-letter output (the loader refuses one)
  }
}

void Runtime::OnTick(uint32_t subtask) {
  Subtask& s = subtasks_[subtask];
  if (s.finished || s.tick_due != now_) return;
  if (s.quiet_until && *s.quiet_until > now_ && !detailed()) {
    // Every generator would repeat its last emit (quiet_ticks.h): the tick
    // keeps its place among the actions of its time, and does nothing.
    s.source->PassQuietTick(now_);
    ScheduleTick(subtask);
    return;
  }
  s.quiet_until.reset();
  if (detailed()) [[unlikely]] {
    const size_t mark = result_.schedule.size();
    s.source->OnPeriodicTick(now_);
    NoteSplitStatus(subtask, mark);
  } else {
    s.source->OnPeriodicTick(now_);
  }
  ScheduleTick(subtask);
}

// Pushes the subtask's next tick, or passes over quiet ticks (quiet_ticks.h).
void Runtime::ScheduleTick(uint32_t subtask) {
  Subtask& s = subtasks_[subtask];
  s.tick_due.reset();
  const std::optional<Timestamp> next = s.source->next_tick();
  if (!next) return;
  if (!s.quiet_until) s.quiet_until = s.source->QuietUntil();
  const std::optional<Timestamp> quiet_until = s.quiet_until;
  const bool next_is_quiet = quiet_until && *quiet_until > *next;
  s.quiet_ticks = next_is_quiet ? s.quiet_ticks + 1 : 0;
  if (s.quiet_ticks <= options_.max_stepped_quiet_ticks) {
    s.tick_due = next;
    agenda_.PushToCalendar(*next, {Action::Kind::kTick, subtask});
    return;
  }
  // The stretch has outlasted the ticks stepped: jump to its end (a row of
  // the subtask's own ends it sooner, see ResumeTicks).
  s.quiet_ticks = 0;
  s.ticks_parked_at = *next;
  s.tick_due = FirstTickThatMayAct(*next, s.source->options().interval, *quiet_until);
  if (s.tick_due) agenda_.PushToCalendar(*s.tick_due, {Action::Kind::kTick, subtask});
}

// A row ends a stretch of passed-over ticks: they resume on their grid.
void Runtime::ResumeTicks(uint32_t subtask) {
  Subtask& s = subtasks_[subtask];
  if (!s.ticks_parked_at || s.finished) return;
  const std::optional<Timestamp> at =
      NextGridTick(*s.ticks_parked_at, s.source->options().interval, now_);
  s.ticks_parked_at.reset();
  s.tick_due = at;
  if (at) agenda_.PushToCalendar(*at, {Action::Kind::kTick, subtask});
}

void Runtime::OnEnd(uint32_t f) {
  SourceFeed& feed = feeds_[f];
  feed.exhausted = true;
  ++feeds_exhausted_;
  if (!plan_.sources[plan_.nodes[feed.node].source].bounded()) return;
  const PlannedNode& node = plan_.nodes[feed.node];
  if (recovery_) [[unlikely]] {
    // Subtasks replaying their backlog finish when it is done; a failure in
    // one reader's pipeline leaves the others to finish.
    std::vector<TaskFailure> failures;
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      if (!Live(subtask)) continue;
      try {
        FinishSourceSubtask(subtask);
      } catch (TaskFailure& failure) {
        failures.push_back(std::move(failure));
      }
    }
    for (const TaskFailure& failure : failures) HandleFailure(failure);
    return;
  }
  for (int i = 0; i < node.parallelism; ++i) {
    FinishSourceSubtask(first_subtask_[feed.node] + static_cast<uint32_t>(i));
  }
}

void Runtime::FinishSourceSubtask(uint32_t subtask) {
  Subtask& s = subtasks_[subtask];
  if (s.finished) return;
  Step(ScheduleStep::Kind::kEndOfInput, subtask);
  s.finished = true;
  s.source->OnEndOfInput(now_);
}

void Runtime::OnDeliver(uint32_t id) {
  Channel& channel = channels_[id];
  if (channel.blocked) [[unlikely]] {
    // Aligning: the channel waits, holding its elements, until unblocked.
    channel.scheduled = false;
    --channels_scheduled_;
    return;
  }
  StreamElement element = std::move(channel.queue.front().second);
  channel.queue.pop_front();
  if (element.kind == StreamElement::Kind::kRecord) {
    Step(ScheduleStep::Kind::kDelivery, channel.to_subtask, element.record.id, Timestamp::Min(),
         id);
  }
  if (channel.queue.empty()) {
    channel.scheduled = false;
    --channels_scheduled_;
  } else {
    agenda_.Push(std::max(now_, channel.queue.front().first), {Action::Kind::kDeliver, id});
  }
  Deliver(channel.to_subtask, channel.input, element);
}

void Runtime::OnWakeup(uint32_t subtask) {
  Subtask& s = subtasks_[subtask];
  if (s.wakeup != now_) return;  // superseded by an earlier wake-up
  s.wakeup = Timestamp::Max();
  --wakeups_pending_;
  Step(ScheduleStep::Kind::kTimer, subtask);
  s.op->AdvanceProcessingTime(now_, *contexts_[subtask]);
  ScheduleWakeup(subtask);
}

// Flattened: every direct call the loop makes (rows, deliveries, emission,
// routing, channel slots, ledger notes) is inlined into it, as one function in
// one translation unit would be. With the runtime split over two files the
// calls stayed out of line and cost 1.3% more instructions per row on the
// tumbling benchmark; flattened, 2% fewer than the one-file runtime.
[[gnu::flatten]] void Runtime::Run() {
  const Timestamp start = start_;
  now_ = start;
  // A reader of a bounded source that owns no partition has nothing to read:
  // it finishes at once and sends +inf (a Flink reader told "no more splits"),
  // so it never holds event time back.
  for (SourceFeed& feed : feeds_) {
    const PlannedNode& node = plan_.nodes[feed.node];
    if (!plan_.sources[node.source].bounded()) continue;  // script sources too
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      if (subtasks_[subtask].source->Splits().empty()) FinishSourceSubtask(subtask);
    }
  }
  engine::Duration tail = engine::Duration::Zero();
  bool any_unbounded = false;
  bool keeps_clock = false;  // a source that does not end the job when it ends
  for (uint32_t f = 0; f < feeds_.size(); ++f) {
    SourceFeed& feed = feeds_[f];
    if (feed.has_next) {
      agenda_.PushToLane(f, feed.next_arrival, {Action::Kind::kRow, f});
    } else {
      agenda_.Push(std::max(start, EndOfInput(feed)), {Action::Kind::kEnd, f});
    }
    const SourcePlan& source = plan_.sources[plan_.nodes[feed.node].source];
    const PlannedNode& node = plan_.nodes[feed.node];
    if (feed.script) {
      keeps_clock = true;
      continue;
    }
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      if (auto tick = subtasks_[subtask].source->next_tick()) {
        subtasks_[subtask].tick_due = tick;
        agenda_.PushToCalendar(*tick, {Action::Kind::kTick, subtask});
      }
    }
    if (!source.bounded()) {
      any_unbounded = keeps_clock = true;
      const WatermarkPlan& w = source.watermarks;
      const engine::Duration idle = w.idleness.value_or(engine::Duration::Zero());
      const engine::Duration wait = idle + w.interval + w.interval + w.interval;
      tail = std::max(tail, wait);
    }
  }
  if (recovery_) [[unlikely]]
    StartRecovery();
  // Runs until nothing but ticks and timers remain after every source is
  // exhausted, and the unbounded tail has passed.
  Timestamp last_row = start;
  while (!agenda_.empty()) {
    // Unbounded jobs keep running while processing-time timers are pending:
    // their clock goes on. A finished bounded job quiesces its timers.
    const bool timers_pending = any_unbounded && wakeups_pending_ > 0;
    bool done = feeds_exhausted_ == feeds_.size() && channels_scheduled_ == 0 && !timers_pending &&
                agenda_.next_time() > last_row + tail;
    if (recovery_) [[unlikely]] {
      if (recovery_->job_ended) break;
      // Only barriers still travelling: every task has all of its input, and
      // the final checkpoint commits the rest (FinishRecovery, FLIP-147).
      // Counting them would keep a finished job checkpointing for ever when
      // a barrier takes longer to cross a channel than the interval.
      // Looked at when the scheduler is due, once per interval: the scan is
      // over every channel.
      if (!done && channels_scheduled_ > 0 && feeds_exhausted_ == feeds_.size() &&
          !timers_pending && agenda_.next_time() > last_row + tail &&
          agenda_.next_action().kind == Action::Kind::kCheckpointTimer) {
        done = OnlyBarriersInFlight();
      }
      // A restart pending or a backlog replaying: the job is not done.
      done = done && !RecoveryBusy();
    }
    if (plan_.run_until) {
      // `run_until` replaces the tail of unbounded and script sources; a job
      // of bounded sources still finishes when they do.
      if (agenda_.next_time() > *plan_.run_until || (done && !keeps_clock)) break;
    } else if (done) {
      break;
    }
    const Action action = agenda_.Pop(&now_);
    if (recovery_) [[unlikely]] {
      try {
        Dispatch(action, last_row);
      } catch (const TaskFailure& failure) {
        HandleFailure(failure);
      }
    } else {
      Dispatch(action, last_row);
    }
  }
  if (recovery_) [[unlikely]]
    FinishRecovery();
}

inline void Runtime::Dispatch(const Action& action, Timestamp& last_row) {
  switch (action.kind) {
    case Action::Kind::kRow:
      OnRow(action.target);
      last_row = now_;
      break;
    case Action::Kind::kTick: OnTick(action.target); break;
    case Action::Kind::kEnd:
      OnEnd(action.target);
      last_row = now_;
      break;
    case Action::Kind::kDeliver: OnDeliver(action.target); break;
    case Action::Kind::kWakeup: OnWakeup(action.target); break;
    case Action::Kind::kCheckpointTimer: OnCheckpointTimer(); break;
    case Action::Kind::kCheckpointComplete: OnCheckpointComplete(action.target); break;
    case Action::Kind::kCheckpointNotify: OnCheckpointNotify(action.target); break;
    case Action::Kind::kFailure: OnScriptedFailure(action.target); break;
    case Action::Kind::kRestart: OnRestart(); break;
    case Action::Kind::kReplayRow:
      OnReplayRow(action.target);
      last_row = now_;
      break;
    case Action::Kind::kAlignmentTimeout: OnAlignmentTimeout(action.target); break;
  }
}

}  // namespace tidemark::sim::internal
