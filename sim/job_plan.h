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
#include "engine/output_tag.h"
#include "engine/router.h"
#include "engine/schema.h"
#include "sim/scenario.h"

namespace tidemark::sim {

using NodeIndex = uint32_t;

struct NodeInput {
  NodeIndex node = 0;
  engine::Port port = engine::kMainPort;
};

struct PlannedNode {
  enum class Kind { kSource, kUnion, kFilter, kMap, kProcess, kSideOutput };
  Kind kind = Kind::kSource;
  std::string name;
  SourceLocation where;
  std::vector<NodeInput> inputs;
  engine::Schema schema;                     // of the main output
  std::vector<engine::OutputTag> side_outputs;  // port k+1 carries side_outputs[k]
  size_t source = 0;                         // kSource: index into ScenarioSpec::sources
  std::optional<engine::Expression> filter;  // kFilter
  std::vector<engine::Expression> map;       // kMap: one per output field, in schema order
  std::optional<engine::Router> router;      // kProcess

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
