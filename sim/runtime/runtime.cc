#include "sim/runtime/runtime.h"

#include "sim/runtime/internal/recovery_state.h"
#include "sim/runtime/internal/runtime_state.h"
#include "sim/runtime/split_assignment.h"

namespace tidemark::sim {

namespace internal {

Runtime::Runtime(const JobGraph& plan, const RunOptions& options)
    : plan_(plan),
      options_(options),
      result_{.sinks = {},
              .ledger = engine::Ledger(options.detail),
              .records_in = 0,
              .detail_cut = false,
              .schedule = {},
              .window_decisions = {},
              .firings = {},
              .pending = {}},
      agenda_(Prng::ForComponent(options.seed, "agenda")),
      latency_prng_(Prng::ForComponent(options.seed, "channel-latency")),
      rebalance_prng_(Prng::ForComponent(options.seed, "rebalance")) {
  result_.ledger.LimitEntries(options.detail_rows);
  sinks_of_node_.resize(plan.nodes.size());
  for (size_t s = 0; s < plan.sinks.size(); ++s) {
    sinks_of_node_[plan.sinks[s].node].push_back(s);
    result_.sinks.push_back(
        {plan.sinks[s].name, plan.nodes[plan.sinks[s].node].schema, {}, 0, {}, {}});
  }
  if (options.sink_elements) {
    for (size_t s = 0; s < plan.sinks.size(); ++s) {
      sink_taps_.push_back(std::make_unique<SinkTap>(result_.sinks[s].elements,
                                                     plan.nodes[plan.sinks[s].node].parallelism));
    }
  }
  BuildSubtasks();
  BuildEdges();
  BuildFeeds();
  if (plan.fault_tolerance.enabled()) BuildRecovery();
}

Runtime::~Runtime() = default;

void Runtime::BuildSubtasks() {
  for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
    const PlannedNode& node = plan_.nodes[n];
    first_subtask_.push_back(static_cast<uint32_t>(subtasks_.size()));
    for (int i = 0; i < node.parallelism; ++i) {
      Subtask s;
      s.node = n;
      s.index = static_cast<uint32_t>(i);
      s.outputs.resize(node.side_outputs.size() + 1);
      if (node.kind != PlannedNode::Kind::kSource) s.op = MakeSubtaskOperator(node, detailed());
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
//
// A script source's subtasks deliver straight into their consumer (of
// parallelism 1, PlanJob checks), each on its own valve channel: that is
// chaining with a channel index, so rows arrive in the order written.
void Runtime::BuildEdges() {
  std::vector<int> inputs_of(subtasks_.size(), 0);
  std::vector<int> chained_inputs_of(subtasks_.size(), 0);
  input_sources_.resize(subtasks_.size());
  input_channel_.resize(subtasks_.size());
  for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
    const PlannedNode& node = plan_.nodes[n];
    for (const NodeInput& in : node.inputs) {
      const PlannedNode& upstream = plan_.nodes[in.node];
      const bool from_script =
          upstream.kind == PlannedNode::Kind::kSource && plan_.sources[upstream.source].script;
      const bool chained = (in.partitioning == Partitioning::kForward && node.inputs.size() == 1) ||
                           (from_script && node.parallelism == 1);
      for (int u = 0; u < upstream.parallelism; ++u) {
        Edge edge;
        edge.partitioning = in.partitioning;
        edge.chained = chained;
        edge.key_field = node.key_field.value_or(0);
        edge.consumer = n;
        edge.max_parallelism = node.max_parallelism;
        const uint32_t from = first_subtask_[in.node] + static_cast<uint32_t>(u);
        for (int d = 0; d < node.parallelism; ++d) {
          const uint32_t to = first_subtask_[n] + static_cast<uint32_t>(d);
          if (in.partitioning == Partitioning::kForward && d != u) continue;
          if (chained) {
            edge.chained_subtask = to;
            edge.chained_input = inputs_of[to]++;
            input_sources_[to].push_back(from);
            input_channel_[to].push_back(kNoChannel);
            ++chained_inputs_of[to];
            continue;
          }
          input_sources_[to].push_back(from);
          input_channel_[to].push_back(static_cast<uint32_t>(channels_.size()));
          edge.channels.push_back(static_cast<uint32_t>(channels_.size()));
          channels_.push_back(
              Channel{.from_subtask = from, .to_subtask = to, .input = inputs_of[to]++});
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
  inputs_of_ = inputs_of;
  for (uint32_t i = 0; i < subtasks_.size(); ++i) {
    if (inputs_of[i] > 0)
      subtasks_[i].valve = std::make_unique<engine::StatusWatermarkValve>(inputs_of[i]);
    const PlannedNode::Kind kind = plan_.nodes[subtasks_[i].node].kind;
    const bool passes_on =
        kind == PlannedNode::Kind::kUnion || kind == PlannedNode::Kind::kSideOutput;
    if (passes_on && inputs_of[i] == 1 && chained_inputs_of[i] == 1) {
      subtasks_[i].passes_on_from = input_sources_[i][0];
    }
  }
}

void Runtime::BuildFeeds() {
  for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
    const PlannedNode& node = plan_.nodes[n];
    if (node.kind != PlannedNode::Kind::kSource) continue;
    const SourcePlan& source = plan_.sources[node.source];
    SourceFeed feed;
    feed.node = n;
    feed.input = OpenTrace(source.trace);
    feed.partitions = source.partitions;
    feed.owner.resize(static_cast<size_t>(feed.partitions));
    feed.last_row_at.assign(static_cast<size_t>(feed.partitions), Timestamp::Min());
    feed.script = source.script;
    feed.end_at = source.end_at;
    feeds_.push_back(std::move(feed));
  }
  start_ = ReadFirstRows();
  for (SourceFeed& feed : feeds_) {
    const PlannedNode& node = plan_.nodes[feed.node];
    const SourcePlan& source = plan_.sources[node.source];
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
    if (feed.script) {
      // Channel c is reader subtask c.
      for (int i = 0; i < node.parallelism; ++i) {
        feed.owner[static_cast<size_t>(i)] = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      }
      continue;
    }
    const auto assignment = AssignPartitions(source.topic, feed.partitions, node.parallelism);
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t global = first_subtask_[feed.node] + static_cast<uint32_t>(i);
      for (int32_t p : assignment[i]) feed.owner[static_cast<size_t>(p)] = global;
      source_sinks_.push_back(std::make_unique<SourceSink>(*this, global));
      if (source_sink_of_.size() < subtasks_.size()) source_sink_of_.resize(subtasks_.size());
      source_sink_of_[global] = source_sinks_.back().get();
      subtasks_[global].source = std::make_unique<SourceSubtask>(
          SourceSubtaskOptions{.source_name = node.name,
                               .topic = source.topic,
                               .partitions = assignment[i],
                               .generator = MakeGeneratorFactory(source.watermarks, extractor),
                               .idleness = source.watermarks.idleness,
                               .interval = source.watermarks.interval,
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

// When a source's input ends: with its last row, or at `end: {at}`.
Timestamp Runtime::EndOfInput(const SourceFeed& feed) const {
  return feed.end_at ? std::max(now_, *feed.end_at) : now_;
}

}  // namespace internal

RunResult RunJob(const JobGraph& plan, const RunOptions& options) {
  internal::Runtime runtime(plan, options);
  runtime.Run();
  runtime.CollectPending();
  return runtime.TakeResult();
}

}  // namespace tidemark::sim
