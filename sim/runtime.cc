#include "sim/runtime.h"

#include <memory>

#include "engine/check.h"
#include "sim/trace_input.h"

namespace tidemark::sim {

using engine::Fate;
using engine::LedgerEntry;
using engine::Port;
using engine::Record;
using engine::RecordId;

namespace {

class Pipeline {
 public:
  Pipeline(const JobPlan& plan, const RunOptions& options)
      : plan_(plan), result_{.sinks = {}, .ledger = engine::Ledger(options.ledger_detail)} {
    consumers_.resize(plan.nodes.size());
    sinks_of_node_.resize(plan.nodes.size());
    for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
      consumers_[n].resize(plan.nodes[n].side_outputs.size() + 1);
      for (const NodeInput& in : plan.nodes[n].inputs) consumers_[in.node][in.port].push_back(n);
    }
    for (size_t s = 0; s < plan.sinks.size(); ++s) {
      const PlannedSink& sink = plan.sinks[s];
      sinks_of_node_[sink.node].push_back(s);
      result_.sinks.push_back({sink.name, plan.nodes[sink.node].schema, {}});
    }
  }

  void Run() {
    struct Feed {
      NodeIndex node;
      std::unique_ptr<TraceInput> input;
      std::optional<TraceRow> next;
      engine::Timestamp next_arrival;
      uint64_t rows = 0;
    };
    std::vector<Feed> feeds;
    for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
      if (plan_.nodes[n].kind != PlannedNode::Kind::kSource) continue;
      feeds.push_back({n, OpenTrace(plan_.spec.sources[plan_.nodes[n].source]), {}, {}, 0});
    }
    auto advance = [&](Feed& feed) {
      feed.next = feed.input->Next();
      if (!feed.next) return;
      const SourceSpec& spec = plan_.spec.sources[plan_.nodes[feed.node].source];
      feed.next_arrival =
          feed.next->arrival.value_or(engine::Timestamp::Millis(0) +
                                      engine::Duration::Millis(static_cast<int64_t>(feed.rows) *
                                                               spec.arrival_every.millis()));
      ++feed.rows;
    };
    for (Feed& feed : feeds) advance(feed);
    // Merge the sources by arrival time; ties go to the earlier source.
    for (;;) {
      Feed* earliest = nullptr;
      for (Feed& feed : feeds) {
        if (feed.next && (!earliest || feed.next_arrival < earliest->next_arrival)) {
          earliest = &feed;
        }
      }
      if (!earliest) break;
      TraceRow row = std::move(*earliest->next);
      advance(*earliest);
      if (row.kind != TraceRowKind::kEvent) continue;  // watermark rows: next runtime step
      ++result_.records_in;
      Emit(earliest->node, engine::kMainPort, std::move(row.record));
    }
  }

  RunResult TakeResult() { return std::move(result_); }

 private:
  void Note(NodeIndex node, Fate fate, RecordId record, uint32_t tag = 0) {
    result_.ledger.Add(LedgerEntry{.record = record, .node = node, .fate = fate, .tag = tag});
  }

  // `node` emits `record` on `port`: note it, then hand it to every consumer.
  void Emit(NodeIndex node, Port port, Record record) {
    const PlannedNode& from = plan_.nodes[node];
    const bool is_virtual =
        from.kind == PlannedNode::Kind::kUnion || from.kind == PlannedNode::Kind::kSideOutput;
    if (!is_virtual) {
      Note(node, port == engine::kMainPort ? Fate::kEmitted : Fate::kRoutedToTag, record.id,
           port);
    }
    const auto& consumers = consumers_[node][port];
    const bool sunk = port == engine::kMainPort && !sinks_of_node_[node].empty();
    if (consumers.empty() && !sunk) {
      Note(node, Fate::kUnconsumed, record.id, port);
      return;
    }
    if (sunk) {
      for (size_t s : sinks_of_node_[node]) {
        Note(node, Fate::kSunk, record.id, static_cast<uint32_t>(s));
        result_.sinks[s].records.push_back(record);
      }
    }
    for (size_t i = 0; i < consumers.size(); ++i) {
      Receive(consumers[i], i + 1 == consumers.size() ? std::move(record) : Record(record));
    }
  }

  void Receive(NodeIndex node, Record record) {
    const PlannedNode& n = plan_.nodes[node];
    switch (n.kind) {
      case PlannedNode::Kind::kSource:
        TIDEMARK_CHECK(false);  // sources have no inputs
        break;
      case PlannedNode::Kind::kUnion:
      case PlannedNode::Kind::kSideOutput:
        Emit(node, engine::kMainPort, std::move(record));
        break;
      case PlannedNode::Kind::kFilter:
        if (n.filter->EvaluateCondition(record)) {
          Emit(node, engine::kMainPort, std::move(record));
        } else {
          Note(node, Fate::kFiltered, record.id);
        }
        break;
      case PlannedNode::Kind::kMap: {
        Record out{.id = record.id, .timestamp = record.timestamp, .values = {}};
        out.values.reserve(n.map.size());
        for (const engine::Expression& e : n.map) out.values.push_back(e.Evaluate(record));
        Emit(node, engine::kMainPort, std::move(out));
        break;
      }
      case PlannedNode::Kind::kProcess: {
        auto rule = n.router->Route(record, [&](Port port, Record out) {
          Emit(node, port, std::move(out));
        });
        if (!rule) Note(node, Fate::kUnrouted, record.id);
        break;
      }
    }
  }

  const JobPlan& plan_;
  RunResult result_;
  std::vector<std::vector<std::vector<NodeIndex>>> consumers_;  // [node][port]
  std::vector<std::vector<size_t>> sinks_of_node_;
};

}  // namespace

RunResult RunJob(const JobPlan& plan, const RunOptions& options) {
  (void)options.seed;  // no random choice yet at parallelism 1
  Pipeline pipeline(plan, options);
  pipeline.Run();
  return pipeline.TakeResult();
}

}  // namespace tidemark::sim
