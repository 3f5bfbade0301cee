#include "sim/lint/internal/lint_graph.h"

#include <algorithm>

#include "engine/core/input_error.h"
#include "engine/operators/rule_process_function.h"
#include "sim/planner/plan_operators.h"

namespace tidemark::sim::internal {

const std::string& LintGraph::NameOf(size_t item) const {
  return IsSource(item) ? spec->sources[item].name
                        : spec->streams[item - spec->sources.size()].name;
}

std::optional<size_t> LintGraph::Find(std::string_view name) const {
  auto it = item_of_name.find(name);
  if (it == item_of_name.end()) return std::nullopt;
  return it->second;
}

std::vector<const TagEmission*> LintGraph::EmissionsOf(size_t item, std::string_view tag) const {
  std::vector<const TagEmission*> out;
  for (const TagEmission& e : emissions) {
    if (e.item == item && e.tag == tag) out.push_back(&e);
  }
  return out;
}

std::vector<size_t> LintGraph::UpstreamSources(size_t item) const {
  std::vector<bool> seen(inputs.size(), false);
  std::vector<size_t> stack = {item};
  std::vector<size_t> found;
  while (!stack.empty()) {
    const size_t at = stack.back();
    stack.pop_back();
    if (seen[at]) continue;
    seen[at] = true;
    if (IsSource(at)) found.push_back(at);
    for (size_t in : inputs[at]) stack.push_back(in);
  }
  std::sort(found.begin(), found.end());
  return found;
}

bool LintGraph::IsUpstream(size_t from, size_t item) const {
  std::vector<bool> seen(inputs.size(), false);
  std::vector<size_t> stack = {item};
  while (!stack.empty()) {
    const size_t at = stack.back();
    stack.pop_back();
    if (at == from) return true;
    if (seen[at]) continue;
    seen[at] = true;
    for (size_t in : inputs[at]) stack.push_back(in);
  }
  return false;
}

namespace {

// The records of a source's dead-letter output (PlanSource).
engine::Schema DeadLetterSchema() {
  return engine::Schema({{"line", engine::ValueType::kInt},
                         {"raw", engine::ValueType::kString},
                         {"error", engine::ValueType::kString}});
}

struct DestinationRef {
  const Destination* destination;
  TagEmission::Origin origin;
};

// Every destination of a stream's process step, element rules first, then
// on_timer rules: the order in which PlanJob registers tags.
std::vector<DestinationRef> DestinationsOf(const StreamSpec& stream) {
  std::vector<DestinationRef> out;
  for (const RouteRule& rule : stream.process) {
    for (const Destination& d : rule.emit) out.push_back({&d, TagEmission::Origin::kProcessRule});
  }
  for (const RouteRule& rule : stream.on_timer) {
    for (const Destination& d : rule.emit) out.push_back({&d, TagEmission::Origin::kOnTimerRule});
  }
  return out;
}

std::optional<engine::Schema> TryProjection(const std::vector<Projection>& select,
                                            const engine::Schema& over) {
  std::vector<engine::Field> fields;
  try {
    for (const Projection& p : select) {
      for (const engine::Field& f : fields) {
        if (f.name == p.name) return std::nullopt;
      }
      fields.push_back({p.name, Compile(p.expression, over).type()});
    }
  } catch (const engine::InputError&) {
    return std::nullopt;
  }
  return engine::Schema(std::move(fields));
}

void AddEmissions(const StreamSpec& stream, size_t item, std::vector<TagEmission>& out) {
  for (const DestinationRef& ref : DestinationsOf(stream)) {
    if (!ref.destination->is_main()) {
      out.push_back({ref.destination->tag, item, ref.origin, ref.destination->where, {}});
    }
  }
  if (stream.window && !stream.window->late_output.empty()) {
    out.push_back({stream.window->late_output,
                   item,
                   TagEmission::Origin::kLateOutput,
                   stream.window->late_output_where,
                   {}});
  }
}

// A process step (keyed or not) over input `in`: fills its emissions' schemas
// and returns the main output's schema (the first main destination's, else
// the input's), as PlanProcess and PlanKeyedProcess derive them.
std::optional<engine::Schema> DeriveProcess(const StreamSpec& stream, size_t index,
                                            const engine::Schema& in, LintGraph& graph) {
  engine::Schema rule_schema = in;
  engine::Schema timer_schema = in;
  if (stream.key_by) {
    if (engine::RuleProcessFunction::CheckInputSchema(in)) return std::nullopt;
    rule_schema = engine::RuleProcessFunction::RuleSchema(in);
    timer_schema = engine::RuleProcessFunction::OnTimerSchema(in);
  }
  // AddEmissions recorded this stream's tag destinations in this same order.
  std::vector<TagEmission*> emitted;
  for (TagEmission& e : graph.emissions) {
    if (e.item == graph.ItemOfStream(index) && e.origin != TagEmission::Origin::kLateOutput) {
      emitted.push_back(&e);
    }
  }
  std::optional<engine::Schema> main;
  bool main_known = true;
  size_t next = 0;
  for (const DestinationRef& ref : DestinationsOf(stream)) {
    const Destination& d = *ref.destination;
    const engine::Schema& over =
        ref.origin == TagEmission::Origin::kOnTimerRule ? timer_schema : rule_schema;
    std::optional<engine::Schema> schema = d.select ? TryProjection(*d.select, over) : in;
    if (!d.is_main()) {
      emitted[next++]->schema = std::move(schema);
    } else if (!main && main_known) {
      main = schema;
      main_known = schema.has_value();
    }
  }
  if (!main_known) return std::nullopt;
  return main.value_or(in);
}

// The main output's schema of stream `index` given its first input's schema;
// also fills in the schemas of its emissions.
std::optional<engine::Schema> DeriveStream(size_t index, const engine::Schema& in,
                                           LintGraph& graph) {
  const StreamSpec& stream = graph.spec->streams[index];
  if (stream.window) {
    for (TagEmission& e : graph.emissions) {
      if (e.item == graph.ItemOfStream(index) && e.origin == TagEmission::Origin::kLateOutput) {
        e.schema = in;
      }
    }
    std::optional<size_t> key;  // none: windowAll
    if (stream.key_by) {
      key = in.IndexOf(*stream.key_by);
      if (!key) return std::nullopt;
    }
    try {
      PlannedNode node;
      node.key_field = key;
      PlanWindow(stream, in, node);
      return node.schema;
    } catch (const engine::InputError&) {
      return std::nullopt;
    }
  }
  if (!stream.process.empty()) return DeriveProcess(stream, index, in, graph);
  if (!stream.map.empty() || stream.flat_map) {
    try {
      PlannedNode node;
      if (stream.flat_map) {
        PlanFlatMap(stream, in, node);
      } else {
        PlanMap(stream, in, node);
      }
      return node.schema;
    } catch (const engine::InputError&) {
      return std::nullopt;
    }
  }
  return in;  // filter, union, pass-through
}

// The schema a stream reads: the first input's main output, or for a
// side_output stream the tag's schema at the stream it names.
std::optional<engine::Schema> InputSchema(size_t index, const LintGraph& graph) {
  const StreamSpec& stream = graph.spec->streams[index];
  const size_t item = graph.ItemOfStream(index);
  if (graph.inputs[item].size() != stream.from.size() || stream.from.empty()) return std::nullopt;
  const size_t first = graph.inputs[item].front();
  if (!stream.side_output) return graph.schema[first];
  if (stream.from.size() != 1) return std::nullopt;
  const auto emitted = graph.EmissionsOf(first, *stream.side_output);
  if (emitted.empty()) return std::nullopt;
  return emitted.front()->schema;
}

void DeriveSchemas(LintGraph& graph) {
  const ScenarioSpec& spec = *graph.spec;
  const size_t n = graph.inputs.size();
  for (size_t s = 0; s < spec.sources.size(); ++s) graph.schema[s] = spec.sources[s].schema;
  // Kahn's order over the resolved edges; items on a cycle are never ready
  // and keep no schema.
  std::vector<size_t> missing(n);
  for (size_t i = 0; i < n; ++i) missing[i] = graph.inputs[i].size();
  std::vector<size_t> ready;
  for (size_t i = 0; i < n; ++i) {
    if (missing[i] == 0) ready.push_back(i);
  }
  while (!ready.empty()) {
    const size_t item = ready.front();
    ready.erase(ready.begin());
    if (!graph.IsSource(item)) {
      const size_t index = item - spec.sources.size();
      if (auto in = InputSchema(index, graph)) graph.schema[item] = DeriveStream(index, *in, graph);
    }
    for (size_t reader : graph.readers[item]) {
      if (--missing[reader] == 0) ready.push_back(reader);
    }
  }
}

}  // namespace

LintGraph BuildLintGraph(const ScenarioSpec& spec) {
  LintGraph graph;
  graph.spec = &spec;
  const size_t n = spec.sources.size() + spec.streams.size();
  for (size_t s = 0; s < spec.sources.size(); ++s) {
    const SourceSpec& source = spec.sources[s];
    graph.item_of_name.emplace(source.name, s);
    if (!source.dead_letter.empty()) {
      graph.emissions.push_back({source.dead_letter, s, TagEmission::Origin::kDeadLetter,
                                 source.dead_letter_where, DeadLetterSchema()});
    }
  }
  for (size_t s = 0; s < spec.streams.size(); ++s) {
    graph.item_of_name.emplace(spec.streams[s].name, graph.ItemOfStream(s));
  }
  graph.inputs.resize(n);
  graph.readers.resize(n);
  graph.sunk.assign(n, false);
  graph.schema.resize(n);
  for (size_t s = 0; s < spec.streams.size(); ++s) {
    const size_t item = graph.ItemOfStream(s);
    for (const std::string& from : spec.streams[s].from) {
      auto input = graph.Find(from);
      if (!input) continue;
      graph.inputs[item].push_back(*input);
      graph.readers[*input].push_back(item);
    }
    AddEmissions(spec.streams[s], item, graph.emissions);
  }
  for (const SinkSpec& sink : spec.sinks) {
    if (auto item = graph.Find(sink.stream)) graph.sunk[*item] = true;
  }
  DeriveSchemas(graph);
  return graph;
}

}  // namespace tidemark::sim::internal
