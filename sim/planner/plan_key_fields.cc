#include "sim/planner/plan_key_fields.h"

#include <algorithm>
#include <string>

namespace tidemark::sim {

namespace {

void MarkKeyField(JobGraph& plan, NodeIndex node, const std::string& field,
                  const std::string& keyed_stream) {
  const PlannedNode& n = plan.nodes[node];
  if (n.kind == PlannedNode::Kind::kUnion) {
    for (const NodeInput& in : n.inputs) {
      if (in.port == engine::kMainPort) MarkKeyField(plan, in.node, field, keyed_stream);
    }
    return;
  }
  if (n.kind != PlannedNode::Kind::kSource) return;
  TraceSource& trace = plan.sources[n.source].trace;
  const std::optional<size_t> index = trace.schema.IndexOf(field);
  if (!index) return;
  const bool known = std::any_of(trace.key_fields.begin(), trace.key_fields.end(),
                                 [&](const KeyField& k) { return k.field == *index; });
  if (!known) trace.key_fields.push_back({.field = *index, .keyed_stream = keyed_stream});
}

}  // namespace

void PlanKeyFields(JobGraph& plan) {
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const PlannedNode& node = plan.nodes[n];
    if (!node.key_field) continue;
    const std::string name = node.name;
    for (const NodeInput& in : node.inputs) {
      if (in.port != engine::kMainPort) continue;
      const engine::Schema& schema = plan.nodes[in.node].schema;
      MarkKeyField(plan, in.node, schema.field(*node.key_field).name, name);
    }
  }
}

}  // namespace tidemark::sim
