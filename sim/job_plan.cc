#include "sim/job_plan.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "engine/input_error.h"
#include "engine/nearest_name.h"

namespace tidemark::sim {

using engine::InputError;

const PlannedSink* JobPlan::FindSink(std::string_view name) const {
  for (const PlannedSink& sink : sinks) {
    if (sink.name == name) return &sink;
  }
  return nullptr;
}

namespace {

// Graph-level names: sources first, then streams, in file order.
struct NameTable {
  std::vector<std::string> names;
  std::map<std::string, size_t, std::less<>> index;

  std::optional<size_t> Find(std::string_view name) const {
    auto it = index.find(name);
    if (it == index.end()) return std::nullopt;
    return it->second;
  }
};

NameTable BuildNames(const ScenarioSpec& spec) {
  NameTable table;
  auto add = [&](const std::string& name, const SourceLocation& where) {
    if (table.index.count(name)) {
      throw InputError(where, fmt::format("'{}' names both a source and a stream", name),
                       "give every source and stream its own name");
    }
    table.index[name] = table.names.size();
    table.names.push_back(name);
  };
  for (const SourceSpec& s : spec.sources) add(s.name, s.where);
  for (const StreamSpec& s : spec.streams) add(s.name, s.where);
  return table;
}

// For graph item i (sources first, then streams), the item indices it reads.
std::vector<std::vector<size_t>> ResolveInputs(const ScenarioSpec& spec, const NameTable& names) {
  std::vector<std::vector<size_t>> inputs(names.names.size());
  for (size_t s = 0; s < spec.streams.size(); ++s) {
    const StreamSpec& stream = spec.streams[s];
    for (size_t i = 0; i < stream.from.size(); ++i) {
      auto found = names.Find(stream.from[i]);
      if (!found) {
        throw InputError(stream.from_where[i],
                         fmt::format("stream '{}' reads from unknown stream '{}'", stream.name,
                                     stream.from[i]),
                         engine::UnknownNameHint(stream.from[i], names.names));
      }
      inputs[spec.sources.size() + s].push_back(*found);
    }
  }
  return inputs;
}

// Kahn's algorithm taking the lowest ready index first, so the order is the
// file order wherever the graph allows it.
std::vector<size_t> TopologicalOrder(const ScenarioSpec& spec, const NameTable& names,
                                     const std::vector<std::vector<size_t>>& inputs) {
  const size_t n = names.names.size();
  std::vector<size_t> missing(n, 0);
  std::vector<std::vector<size_t>> consumers(n);
  for (size_t i = 0; i < n; ++i) {
    missing[i] = inputs[i].size();
    for (size_t in : inputs[i]) consumers[in].push_back(i);
  }
  std::vector<size_t> order;
  std::vector<bool> done(n, false);
  while (order.size() < n) {
    size_t next = n;
    for (size_t i = 0; i < n; ++i) {
      if (!done[i] && missing[i] == 0) {
        next = i;
        break;
      }
    }
    if (next == n) break;
    done[next] = true;
    order.push_back(next);
    for (size_t c : consumers[next]) --missing[c];
  }
  if (order.size() == n) return order;
  // Name one cycle: walk inputs among the unfinished items until one repeats.
  size_t at = 0;
  while (done[at]) ++at;
  std::vector<size_t> path;
  while (std::find(path.begin(), path.end(), at) == path.end()) {
    path.push_back(at);
    for (size_t in : inputs[at]) {
      if (!done[in]) {
        at = in;
        break;
      }
    }
  }
  std::string cycle = names.names[at];
  for (auto it = std::find(path.begin(), path.end(), at) + 1; it != path.end(); ++it) {
    cycle = names.names[*it] + " -> " + cycle;
  }
  cycle = names.names[at] + " -> " + cycle;
  const StreamSpec& stream = spec.streams[at - spec.sources.size()];
  throw InputError(stream.from_where.front(), fmt::format("cycle in the graph: {}", cycle),
                   "a stream cannot read, directly or indirectly, from itself");
}

engine::Expression Compile(const ExpressionText& e, const engine::Schema& schema) {
  return engine::Expression::Compile(e.text, schema, e.where);
}

engine::Expression CompileCondition(const ExpressionText& e, const engine::Schema& schema) {
  engine::Expression compiled = Compile(e, schema);
  if (compiled.type() != engine::ValueType::kBool) {
    throw InputError(e.where,
                     fmt::format("a condition must be bool, but '{}' is {}", e.text,
                                 engine::TypeName(compiled.type())),
                     "compare a value, e.g. 'temperature > 30'");
  }
  return compiled;
}

// Projection -> (schema, expressions).
std::pair<engine::Schema, std::vector<engine::Expression>> CompileProjection(
    const std::vector<Projection>& projection, const engine::Schema& input) {
  std::vector<engine::Field> fields;
  std::vector<engine::Expression> expressions;
  for (const Projection& p : projection) {
    for (const engine::Field& f : fields) {
      if (f.name == p.name) {
        throw InputError(p.expression.where, fmt::format("field '{}' is selected twice", p.name));
      }
    }
    expressions.push_back(Compile(p.expression, input));
    fields.push_back({p.name, expressions.back().type()});
  }
  return {engine::Schema(std::move(fields)), std::move(expressions)};
}

void PlanSource(const SourceSpec& source, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kSource;
  node.schema = source.schema;
  auto ts = source.schema.IndexOf(source.event_time_field);
  if (!ts) {
    throw InputError(source.event_time_where,
                     fmt::format("event-time field '{}' is not in the schema of source '{}'",
                                 source.event_time_field, source.name),
                     engine::UnknownNameHint(source.event_time_field, source.schema.names()));
  }
  if (source.schema.field(*ts).type != engine::ValueType::kInt) {
    throw InputError(source.event_time_where,
                     fmt::format("event-time field '{}' must be int (milliseconds), not {}",
                                 source.event_time_field,
                                 engine::TypeName(source.schema.field(*ts).type)));
  }
}

void PlanMap(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kMap;
  std::vector<engine::Field> fields = input.fields();
  std::vector<std::optional<engine::Expression>> computed(fields.size());
  for (const Projection& p : stream.map) {
    engine::Expression e = Compile(p.expression, input);
    auto existing = std::find_if(fields.begin(), fields.end(),
                                 [&](const engine::Field& f) { return f.name == p.name; });
    if (existing == fields.end()) {
      fields.push_back({p.name, e.type()});
      computed.emplace_back(std::move(e));
    } else {
      existing->type = e.type();
      computed[existing - fields.begin()] = std::move(e);
    }
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    if (computed[i]) {
      node.map.push_back(std::move(*computed[i]));
    } else {
      node.map.push_back(engine::Expression::Compile("`" + fields[i].name + "`", input,
                                                     stream.where));
    }
  }
  node.schema = engine::Schema(std::move(fields));
}

// Registers `tag` on `node`, enforcing Flink's id and type rules; returns its port.
engine::Port AddTag(PlannedNode& node, engine::OutputTag tag, const SourceLocation& where) {
  if (auto problem = engine::CheckTagId(tag.id)) throw InputError(where, *problem);
  for (size_t i = 0; i < node.side_outputs.size(); ++i) {
    if (node.side_outputs[i].id != tag.id) continue;
    if (auto problem = engine::CheckSameTagType(node.side_outputs[i], tag)) {
      throw InputError(where, fmt::format("side output '{}' is emitted with two types", tag.id),
                       *problem);
    }
    return static_cast<engine::Port>(i + 1);
  }
  node.side_outputs.push_back(std::move(tag));
  return static_cast<engine::Port>(node.side_outputs.size());
}

void PlanProcess(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kProcess;
  std::optional<engine::Schema> main_schema;
  std::vector<engine::RouteRule> rules;
  for (const RouteRule& spec_rule : stream.process) {
    engine::RouteRule rule;
    if (spec_rule.when) rule.when = CompileCondition(*spec_rule.when, input);
    for (const Destination& d : spec_rule.emit) {
      engine::RouteTarget target;
      engine::Schema schema = input;
      if (d.select) std::tie(schema, target.projection) = CompileProjection(*d.select, input);
      if (d.is_main()) {
        if (main_schema && !(*main_schema == schema)) {
          throw InputError(d.where, "the main output is emitted with two different types",
                           fmt::format("an earlier rule emits {}, this one {}; a Flink operator "
                                       "has one main output type",
                                       main_schema->ToString(), schema.ToString()));
        }
        main_schema = schema;
      } else {
        target.port = AddTag(node, {d.tag, schema}, d.where);
      }
      rule.targets.push_back(std::move(target));
    }
    rules.push_back(std::move(rule));
  }
  node.schema = main_schema.value_or(input);
  node.router.emplace(std::move(rules));
}

void PlanStream(const StreamSpec& stream, const std::vector<PlannedNode>& nodes,
                PlannedNode& node) {
  const PlannedNode& first = nodes[node.inputs.front().node];
  if (stream.side_output) {
    if (stream.from.size() != 1) {
      throw InputError(stream.side_output_where, "a side output is taken from exactly one stream");
    }
    node.kind = PlannedNode::Kind::kSideOutput;
    for (size_t i = 0; i < first.side_outputs.size(); ++i) {
      if (first.side_outputs[i].id == *stream.side_output) {
        node.inputs.front().port = static_cast<engine::Port>(i + 1);
        node.schema = first.side_outputs[i].schema;
        return;
      }
    }
    std::vector<std::string> emitters;
    for (const PlannedNode& other : nodes) {
      for (const engine::OutputTag& tag : other.side_outputs) {
        if (tag.id == *stream.side_output) emitters.push_back(other.name);
      }
    }
    throw InputError(
        stream.side_output_where,
        fmt::format("stream '{}' emits no side output '{}'", first.name, *stream.side_output),
        emitters.empty()
            ? engine::UnknownNameHint(*stream.side_output, [&] {
                std::vector<std::string> ids;
                for (const auto& t : first.side_outputs) ids.push_back(t.id);
                return ids;
              }())
            : fmt::format("it is emitted by '{}'; take it from there (in Flink, getSideOutput "
                          "on the wrong operator gives a stream that stays empty)",
                          emitters.front()));
  }
  for (size_t i = 1; i < node.inputs.size(); ++i) {
    const engine::Schema& other = nodes[node.inputs[i].node].schema;
    if (!(other == first.schema)) {
      throw InputError(stream.from_where[i],
                       fmt::format("cannot union '{}' {} with '{}' {}", stream.from[i],
                                   other.ToString(), stream.from[0], first.schema.ToString()),
                       "a union needs inputs of one type; add a map to align them");
    }
  }
  const engine::Schema& input = first.schema;
  node.schema = input;
  if (stream.filter) {
    node.kind = PlannedNode::Kind::kFilter;
    node.filter = CompileCondition(*stream.filter, input);
  } else if (!stream.map.empty()) {
    PlanMap(stream, input, node);
  } else if (!stream.process.empty()) {
    PlanProcess(stream, input, node);
  } else {
    node.kind = PlannedNode::Kind::kUnion;
  }
}

void PlanSinksAndExpectations(JobPlan& plan, const NameTable& names,
                              const std::vector<NodeIndex>& node_of_item) {
  for (const SinkSpec& sink : plan.spec.sinks) {
    auto item = names.Find(sink.stream);
    if (!item) {
      throw InputError(sink.where, fmt::format("sink names unknown stream '{}'", sink.stream),
                       engine::UnknownNameHint(sink.stream, names.names));
    }
    if (plan.FindSink(sink.stream)) {
      throw InputError(sink.where, fmt::format("stream '{}' is sunk twice", sink.stream));
    }
    plan.sinks.push_back({sink.stream, node_of_item[*item], sink.where});
  }
  std::vector<std::string> sink_names;
  for (const PlannedSink& s : plan.sinks) sink_names.push_back(s.name);
  for (const SinkExpectation& e : plan.spec.expectations) {
    const PlannedSink* sink = plan.FindSink(e.sink);
    if (!sink) {
      throw InputError(e.where, fmt::format("expectation for '{}', which is not a sink", e.sink),
                       engine::UnknownNameHint(e.sink, sink_names));
    }
    const engine::Schema& schema = plan.nodes[sink->node].schema;
    for (const ExpectedRow& row : e.rows) {
      for (size_t c = 0; c < row.cells.size(); ++c) {
        if (!schema.IndexOf(row.cells[c].first)) {
          throw InputError(row.cell_where[c],
                           fmt::format("sink '{}' has no field '{}'", e.sink, row.cells[c].first),
                           engine::UnknownNameHint(row.cells[c].first, schema.names()));
        }
      }
    }
  }
}

}  // namespace

JobPlan PlanJob(ScenarioSpec spec) {
  JobPlan plan;
  plan.spec = std::move(spec);
  const ScenarioSpec& s = plan.spec;
  const NameTable names = BuildNames(s);
  const auto inputs = ResolveInputs(s, names);
  const auto order = TopologicalOrder(s, names, inputs);
  std::vector<NodeIndex> node_of_item(order.size());
  for (size_t i = 0; i < order.size(); ++i) node_of_item[order[i]] = static_cast<NodeIndex>(i);
  for (size_t item : order) {
    PlannedNode node;
    node.name = names.names[item];
    for (size_t in : inputs[item]) node.inputs.push_back({node_of_item[in], engine::kMainPort});
    if (item < s.sources.size()) {
      node.where = s.sources[item].where;
      node.source = item;
      PlanSource(s.sources[item], node);
    } else {
      const StreamSpec& stream = s.streams[item - s.sources.size()];
      node.where = stream.where;
      PlanStream(stream, plan.nodes, node);
    }
    plan.nodes.push_back(std::move(node));
  }
  PlanSinksAndExpectations(plan, names, node_of_item);
  return plan;
}

}  // namespace tidemark::sim
