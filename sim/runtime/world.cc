// Building the world a run moves through from the graph, and the parts of
// the run's record that only a detailed run keeps.
#include "sim/runtime/internal/world.h"

#include "sim/runtime/split_assignment.h"

namespace tidemark::sim::internal {

World::World(const JobGraph& plan, const RunOptions& options)
    : plan(plan),
      options(options),
      result{.sinks = {},
             .ledger = engine::Ledger(options.detail),
             .records_in = 0,
             .detail_cut = false,
             .schedule = {},
             .window_decisions = {},
             .firings = {},
             .pending = {}},
      agenda(Prng::ForComponent(options.seed, "agenda")),
      latency_prng(Prng::ForComponent(options.seed, "channel-latency")),
      rebalance_prng(Prng::ForComponent(options.seed, "rebalance")),
      sinks(plan, this->options, result) {
  result.ledger.LimitEntries(options.detail_rows);
  BuildSubtasks();
  BuildEdges();
  BuildFeeds();
}

void World::BuildSubtasks() {
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const PlannedNode& node = plan.nodes[n];
    first_subtask.push_back(static_cast<uint32_t>(subtasks.size()));
    for (int i = 0; i < node.parallelism; ++i) {
      Subtask s;
      s.node = n;
      s.index = static_cast<uint32_t>(i);
      s.outputs.resize(node.side_outputs.size() + 1);
      if (node.kind != PlannedNode::Kind::kSource) s.op = MakeSubtaskOperator(node, detailed());
      subtasks.push_back(std::move(s));
    }
  }
  source_output_of.assign(subtasks.size(), nullptr);
}

// Chained when forward into a node with one input (Flink's chaining rule);
// else a channel per (upstream subtask, downstream subtask) pair that
// communicates. Each consumer numbers its input channels in plan order.
//
// A script source's subtasks deliver straight into their consumer (of
// parallelism 1, PlanJob checks), each on its own valve channel: that is
// chaining with a channel index, so rows arrive in the order written.
void World::BuildEdges() {
  std::vector<int> inputs(subtasks.size(), 0);
  std::vector<int> chained_inputs(subtasks.size(), 0);
  input_sources.resize(subtasks.size());
  input_channel.resize(subtasks.size());
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const PlannedNode& node = plan.nodes[n];
    for (const NodeInput& in : node.inputs) {
      const PlannedNode& upstream = plan.nodes[in.node];
      const bool from_script =
          upstream.kind == PlannedNode::Kind::kSource && plan.sources[upstream.source].script;
      const bool chained = (in.partitioning == Partitioning::kForward && node.inputs.size() == 1) ||
                           (from_script && node.parallelism == 1);
      for (int u = 0; u < upstream.parallelism; ++u) {
        Edge edge;
        edge.partitioning = in.partitioning;
        edge.chained = chained;
        edge.key_field = node.key_field.value_or(0);
        edge.consumer = n;
        edge.max_parallelism = node.max_parallelism;
        const uint32_t from = first_subtask[in.node] + static_cast<uint32_t>(u);
        for (int d = 0; d < node.parallelism; ++d) {
          const uint32_t to = first_subtask[n] + static_cast<uint32_t>(d);
          if (in.partitioning == Partitioning::kForward && d != u) continue;
          if (chained) {
            edge.chained_subtask = to;
            edge.chained_input = inputs[to]++;
            input_sources[to].push_back(from);
            input_channel[to].push_back(kNoChannel);
            ++chained_inputs[to];
            continue;
          }
          input_sources[to].push_back(from);
          input_channel[to].push_back(static_cast<uint32_t>(channels.size()));
          edge.channels.push_back(static_cast<uint32_t>(channels.size()));
          channels.push_back(
              Channel{.from_subtask = from, .to_subtask = to, .input = inputs[to]++});
        }
        if (in.partitioning == Partitioning::kRebalance) {
          // RebalancePartitioner: a random start per upstream subtask; the
          // first record goes to the channel after it (§9.1).
          edge.next = rebalance_prng.Below(static_cast<uint64_t>(node.parallelism));
        }
        subtasks[from].outputs[in.port].push_back(std::move(edge));
      }
    }
  }
  inputs_of = inputs;
  for (uint32_t i = 0; i < subtasks.size(); ++i) {
    if (inputs[i] > 0)
      subtasks[i].valve = std::make_unique<engine::StatusWatermarkValve>(inputs[i]);
    const PlannedNode::Kind kind = plan.nodes[subtasks[i].node].kind;
    const bool passes_on =
        kind == PlannedNode::Kind::kUnion || kind == PlannedNode::Kind::kSideOutput;
    if (passes_on && inputs[i] == 1 && chained_inputs[i] == 1) {
      subtasks[i].passes_on_from = input_sources[i][0];
    }
  }
}

void World::BuildFeeds() {
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const PlannedNode& node = plan.nodes[n];
    if (node.kind != PlannedNode::Kind::kSource) continue;
    const SourcePlan& source = plan.sources[node.source];
    SourceFeed feed;
    feed.node = n;
    feed.input = OpenTrace(source.trace);
    feed.partitions = source.partitions;
    feed.owner.resize(static_cast<size_t>(feed.partitions));
    feed.last_row_at.assign(static_cast<size_t>(feed.partitions), Timestamp::Min());
    feed.script = source.script;
    feed.end_at = source.end_at;
    feeds.push_back(std::move(feed));
  }
  start = ReadFirstRows();
}

// Reads every source's first row; the clock starts at the earliest arrival.
Timestamp World::ReadFirstRows() {
  Timestamp earliest = Timestamp::Max();
  for (SourceFeed& feed : feeds) {
    ReadNextRow(feed);
    if (feed.has_next) earliest = std::min(earliest, feed.next_arrival);
  }
  return earliest == Timestamp::Max() ? Timestamp::Millis(0) : earliest;
}

void World::OpenReaders() {
  for (SourceFeed& feed : feeds) {
    const PlannedNode& node = plan.nodes[feed.node];
    const SourcePlan& source = plan.sources[node.source];
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
        feed.owner[static_cast<size_t>(i)] = first_subtask[feed.node] + static_cast<uint32_t>(i);
      }
      continue;
    }
    const auto assignment = AssignPartitions(source.topic, feed.partitions, node.parallelism);
    for (int i = 0; i < node.parallelism; ++i) {
      const uint32_t global = first_subtask[feed.node] + static_cast<uint32_t>(i);
      for (int32_t p : assignment[i]) feed.owner[static_cast<size_t>(p)] = global;
      subtasks[global].source = std::make_unique<SourceSubtask>(
          SourceSubtaskOptions{.source_name = node.name,
                               .topic = source.topic,
                               .partitions = assignment[i],
                               .generator = MakeGeneratorFactory(source.watermarks, extractor),
                               .idleness = source.watermarks.idleness,
                               .interval = source.watermarks.interval,
                               .open_time = start,
                               // A FLIP-27 source emits +inf at the end of its
                               // data with no last periodic emit before it.
                               .end_of_input = EndOfInputEmission::kMaxOnly},
          *source_output_of[global]);
    }
  }
}

// A partition's idleness shows only in the splits' state: compared after the
// call, and its steps put before what the call emitted, since a partition
// leaving the minimum comes before the watermark that lets through.
void World::NoteSplitStatus(uint32_t subtask, size_t mark) {
  if (!KeepsDetail(engine::kNoRecordId)) return;
  Subtask& s = subtasks[subtask];
  const std::vector<SplitState> splits = s.source->Splits();
  if (s.split_idle.size() != splits.size()) s.split_idle.assign(splits.size(), false);
  std::vector<ScheduleStep> changes;
  for (size_t i = 0; i < splits.size(); ++i) {
    if (splits[i].idle == s.split_idle[i]) continue;
    s.split_idle[i] = splits[i].idle;
    changes.push_back({.kind = splits[i].idle ? ScheduleStep::Kind::kPartitionIdle
                                              : ScheduleStep::Kind::kPartitionActive,
                       .time = now,
                       .node = s.node,
                       .subtask = s.index,
                       .channel = 0,
                       .record = engine::kNoRecordId,
                       .watermark = splits[i].watermark,
                       .firing = 0,
                       .partition = splits[i].partition});
  }
  if (changes.empty()) return;
  result.schedule.insert(result.schedule.begin() + static_cast<std::ptrdiff_t>(mark),
                         changes.begin(), changes.end());
}

void World::NoteWindowDecision(uint32_t subtask, const engine::ElementDecision& decision) {
  if (!KeepsDetail(decision.record_id)) return;
  const Subtask& s = subtasks[subtask];
  result.window_decisions.push_back({s.node, s.index, now, decision});
}

void World::NoteFiring(uint32_t subtask, const engine::WindowResult& firing) {
  if (!KeepsDetail(engine::kNoRecordId)) return;
  const Subtask& s = subtasks[subtask];
  result.firings.push_back({s.node, s.index, now, s.watermark, firing});
  if (Step(ScheduleStep::Kind::kFiring, subtask)) {
    result.schedule.back().firing = static_cast<uint32_t>(result.firings.size() - 1);
  }
}

}  // namespace tidemark::sim::internal
