#include "sim/runtime.h"

#include <memory>

#include <fmt/format.h>

#include "engine/check.h"
#include "engine/input_error.h"
#include "engine/key_groups.h"
#include "engine/status_watermark_valve.h"
#include "sim/event_queue.h"
#include "sim/fifo_queue.h"
#include "sim/prng.h"
#include "sim/source_subtask.h"
#include "sim/split_assignment.h"
#include "sim/stream_element.h"
#include "sim/subtask_operator.h"
#include "sim/trace_input.h"

namespace tidemark::sim {

using engine::Fate;
using engine::Port;
using engine::Record;
using engine::Timestamp;

namespace {

struct Action {
  enum class Kind : uint8_t {
    kRow,      // the next row of source feed `target` arrives
    kTick,     // periodic watermark tick of source subtask `target`
    kEnd,      // source feed `target` has no more rows
    kDeliver,  // channel `target` delivers its head element
    kWakeup,   // processing-time timers of subtask `target` are due
  };
  Kind kind;
  uint32_t target;
};

struct Channel {
  uint32_t from_subtask = 0;  // global subtask index
  uint32_t to_subtask = 0;    // global subtask index
  int input = 0;            // the consumer valve's channel index
  FifoQueue<std::pair<Timestamp, StreamElement>> queue = {};  // (ready time, element)
  Timestamp last_ready = Timestamp::Min();
  bool scheduled = false;
};

// One connection from a subtask's output port to a consumer node.
struct Edge {
  Partitioning partitioning = Partitioning::kForward;
  bool chained = false;
  uint32_t chained_subtask = 0;     // chained: the consumer subtask
  std::vector<uint32_t> channels;   // else: a channel per consumer subtask index
  size_t key_field = 0;
  int max_parallelism = 128;
  uint64_t next = 0;                // rebalance: the last channel used
};

struct Subtask {
  NodeIndex node = 0;
  uint32_t index = 0;
  std::unique_ptr<SubtaskOperator> op;
  std::unique_ptr<SourceSubtask> source;
  std::unique_ptr<engine::StatusWatermarkValve> valve;
  std::vector<std::vector<Edge>> outputs;  // [port][edge]
  Timestamp watermark = Timestamp::Min();
  Timestamp wakeup = Timestamp::Max();
  bool finished = false;
};

struct SourceFeed {
  NodeIndex node = 0;
  std::unique_ptr<TraceInput> input;
  TraceRow next;          // the next row, when has_next; reused row after row
  bool has_next = false;
  Timestamp next_arrival;
  Timestamp last_arrival = Timestamp::Min();
  uint64_t rows = 0;
  // The partition of the next row read without @partition: row index modulo
  // partitions, counted round rather than divided per row.
  int32_t round_robin = 0;
  int32_t partitions = 1;
  std::vector<uint32_t> owner;  // partition -> global subtask index
  bool exhausted = false;
};

class Runtime {
 public:
  Runtime(const JobPlan& plan, const RunOptions& options);
  void Run();
  RunResult TakeResult() { return std::move(result_); }

 private:
  class Context;
  class SourceSink;

  void BuildSubtasks();
  void BuildEdges();
  void BuildFeeds();
  Timestamp ReadFirstRows();

  // Element flow.
  void Emit(uint32_t subtask, Port port, Record&& record);
  void Route(Edge& edge, Record&& record);
  void Broadcast(uint32_t subtask, const StreamElement& element);
  void Send(Edge& edge, uint32_t consumer_index, StreamElement&& element);
  void SendRecord(Edge& edge, uint32_t consumer_index, Record&& record);
  std::pair<Timestamp, StreamElement>& NextSlot(Edge& edge, uint32_t consumer_index);
  void Deliver(uint32_t subtask, int input, StreamElement& element);
  void ProcessRecord(uint32_t subtask, Record&& record);
  void OnValveWatermark(uint32_t subtask, Timestamp watermark);
  void OnValveStatus(uint32_t subtask, engine::WatermarkStatus status);
  void ScheduleWakeup(uint32_t subtask);

  // Scheduled actions.
  void ReadNextRow(SourceFeed& feed);
  void OnRow(uint32_t feed);
  void OnTick(uint32_t subtask);
  void OnEnd(uint32_t feed);
  void FinishSourceSubtask(uint32_t subtask);
  void OnDeliver(uint32_t channel);
  void OnWakeup(uint32_t subtask);

  void Note(uint32_t subtask, engine::RecordId record, Fate fate, uint32_t tag);
  void Step(ScheduleStep::Kind kind, uint32_t subtask, engine::RecordId record = engine::kNoRecordId,
            Timestamp watermark = Timestamp::Min(), uint32_t channel = 0);
  bool detailed() const { return options_.detail == engine::Ledger::Detail::kEveryRecord; }

  const JobPlan& plan_;
  const RunOptions options_;
  RunResult result_;
  EventQueue<Action> agenda_;
  Prng latency_prng_;
  Prng rebalance_prng_;
  Timestamp now_ = Timestamp::Min();
  Timestamp start_ = Timestamp::Millis(0);  // the earliest first arrival: the clock starts here
  std::vector<Subtask> subtasks_;
  std::vector<uint32_t> first_subtask_;  // node -> its subtask 0
  std::vector<std::vector<uint32_t>> input_sources_;  // [subtask][valve channel] -> upstream subtask
  std::vector<Channel> channels_;
  uint32_t channels_scheduled_ = 0;  // channels with a delivery on the agenda
  uint32_t wakeups_pending_ = 0;     // subtasks with a processing-timer wake-up due
  std::vector<SourceFeed> feeds_;
  size_t feeds_exhausted_ = 0;
  std::vector<std::vector<size_t>> sinks_of_node_;
  std::vector<std::unique_ptr<SourceSink>> source_sinks_;
  std::vector<std::unique_ptr<Context>> contexts_;
  // Value vectors of records that were consumed, for the next rows read: a
  // row's record leaves with its vector, and this gives it one back, so
  // reading allocates nothing per row.
  std::vector<std::vector<engine::Value>> spare_values_;
};

// OperatorContext of one subtask.
class Runtime::Context final : public OperatorContext, public engine::WatermarkEventOutput {
 public:
  Context(Runtime& runtime, uint32_t subtask) : runtime_(runtime), subtask_(subtask) {}
  void Emit(Port port, Record record) override { runtime_.Emit(subtask_, port, std::move(record)); }
  void Note(engine::RecordId record, Fate fate, uint32_t tag) override {
    runtime_.Note(subtask_, record, fate, tag);
  }
  bool detailed() const override { return runtime_.detailed(); }
  void NoteWindowDecision(const engine::ElementDecision& decision) override {
    const Subtask& s = runtime_.subtasks_[subtask_];
    runtime_.result_.window_decisions.push_back({s.node, s.index, runtime_.now_, decision});
  }
  void NoteFiring(const engine::WindowResult& result) override {
    const Subtask& s = runtime_.subtasks_[subtask_];
    runtime_.result_.firings.push_back({s.node, s.index, runtime_.now_, s.watermark, result});
    runtime_.Step(ScheduleStep::Kind::kFiring, subtask_);
    runtime_.result_.schedule.back().firing =
        static_cast<uint32_t>(runtime_.result_.firings.size() - 1);
  }
  // The valve's output.
  void EmitWatermark(Timestamp watermark) override { runtime_.OnValveWatermark(subtask_, watermark); }
  void EmitWatermarkStatus(engine::WatermarkStatus status) override {
    runtime_.OnValveStatus(subtask_, status);
  }

 private:
  Runtime& runtime_;
  uint32_t subtask_;
};

// Where a source subtask's records, watermarks and statuses go.
class Runtime::SourceSink final : public SourceOutput {
 public:
  SourceSink(Runtime& runtime, uint32_t subtask) : runtime_(runtime), subtask_(subtask) {}
  void EmitRecord(Record&& record) override {
    runtime_.Emit(subtask_, engine::kMainPort, std::move(record));
  }
  void EmitWatermark(Timestamp watermark) override {
    runtime_.subtasks_[subtask_].watermark = watermark;
    runtime_.Step(ScheduleStep::Kind::kOutputWatermark, subtask_, engine::kNoRecordId, watermark);
    if (runtime_.detailed()) {
      const auto holding = runtime_.subtasks_[subtask_].source->HoldingPartitions();
      if (!holding.empty()) runtime_.result_.schedule.back().partition = holding.front();
    }
    runtime_.Broadcast(subtask_, StreamElement::OfWatermark(watermark));
  }
  void EmitStatus(engine::WatermarkStatus status) override {
    runtime_.Step(status == engine::WatermarkStatus::kIdle ? ScheduleStep::Kind::kIdle
                                                          : ScheduleStep::Kind::kActive,
                  subtask_);
    runtime_.Broadcast(subtask_, StreamElement::OfStatus(status));
  }

 private:
  Runtime& runtime_;
  uint32_t subtask_;
};

Runtime::Runtime(const JobPlan& plan, const RunOptions& options)
    : plan_(plan),
      options_(options),
      result_{.sinks = {}, .ledger = engine::Ledger(options.detail), .records_in = 0, .schedule = {},
              .window_decisions = {}, .firings = {}},
      agenda_(Prng::ForComponent(options.seed, "agenda")),
      latency_prng_(Prng::ForComponent(options.seed, "channel-latency")),
      rebalance_prng_(Prng::ForComponent(options.seed, "rebalance")) {
  sinks_of_node_.resize(plan.nodes.size());
  for (size_t s = 0; s < plan.sinks.size(); ++s) {
    sinks_of_node_[plan.sinks[s].node].push_back(s);
    result_.sinks.push_back({plan.sinks[s].name, plan.nodes[plan.sinks[s].node].schema, {}, 0});
  }
  BuildSubtasks();
  BuildEdges();
  BuildFeeds();
}

void Runtime::BuildSubtasks() {
  for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
    const PlannedNode& node = plan_.nodes[n];
    first_subtask_.push_back(static_cast<uint32_t>(subtasks_.size()));
    for (int i = 0; i < node.parallelism; ++i) {
      Subtask s;
      s.node = n;
      s.index = static_cast<uint32_t>(i);
      s.outputs.resize(node.side_outputs.size() + 1);
      if (node.kind != PlannedNode::Kind::kSource) s.op = MakeSubtaskOperator(node);
      subtasks_.push_back(std::move(s));
    }
  }
  for (uint32_t i = 0; i < subtasks_.size(); ++i) {
    contexts_.push_back(std::make_unique<Context>(*this, i));
  }
}

// Chained when forward into a node with one input (Flink's chaining rule);
// else a channel per (upstream subtask, downstream subtask) pair that
// communicates. Each consumer numbers its input channels in plan order.
void Runtime::BuildEdges() {
  std::vector<int> inputs_of(subtasks_.size(), 0);
  input_sources_.resize(subtasks_.size());
  for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
    const PlannedNode& node = plan_.nodes[n];
    for (const NodeInput& in : node.inputs) {
      const PlannedNode& upstream = plan_.nodes[in.node];
      const bool chained = in.partitioning == Partitioning::kForward && node.inputs.size() == 1;
      for (int u = 0; u < upstream.parallelism; ++u) {
        Edge edge;
        edge.partitioning = in.partitioning;
        edge.chained = chained;
        edge.key_field = node.key_field.value_or(0);
        edge.max_parallelism = node.max_parallelism;
        const uint32_t from = first_subtask_[in.node] + static_cast<uint32_t>(u);
        for (int d = 0; d < node.parallelism; ++d) {
          const uint32_t to = first_subtask_[n] + static_cast<uint32_t>(d);
          if (in.partitioning == Partitioning::kForward && d != u) continue;
          if (chained) {
            edge.chained_subtask = to;
            input_sources_[to].push_back(from);
            ++inputs_of[to];
            continue;
          }
          input_sources_[to].push_back(from);
          edge.channels.push_back(static_cast<uint32_t>(channels_.size()));
          channels_.push_back(Channel{.from_subtask = from, .to_subtask = to, .input = inputs_of[to]++});
        }
        if (in.partitioning == Partitioning::kRebalance) {
          // RebalancePartitioner: a random start per upstream subtask; the
          // first record goes to the channel after it (§9.1).
          edge.next = rebalance_prng_.Below(static_cast<uint64_t>(node.parallelism));
        }
        subtasks_[from].outputs[in.port].push_back(std::move(edge));
      }
    }
  }
  for (uint32_t i = 0; i < subtasks_.size(); ++i) {
    if (inputs_of[i] > 0) subtasks_[i].valve = std::make_unique<engine::StatusWatermarkValve>(inputs_of[i]);
  }
}

void Runtime::BuildFeeds() {
  for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
    const PlannedNode& node = plan_.nodes[n];
    if (node.kind != PlannedNode::Kind::kSource) continue;
    const SourceSpec& spec = plan_.spec.sources[node.source];
    SourceFeed feed;
    feed.node = n;
    feed.input = OpenTrace(spec);
    feed.partitions = spec.partitions.value_or(node.parallelism);
    feed.owner.resize(static_cast<size_t>(feed.partitions));
    feeds_.push_back(std::move(feed));
  }
  start_ = ReadFirstRows();
  for (SourceFeed& feed : feeds_) {
    const PlannedNode& node = plan_.nodes[feed.node];
    const SourceSpec& spec = plan_.spec.sources[node.source];
    engine::WatermarkExtractor extractor;
    if (node.watermark_when) {
      extractor = [&node](const Record& record, Timestamp ts) -> std::optional<Timestamp> {
        if (!node.watermark_when->EvaluateCondition(record)) return std::nullopt;
        if (!node.watermark_value) return ts;
        const engine::Value v = node.watermark_value->Evaluate(record);
        if (engine::TypeOf(v) != engine::ValueType::kInt) return std::nullopt;
        return Timestamp::Millis(std::get<int64_t>(v));
      };
    }
    const auto assignment = AssignPartitions(spec.topic, feed.partitions, node.parallelism);
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t global = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      for (int32_t p : assignment[i]) feed.owner[static_cast<size_t>(p)] = global;
      source_sinks_.push_back(std::make_unique<SourceSink>(*this, global));
      subtasks_[global].source = std::make_unique<SourceSubtask>(
          SourceSubtaskOptions{.source_name = spec.name,
                               .topic = spec.topic,
                               .partitions = assignment[i],
                               .generator = MakeGeneratorFactory(spec.watermarks, extractor),
                               .idleness = spec.watermarks.idleness,
                               .interval = spec.watermarks.interval,
                               .open_time = start_,
                               // A FLIP-27 source emits +inf at the end of its
                               // data with no last periodic emit before it.
                               .end_of_input = EndOfInputEmission::kMaxOnly},
          *source_sinks_.back());
    }
  }
}

// Reads every source's first row; the clock starts at the earliest arrival.
Timestamp Runtime::ReadFirstRows() {
  Timestamp start = Timestamp::Max();
  for (SourceFeed& feed : feeds_) {
    ReadNextRow(feed);
    if (feed.has_next) start = std::min(start, feed.next_arrival);
  }
  return start == Timestamp::Max() ? Timestamp::Millis(0) : start;
}

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

void Runtime::Step(ScheduleStep::Kind kind, uint32_t subtask, engine::RecordId record,
                   Timestamp watermark, uint32_t channel) {
  if (!detailed()) return;
  const Subtask& s = subtasks_[subtask];
  result_.schedule.push_back({.kind = kind,
                              .time = now_,
                              .node = s.node,
                              .subtask = s.index,
                              .channel = channel,
                              .record = record,
                              .watermark = watermark,
                              .firing = 0});
}

void Runtime::Emit(uint32_t subtask, Port port, Record&& record) {
  const Subtask& s = subtasks_[subtask];
  const PlannedNode& node = plan_.nodes[s.node];
  if (node.kind != PlannedNode::Kind::kUnion && node.kind != PlannedNode::Kind::kSideOutput &&
      record.id != engine::kNoRecordId) {
    const Fate fate = port == engine::kMainPort ? Fate::kEmitted
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
      Note(subtask, record.id, Fate::kSunk, static_cast<uint32_t>(sink));
      ++result_.sinks[sink].count;
      if (options_.sinks == RunOptions::Sinks::kCollect) result_.sinks[sink].records.push_back(record);
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
    case Partitioning::kForward:
      target = 0;
      break;
    case Partitioning::kRebalance:
      // The next channel round the ring (edge.next starts below the size).
      if (++edge.next == edge.channels.size()) edge.next = 0;
      target = edge.next;
      break;
    case Partitioning::kHash:
      // One consumer takes every key group: no need to hash the key.
      if (edge.channels.size() == 1) break;
      target = static_cast<size_t>(engine::AssignKeyToParallelOperator(
          record.values[edge.key_field], edge.max_parallelism,
          static_cast<int>(edge.channels.size())));
      break;
  }
  SendRecord(edge, static_cast<uint32_t>(target), std::move(record));
}

// Watermarks and statuses go to every output, side outputs included (§7.3).
void Runtime::Broadcast(uint32_t subtask, const StreamElement& element) {
  const uint32_t input_channel = 0;
  for (auto& port : subtasks_[subtask].outputs) {
    for (Edge& edge : port) {
      if (edge.chained) {
        StreamElement copy = element;
        Deliver(edge.chained_subtask, input_channel, copy);
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
  const int64_t min_latency = plan_.spec.channels.min_latency.millis();
  const int64_t max_latency = plan_.spec.channels.max_latency.millis();
  // A fixed latency needs no draw: this generator draws latencies only, and
  // the bounds are the same for every channel of the run, so with equal
  // bounds no drawn number would ever be used.
  const int64_t latency = min_latency == max_latency
                              ? min_latency
                              : latency_prng_.Between(min_latency, max_latency);
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
      ProcessRecord(subtask, std::move(element.record));
      break;
    case StreamElement::Kind::kWatermark:
      s.valve->InputWatermark(element.watermark, input, *contexts_[subtask]);
      break;
    case StreamElement::Kind::kStatus:
      s.valve->InputWatermarkStatus(element.status, input, *contexts_[subtask]);
      break;
  }
}

void Runtime::ProcessRecord(uint32_t subtask, Record&& record) {
  Subtask& s = subtasks_[subtask];
  // The operator's processing clock follows the virtual clock; timers due by
  // now fire before the record, as they would have on a real clock.
  s.op->AdvanceProcessingTime(now_, *contexts_[subtask]);
  s.op->ProcessRecord(std::move(record), *contexts_[subtask]);
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
  Step(ScheduleStep::Kind::kWatermark, subtask, engine::kNoRecordId, watermark);
  if (detailed()) {
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
  const SourceSpec& spec = plan_.spec.sources[plan_.nodes[feed.node].source];
  const Timestamp paced = Timestamp::Millis(0) + engine::Duration::Millis(static_cast<int64_t>(
                                                     feed.rows * static_cast<uint64_t>(
                                                                     spec.arrival_every.millis())));
  const Timestamp arrival = feed.next.arrival.value_or(paced);
  if (arrival < feed.last_arrival) {
    throw engine::InputError(
        {spec.trace_path.empty() ? plan_.spec.file : spec.trace_path, feed.next.line, 1},
        fmt::format("@arrival {} is earlier than the previous row's {}", arrival.millis(),
                    feed.last_arrival.millis()),
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
  const int32_t partition = row.partition ? *row.partition : feed.round_robin;
  if (++feed.round_robin == feed.partitions) feed.round_robin = 0;
  if (partition >= feed.partitions) {
    const SourceSpec& spec = plan_.spec.sources[plan_.nodes[feed.node].source];
    throw engine::InputError(
        {spec.trace_path.empty() ? plan_.spec.file : spec.trace_path, row.line, 1},
        fmt::format("partition {} does not exist: source '{}' has {} partition{}", partition,
                    spec.name, feed.partitions, feed.partitions == 1 ? "" : "s"),
        "declare the source's partitions with 'partitions: N'");
  }
  const uint32_t subtask = feed.owner[static_cast<size_t>(partition)];
  if (row.kind == TraceRowKind::kParseFailure) {
    // Dead letter: the source's side output 1 carries {line, raw, error}.
    ++result_.records_in;
    Step(ScheduleStep::Kind::kArrival, subtask, row.record.id);
    Emit(subtask, 1,
         Record{.id = row.record.id,
                .timestamp = Timestamp::Min(),
                .values = {int64_t{row.line}, std::move(row.raw), std::move(row.error)}});
  } else {
    if (row.kind == TraceRowKind::kEvent) ++result_.records_in;
    Step(ScheduleStep::Kind::kArrival, subtask, row.record.id);
    if (detailed()) result_.schedule.back().partition = partition;
    subtasks_[subtask].source->OnRow(std::move(row), partition, now_);
    if (row.record.values.capacity() == 0 && !spare_values_.empty()) {
      row.record.values = std::move(spare_values_.back());
      spare_values_.pop_back();
    }
  }
  ReadNextRow(feed);
  if (feed.has_next) {
    agenda_.PushToLane(f, feed.next_arrival, {Action::Kind::kRow, f});
  } else {
    agenda_.Push(now_, {Action::Kind::kEnd, f});
  }
}

void Runtime::OnTick(uint32_t subtask) {
  Subtask& s = subtasks_[subtask];
  if (s.finished) return;
  s.source->OnPeriodicTick(now_);
  if (auto next = s.source->next_tick()) agenda_.Push(*next, {Action::Kind::kTick, subtask});
}

void Runtime::OnEnd(uint32_t f) {
  SourceFeed& feed = feeds_[f];
  feed.exhausted = true;
  ++feeds_exhausted_;
  const SourceSpec& spec = plan_.spec.sources[plan_.nodes[feed.node].source];
  if (spec.boundedness != SourceSpec::Boundedness::kBounded) return;
  const PlannedNode& node = plan_.nodes[feed.node];
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
  StreamElement element = std::move(channel.queue.front().second);
  channel.queue.pop_front();
  if (element.kind == StreamElement::Kind::kRecord) {
    Step(ScheduleStep::Kind::kDelivery, channel.to_subtask, element.record.id,
         Timestamp::Min(), id);
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

void Runtime::Run() {
  const Timestamp start = start_;
  now_ = start;
  // A reader of a bounded source that owns no partition has nothing to read:
  // it finishes at once and sends +inf (a Flink reader told "no more splits"),
  // so it never holds event time back.
  for (SourceFeed& feed : feeds_) {
    const PlannedNode& node = plan_.nodes[feed.node];
    if (plan_.spec.sources[node.source].boundedness != SourceSpec::Boundedness::kBounded) continue;
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      if (subtasks_[subtask].source->Splits().empty()) FinishSourceSubtask(subtask);
    }
  }
  engine::Duration tail = engine::Duration::Zero();
  bool any_unbounded = false;
  for (uint32_t f = 0; f < feeds_.size(); ++f) {
    SourceFeed& feed = feeds_[f];
    if (feed.has_next) {
      agenda_.PushToLane(f, feed.next_arrival, {Action::Kind::kRow, f});
    } else {
      agenda_.Push(start, {Action::Kind::kEnd, f});
    }
    const SourceSpec& spec = plan_.spec.sources[plan_.nodes[feed.node].source];
    const PlannedNode& node = plan_.nodes[feed.node];
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t subtask = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      if (auto tick = subtasks_[subtask].source->next_tick()) {
        agenda_.Push(*tick, {Action::Kind::kTick, subtask});
      }
    }
    if (spec.boundedness == SourceSpec::Boundedness::kUnbounded) {
      any_unbounded = true;
      const engine::Duration idle = spec.watermarks.idleness.value_or(engine::Duration::Zero());
      const engine::Duration wait =
          idle + spec.watermarks.interval + spec.watermarks.interval + spec.watermarks.interval;
      tail = std::max(tail, wait);
    }
  }
  // Runs until nothing but ticks and timers remain after every source is
  // exhausted, and the unbounded tail has passed.
  Timestamp last_row = start;
  while (!agenda_.empty()) {
    // Unbounded jobs keep running while processing-time timers are pending:
    // their clock goes on. A finished bounded job quiesces its timers.
    const bool timers_pending = any_unbounded && wakeups_pending_ > 0;
    if (feeds_exhausted_ == feeds_.size() && channels_scheduled_ == 0 && !timers_pending &&
        agenda_.next_time() > last_row + tail) {
      break;
    }
    Action action = agenda_.Pop(&now_);
    switch (action.kind) {
      case Action::Kind::kRow: OnRow(action.target); last_row = now_; break;
      case Action::Kind::kTick: OnTick(action.target); break;
      case Action::Kind::kEnd: OnEnd(action.target); last_row = now_; break;
      case Action::Kind::kDeliver: OnDeliver(action.target); break;
      case Action::Kind::kWakeup: OnWakeup(action.target); break;
    }
  }
}

}  // namespace

RunResult RunJob(const JobPlan& plan, const RunOptions& options) {
  Runtime runtime(plan, options);
  runtime.Run();
  return runtime.TakeResult();
}

}  // namespace tidemark::sim
