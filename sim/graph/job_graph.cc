#include "sim/graph/job_graph.h"

namespace tidemark::sim {

engine::WindowOperatorOptions WindowPlan::MakeOptions() const {
  return engine::WindowOperatorOptions{.assigner = assigner->Clone(),
                                       .trigger = trigger,
                                       .allowed_lateness = allowed_lateness,
                                       .late_data = late_data,
                                       .input_schema = input_schema,
                                       .key_field = key_field,
                                       .aggregates = aggregates,
                                       .reduce = reduce};
}

std::string_view NodeKindName(PlannedNode::Kind kind) {
  switch (kind) {
    case PlannedNode::Kind::kSource: return "source";
    case PlannedNode::Kind::kUnion: return "union";
    case PlannedNode::Kind::kFilter: return "filter";
    case PlannedNode::Kind::kMap: return "map";
    case PlannedNode::Kind::kProcess: return "process";
    case PlannedNode::Kind::kSideOutput: return "side_output";
    case PlannedNode::Kind::kWindow: return "window";
    case PlannedNode::Kind::kKeyedProcess: return "keyed_process";
    case PlannedNode::Kind::kKeyedReduce: return "keyed_reduce";
    case PlannedNode::Kind::kFlatMap: return "flat_map";
  }
  return "?";
}

const PlannedSink* JobGraph::FindSink(std::string_view name) const {
  for (const PlannedSink& sink : sinks) {
    if (sink.name == name) return &sink;
  }
  return nullptr;
}

}  // namespace tidemark::sim
