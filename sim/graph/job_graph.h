// JobGraph: the dataflow a run executes — sources with their traces and
// watermark generation, operators compiled against their input schemas,
// parallelism, the partitioning of every connection, and the sinks. It is what
// the planner builds from a scenario and all the runtime reads: nothing here
// knows the scenario file's syntax.
//
// Nodes are in topological order (every input precedes its consumer; ties in
// file order), so running them in index order respects the graph.
#ifndef TIDEMARK_SIM_GRAPH_JOB_GRAPH_H_
#define TIDEMARK_SIM_GRAPH_JOB_GRAPH_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/output_tag.h"
#include "engine/core/schema.h"
#include "engine/core/time.h"
#include "engine/expressions/expression.h"
#include "engine/operators/router.h"
#include "engine/operators/rule_process_function.h"
#include "engine/windows/reducer.h"
#include "engine/windows/window_operator.h"
#include "sim/graph/fault_tolerance.h"
#include "sim/trace/trace_input.h"

namespace tidemark::sim {

using engine::SourceLocation;
using NodeIndex = uint32_t;

// How records travel from the upstream subtasks to this node's subtasks
// (§9.1): forward (subtask i to subtask i, equal parallelism), rebalance
// (round robin from a seeded start), or hash by key (Flink key groups, §6).
enum class Partitioning { kForward, kRebalance, kHash };

struct NodeInput {
  NodeIndex node = 0;
  engine::Port port = engine::kMainPort;
  Partitioning partitioning = Partitioning::kForward;
};

// How a source generates watermarks (§4): the strategy, the periodic
// interval (0: no periodic emission, §4.5) and the idleness timeout (§4.4).
// A punctuated strategy's expressions are compiled on its node.
struct WatermarkPlan {
  enum class Strategy { kNone, kBoundedOutOfOrderness, kMonotonous, kPunctuated };
  Strategy strategy = Strategy::kNone;
  engine::Duration max_out_of_orderness = engine::Duration::Zero();
  engine::Duration interval = engine::Duration::Millis(200);
  std::optional<engine::Duration> idleness;
};

// A source: its trace, how its rows arrive, its partitions and watermarks.
struct SourcePlan {
  TraceSource trace;
  // The file a row's line number refers to: the trace, or the scenario for
  // inline rows.
  std::string rows_file;
  enum class Boundedness { kBounded, kUnbounded } boundedness = Boundedness::kBounded;
  int32_t partitions = 1;  // of the topic; rows name theirs or go round robin
  std::string topic;       // partitions go to reader subtasks from its hash (§8)
  engine::Duration arrival_every = engine::Duration::Millis(1);  // pace without @arrival
  // After a restore, the backlog's rows come one per replay_every (0: at once).
  engine::Duration replay_every = engine::Duration::Zero();
  WatermarkPlan watermarks;
  // An operator-level script: each row goes straight to the consumer's input
  // channel `@channel` (one reader subtask per channel) as written, with no
  // watermark generation and nothing sent at the end.
  bool script = false;
  // A bounded source's end of input (its final watermark) at this processing
  // time instead of with its last row.
  std::optional<engine::Timestamp> end_at;
  bool bounded() const { return boundedness == Boundedness::kBounded && !script; }
  const std::string& name() const { return trace.source_name; }
  const engine::Schema& schema() const { return trace.schema; }
};

// Each element on a channel between subtasks is delayed by a latency drawn
// uniformly from [min, max]; channels stay FIFO.
struct ChannelLatency {
  engine::Duration min = engine::Duration::Zero();
  engine::Duration max = engine::Duration::Zero();
};

// A field a window function's rules may read that the firing's record lacks
// (ProcessWindowFunction.Context, §11.3).
enum class WindowContextField { kKey, kWindowStart, kWindowEnd, kFiring, kCurrentWatermark };

// Everything a window operator subtask needs; each subtask gets its own
// operator built by MakeOptions.
struct WindowPlan {
  std::shared_ptr<const engine::WindowAssigner> assigner;
  // The clock the window is declared on (a global window: event time):
  // what sweep's latency counts as an event-time window.
  engine::TimeDomain time_domain = engine::TimeDomain::kEventTime;
  std::optional<engine::TriggerSpec> trigger;  // nullopt: the assigner's default
  engine::Duration allowed_lateness;
  engine::LateDataMode late_data = engine::LateDataMode::kDrop;
  std::optional<size_t> key_field = 0;  // nullopt: windowAll (§11.1)
  std::vector<engine::AggregateSpec> aggregates;
  std::optional<engine::ReduceOptions> reduce;  // a window reduce instead (§11.2)
  engine::Schema input_schema;
  // A window function (§11.3): rules run on each firing's record extended by
  // `function_context`, emitting to the main output and side outputs.
  std::optional<engine::Router> function;
  std::vector<WindowContextField> function_context;

  engine::WindowOperatorOptions MakeOptions() const;
};

struct PlannedNode {
  enum class Kind {
    kSource,
    kUnion,
    kFilter,
    kMap,
    kProcess,
    kSideOutput,
    kWindow,
    kKeyedProcess,
    kKeyedReduce,  // a rolling reduce per key (§11.2)
    kFlatMap,      // one output per item of a list (§11.5)
  };
  Kind kind = Kind::kSource;
  std::string name;
  SourceLocation where;
  std::vector<NodeInput> inputs;
  engine::Schema schema;                        // of the main output
  std::vector<engine::OutputTag> side_outputs;  // port k+1 carries side_outputs[k]
  // Ports of tags that only a reader asked for: the node never emits to them
  // (getSideOutput of a tag the operator does not emit, §11.7).
  std::vector<engine::Port> unemitted_ports;
  size_t source = 0;                                  // kSource: index into JobGraph::sources
  std::optional<engine::Expression> watermark_when;   // kSource, punctuated strategy
  std::optional<engine::Expression> watermark_value;  // kSource, punctuated (default: event time)
  std::optional<engine::Expression> filter;           // kFilter
  std::vector<engine::Expression> map;                // kMap: one per output field, in schema order
  std::optional<engine::Expression> flat_map_items;   // kFlatMap: the list
  size_t flat_map_field = 0;                          // kFlatMap: where the item goes in the output
  std::optional<engine::Router> router;               // kProcess
  std::optional<WindowPlan> window;                   // kWindow
  std::optional<engine::RuleProcessOptions> keyed_process;  // kKeyedProcess
  std::optional<engine::ReduceOptions> reduce;              // kKeyedReduce
  int parallelism = 1;
  int max_parallelism = 128;        // key groups of a keyed node (§6.3)
  std::optional<size_t> key_field;  // keyed nodes: the key's index in the input schema

  bool IsUnemittedPort(engine::Port port) const {
    for (engine::Port p : unemitted_ports) {
      if (p == port) return true;
    }
    return false;
  }

  // The schema of records on `port`.
  const engine::Schema& PortSchema(engine::Port port) const {
    return port == engine::kMainPort ? schema : side_outputs[port - 1].schema;
  }
};

// "source", "union", "filter", "map", "process", "side_output", "window",
// "keyed_process", "keyed_reduce", "flat_map": how reports name a node kind.
std::string_view NodeKindName(PlannedNode::Kind kind);

struct PlannedSink {
  std::string name;  // the stream's name
  NodeIndex node = 0;
  SourceLocation where;
  SinkGuarantee guarantee = SinkGuarantee::kNone;
};

struct JobGraph {
  std::string file;  // the scenario file, named in errors about inline rows
  ChannelLatency channels;
  std::vector<SourcePlan> sources;  // in the scenario's order
  std::vector<PlannedNode> nodes;
  std::vector<PlannedSink> sinks;  // in the scenario's order
  // The run stops at this processing time (every action after it is left).
  std::optional<engine::Timestamp> run_until;
  // Checkpoints, restarts, scripted failures (fault_tolerance.h).
  FaultTolerancePlan fault_tolerance;

  const PlannedSink* FindSink(std::string_view name) const;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_GRAPH_JOB_GRAPH_H_
