// JobPlan: a scenario resolved into a dataflow graph ready to run.
//
// PlanJob checks everything that can be checked before running — unknown
// streams and fields (with the nearest known name), cycles, expression types,
// side-output tags and their types (Flink's rules, flink-semantics.md §7),
// sinks and expected fields — and reports the first problem as an
// engine::InputError at its place in the scenario file.
//
// Nodes are in topological order (every input precedes its consumer; ties in
// file order), so running them in index order respects the graph.
#ifndef TIDEMARK_SIM_JOB_PLAN_H_
#define TIDEMARK_SIM_JOB_PLAN_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/expression.h"
#include "engine/window_operator.h"
#include "engine/output_tag.h"
#include "engine/router.h"
#include "engine/rule_process_function.h"
#include "engine/schema.h"
#include "sim/scenario.h"

namespace tidemark::sim {

using NodeIndex = uint32_t;

// How records travel from the upstream subtasks to this node's subtasks
// (flink-semantics.md §9.1): forward (subtask i to subtask i, equal
// parallelism), rebalance (round robin from a seeded start), or hash by key
// (Flink key groups, §6).
enum class Partitioning { kForward, kRebalance, kHash };

struct NodeInput {
  NodeIndex node = 0;
  engine::Port port = engine::kMainPort;
  Partitioning partitioning = Partitioning::kForward;
};

// Everything a window operator subtask needs; each subtask gets its own
// operator built by MakeOptions.
struct WindowPlan {
  std::shared_ptr<const engine::WindowAssigner> assigner;
  std::optional<engine::TriggerSpec> trigger;  // nullopt: the assigner's default
  engine::Duration allowed_lateness;
  engine::LateDataMode late_data = engine::LateDataMode::kDrop;
  size_t key_field = 0;
  std::vector<engine::AggregateSpec> aggregates;
  engine::Schema input_schema;

  engine::WindowOperatorOptions MakeOptions() const;
};

struct PlannedNode {
  enum class Kind { kSource, kUnion, kFilter, kMap, kProcess, kSideOutput, kWindow, kKeyedProcess };
  Kind kind = Kind::kSource;
  std::string name;
  SourceLocation where;
  std::vector<NodeInput> inputs;
  engine::Schema schema;                     // of the main output
  std::vector<engine::OutputTag> side_outputs;  // port k+1 carries side_outputs[k]
  size_t source = 0;                         // kSource: index into ScenarioSpec::sources
  std::optional<engine::Expression> watermark_when;   // kSource, punctuated strategy
  std::optional<engine::Expression> watermark_value;  // kSource, punctuated (default: event time)
  std::optional<engine::Expression> filter;  // kFilter
  std::vector<engine::Expression> map;       // kMap: one per output field, in schema order
  std::optional<engine::Router> router;      // kProcess
  std::optional<WindowPlan> window;          // kWindow
  std::optional<engine::RuleProcessOptions> keyed_process;  // kKeyedProcess
  int parallelism = 1;
  int max_parallelism = 128;                 // key groups of a keyed node (§6.3)
  std::optional<size_t> key_field;           // keyed nodes: the key's index in the input schema

  // The schema of records on `port`.
  const engine::Schema& PortSchema(engine::Port port) const {
    return port == engine::kMainPort ? schema : side_outputs[port - 1].schema;
  }
};

struct PlannedSink {
  std::string name;  // the stream's name
  NodeIndex node = 0;
  SourceLocation where;
};

struct JobPlan {
  ScenarioSpec spec;
  std::vector<PlannedNode> nodes;
  std::vector<PlannedSink> sinks;  // in the scenario's order

  const PlannedSink* FindSink(std::string_view name) const;
};

// Throws engine::InputError on the first problem found.
JobPlan PlanJob(ScenarioSpec spec);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_JOB_PLAN_H_
