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

const PlannedSink* JobGraph::FindSink(std::string_view name) const {
  for (const PlannedSink& sink : sinks) {
    if (sink.name == name) return &sink;
  }
  return nullptr;
}

}  // namespace tidemark::sim
