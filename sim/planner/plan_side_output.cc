// Planning of a `side_output` stream (§7.2, §11.7): the tag's port on the
// stream it reads. As in Flink, a tag that stream never emits is not an error
// but a stream that stays empty (getSideOutput connects by id); the plan warns,
// naming the stream that does emit the tag. A reader may declare the type it
// expects; a declaration that clashes with the emitted type, or with another
// reader's, is rejected with Flink's message for a side-output type clash.
#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/planner/plan_operators.h"

namespace tidemark::sim {

using engine::InputError;

namespace {

// The schema `node` emits `tag` with, if it emits it.
const engine::Schema* EmittedSchema(const PlannedNode& node, const std::string& tag) {
  for (size_t i = 0; i < node.side_outputs.size(); ++i) {
    const auto port = static_cast<engine::Port>(i + 1);
    if (node.side_outputs[i].id == tag && !node.IsUnemittedPort(port)) {
      return &node.side_outputs[i].schema;
    }
  }
  return nullptr;
}

// The first node other than `except` that emits `tag`, if any.
const PlannedNode* OtherEmitter(const std::vector<PlannedNode>& nodes, const PlannedNode& except,
                                const std::string& tag) {
  for (const PlannedNode& other : nodes) {
    if (&other != &except && EmittedSchema(other, tag)) return &other;
  }
  return nullptr;
}

PlanWarning EmptySideOutput(const StreamSpec& stream, const std::vector<PlannedNode>& nodes,
                            const PlannedNode& upstream) {
  const std::string& tag = *stream.side_output;
  const PlannedNode* emitter = OtherEmitter(nodes, upstream, tag);
  std::vector<std::string> ids;
  for (const engine::OutputTag& t : upstream.side_outputs) {
    if (t.id != tag) ids.push_back(t.id);
  }
  return PlanWarning{
      .where = stream.side_output_where,
      .message = fmt::format("stream '{}' never emits side output '{}', so '{}' stays empty",
                             upstream.name, tag, stream.name),
      .hint = emitter ? fmt::format("'{}' is emitted by '{}': write 'from: {}' to read it", tag,
                                    emitter->name, emitter->name)
                      : engine::UnknownNameHint(tag, ids)};
}

}  // namespace

void PlanSideOutput(const StreamSpec& stream, std::vector<PlannedNode>& nodes, PlannedNode& node,
                    std::vector<PlanWarning>& warnings) {
  if (stream.from.size() != 1) {
    throw InputError(stream.side_output_where, "a side output is taken from exactly one stream",
                     "name one stream in 'from'; union the side outputs afterwards if needed");
  }
  node.kind = PlannedNode::Kind::kSideOutput;
  PlannedNode& upstream = nodes[node.inputs.front().node];
  const std::string& tag = *stream.side_output;
  for (size_t i = 0; i < upstream.side_outputs.size(); ++i) {
    const engine::OutputTag& existing = upstream.side_outputs[i];
    if (existing.id != tag) continue;
    if (stream.side_output_type) {
      if (auto clash = engine::CheckSameTagType(existing, {tag, *stream.side_output_type})) {
        throw InputError(stream.side_output_type_where, *clash,
                         fmt::format("'{}' of stream '{}' is {}: declare that type, or drop "
                                     "'type'",
                                     tag, upstream.name, existing.schema.ToString()));
      }
    }
    const auto port = static_cast<engine::Port>(i + 1);
    node.inputs.front().port = port;
    node.schema = existing.schema;
    if (upstream.IsUnemittedPort(port))
      warnings.push_back(EmptySideOutput(stream, nodes, upstream));
    return;
  }
  // Nothing on `upstream` emits the tag: an empty stream of the declared type,
  // else of the type another stream emits it with, else of no fields.
  const PlannedNode* emitter = OtherEmitter(nodes, upstream, tag);
  node.schema = stream.side_output_type ? *stream.side_output_type
                : emitter               ? *EmittedSchema(*emitter, tag)
                                        : engine::Schema();
  warnings.push_back(EmptySideOutput(stream, nodes, upstream));
  upstream.side_outputs.push_back({tag, node.schema});
  const auto port = static_cast<engine::Port>(upstream.side_outputs.size());
  upstream.unemitted_ports.push_back(port);
  node.inputs.front().port = port;
}

}  // namespace tidemark::sim
