#include "sim/planner/job_plan.h"

#include <algorithm>
#include <cstdint>
#include <map>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/input_error_list.h"
#include "engine/core/key_groups.h"
#include "engine/core/nearest_name.h"
#include "engine/core/record.h"
#include "sim/planner/plan_key_fields.h"
#include "sim/planner/plan_operators.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

using engine::InputError;

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
        throw InputError(
            stream.from_where[i],
            fmt::format("stream '{}' reads from unknown stream '{}'", stream.name, stream.from[i]),
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
  // path[k] reads from path[k+1]; the cycle starts where `at` first appears.
  const auto cycle_start = std::find(path.begin(), path.end(), at);
  std::string cycle = names.names[at];
  for (auto it = path.end(); it != cycle_start;) {
    --it;
    cycle += " -> " + names.names[*it];
  }
  // Report the `from` entry by which the last stream of the walk reads `at`.
  const size_t reader = path.back();
  const StreamSpec& stream = spec.streams[reader - spec.sources.size()];
  size_t entry = 0;
  while (inputs[reader][entry] != at) ++entry;
  throw InputError(stream.from_where[entry], fmt::format("cycle in the graph: {}", cycle),
                   "a stream cannot read, directly or indirectly, from itself");
}

void PlanStream(const StreamSpec& stream, std::vector<PlannedNode>& nodes, PlannedNode& node,
                std::vector<PlanWarning>& warnings) {
  if (stream.side_output) {
    PlanSideOutput(stream, nodes, node, warnings);
  } else {
    const PlannedNode& first = nodes[node.inputs.front().node];
    for (size_t i = 1; i < node.inputs.size(); ++i) {
      const engine::Schema& other = nodes[node.inputs[i].node].schema;
      if (!(other == first.schema)) {
        throw InputError(stream.from_where[i],
                         fmt::format("cannot union '{}' {} with '{}' {}", stream.from[i],
                                     other.ToString(), stream.from[0], first.schema.ToString()),
                         "a union needs inputs of one type; add a map to align them");
      }
    }
    node.schema = first.schema;
  }
  const engine::Schema input = node.schema;  // what the operator reads
  if (stream.key_by) {
    node.key_field = input.IndexOf(*stream.key_by);
    if (!node.key_field) {
      throw InputError(stream.key_by_where,
                       fmt::format("key_by names unknown field '{}'", *stream.key_by),
                       engine::UnknownNameHint(*stream.key_by, input.names()));
    }
    if (input.field(*node.key_field).type == engine::ValueType::kList) {
      // A Java array hashes by identity: equal lists would be different keys.
      throw InputError(stream.key_by_where,
                       fmt::format("key_by field '{}' is a list", *stream.key_by),
                       "key by one item instead: map it to a field, e.g. {k: 'parts[0]'}");
    }
  }
  if (stream.side_output) return;  // getSideOutput(tag), maybe then keyBy: records as they are
  if (stream.window) {
    PlanWindow(stream, input, node);
  } else if (stream.reduce) {
    PlanKeyedReduce(stream, input, node);
  } else if (stream.key_by && !stream.process.empty()) {
    PlanKeyedProcess(stream, input, node);
  } else if (stream.filter) {
    node.kind = PlannedNode::Kind::kFilter;
    node.filter = CompileCondition(*stream.filter, input);
  } else if (!stream.map.empty()) {
    PlanMap(stream, input, node);
  } else if (stream.flat_map) {
    PlanFlatMap(stream, input, node);
  } else if (!stream.process.empty()) {
    PlanProcess(stream, input, node);
  } else {
    node.kind = PlannedNode::Kind::kUnion;  // a union, or a keyBy alone: records as they are
  }
}

// Parallelism and partitioning (§9.1): a stream runs with
// its own parallelism or its first input's; key_by hashes by key groups;
// otherwise forward where parallelisms match and rebalance where they differ,
// unless the stream says which.
void PlanConnections(const StreamSpec& stream, const std::vector<PlannedNode>& nodes,
                     const std::vector<SourcePlan>& sources, PlannedNode& node) {
  const bool window_all = stream.window && !stream.key_by;
  if (window_all) {
    // AllWindowedStream: keyBy(NullByteKeySelector), then forceNonParallel
    // (parallelism and max parallelism 1); setParallelism(n > 1) on it fails
    // in OperatorValidationUtils.validateParallelism (§11.1).
    if (stream.parallelism && *stream.parallelism != 1) {
      throw InputError(stream.parallelism_where,
                       "The parallelism of non parallel operator must be 1.",
                       "a window without key_by is windowAll, which runs on one subtask; drop "
                       "'parallelism', or key the stream with 'key_by' to window in parallel");
    }
    node.parallelism = 1;
    node.max_parallelism = 1;
  } else {
    // A script's channels are one operator instance's inputs: its consumer
    // runs once unless it says otherwise.
    const PlannedNode& first = nodes[node.inputs.front().node];
    const bool after_script =
        first.kind == PlannedNode::Kind::kSource && sources[first.source].script;
    node.parallelism = stream.parallelism.value_or(after_script ? 1 : first.parallelism);
    node.max_parallelism = engine::ComputeDefaultMaxParallelism(node.parallelism);
  }
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    NodeInput& input = node.inputs[i];
    const PlannedNode& upstream = nodes[input.node];
    if (stream.key_by || window_all) {
      input.partitioning = Partitioning::kHash;
    } else if (stream.partitioning == StreamSpec::Partitioning::kRebalance) {
      input.partitioning = Partitioning::kRebalance;
    } else if (stream.partitioning == StreamSpec::Partitioning::kForward) {
      if (upstream.parallelism != node.parallelism) {
        // StreamGraph's message for a forward edge between different parallelisms.
        throw InputError(
            stream.partitioning_where,
            fmt::format("Forward partitioning does not allow change of parallelism. Upstream "
                        "operation: {} parallelism: {}, downstream operation: {} parallelism: {} "
                        "You must use another partitioning strategy, such as broadcast, "
                        "rebalance, shuffle or global.",
                        upstream.name, upstream.parallelism, node.name, node.parallelism),
            "give both the same parallelism, or set 'partitioning' to rebalance, shuffle, "
            "broadcast or global");
      }
      input.partitioning = Partitioning::kForward;
    } else {
      input.partitioning = upstream.parallelism == node.parallelism ? Partitioning::kForward
                                                                    : Partitioning::kRebalance;
    }
  }
}

void PlanSinks(const ScenarioSpec& spec, JobPlan& plan, const NameTable& names,
               const std::vector<NodeIndex>& node_of_item) {
  for (const SinkSpec& sink : spec.sinks) {
    auto item = names.Find(sink.stream);
    if (!item) {
      throw InputError(sink.where, fmt::format("sink names unknown stream '{}'", sink.stream),
                       engine::UnknownNameHint(sink.stream, names.names));
    }
    if (plan.FindSink(sink.stream)) {
      throw InputError(sink.where, fmt::format("stream '{}' is sunk twice", sink.stream),
                       "list each stream once under 'sinks'");
    }
    plan.sinks.push_back({sink.stream, node_of_item[*item], sink.where});
  }
}

// Every subtask of a keyed or rebalanced stream reads from every subtask
// upstream: p * p channels, each with its queue and its place in the
// consumer's valve. Past this many the run would take gigabytes and minutes
// before doing anything (Flink itself sizes network buffers per channel);
// 1024 * 1024 still runs a keyBy at parallelism 1000.
constexpr uint64_t kMaxChannels = 1024 * 1024;

// Adds the channels into `node` to `channels`; throws past kMaxChannels.
void CountChannels(const StreamSpec& stream, const std::vector<PlannedNode>& nodes,
                   const PlannedNode& node, uint64_t& channels) {
  for (const NodeInput& input : node.inputs) {
    const uint64_t upstream = static_cast<uint64_t>(nodes[input.node].parallelism);
    const uint64_t here = static_cast<uint64_t>(node.parallelism);
    channels += input.partitioning == Partitioning::kForward ? here : upstream * here;
  }
  if (channels <= kMaxChannels) return;
  throw InputError(stream.parallelism ? stream.parallelism_where : stream.where,
                   fmt::format("the job needs {} channels up to stream '{}', more than the "
                               "limit of {} (1024 x 1024)",
                               channels, node.name, kMaxChannels),
                   "a keyed or rebalanced stream of parallelism p reading one of parallelism q "
                   "has p * q channels: lower 'parallelism'");
}

// A record's id holds its source's index in 16 bits (engine/core/record.h):
// a job of more sources could not tell their rows apart.
void CountSources(const ScenarioSpec& s) {
  if (s.sources.size() <= engine::kMaxRecordSources) return;
  throw InputError(s.sources[engine::kMaxRecordSources].where,
                   fmt::format("the scenario has {} sources, more than the limit of {}",
                               s.sources.size(), engine::kMaxRecordSources),
                   "read several traces of one schema as one source, or union fewer sources");
}

// A script delivers each row at once into its consumer's input channels, so
// every consumer takes all of the script's channels on one subtask.
void PlanScripts(const JobPlan& plan) {
  for (const PlannedNode& node : plan.nodes) {
    for (const NodeInput& input : node.inputs) {
      const PlannedNode& upstream = plan.nodes[input.node];
      if (upstream.kind != PlannedNode::Kind::kSource || !plan.sources[upstream.source].script ||
          node.parallelism == 1) {
        continue;
      }
      throw InputError(node.where,
                       fmt::format("stream '{}' reads script source '{}' with parallelism {}",
                                   node.name, upstream.name, node.parallelism),
                       "a script feeds the input channels of one operator instance: give the "
                       "stream 'parallelism: 1'");
    }
  }
}

}  // namespace

JobPlan PlanJob(const ScenarioSpec& s) {
  JobPlan plan;
  plan.file = s.file;
  plan.info = {.name = s.name,
               .description = s.description,
               .seed = s.seed,
               .deterministic = s.deterministic,
               .input_files = {{.path = s.file, .where = {.file = s.file}}}};
  for (const SourceSpec& source : s.sources) {
    if (source.trace_path.empty()) continue;
    plan.info.input_files.push_back({.path = source.trace_path, .where = source.trace_where});
  }
  plan.channels = {.min = s.channels.min_latency, .max = s.channels.max_latency};
  CountSources(s);
  for (uint32_t i = 0; i < s.sources.size(); ++i) {
    plan.sources.push_back(PlanSourceData(s.sources[i], i, s.file));
  }
  const NameTable names = BuildNames(s);
  const auto inputs = ResolveInputs(s, names);
  const auto order = TopologicalOrder(s, names, inputs);
  std::vector<NodeIndex> node_of_item(order.size());
  for (size_t i = 0; i < order.size(); ++i) node_of_item[order[i]] = static_cast<NodeIndex>(i);
  // A stream that cannot be planned is reported and the others planned on,
  // so one run names every broken stream; those that read a broken one are
  // skipped, since their errors would follow from it (engine/core/input_error_list.h).
  engine::InputErrorCollector errors;
  std::vector<bool> broken(order.size(), false);
  uint64_t channels = 0;  // past kMaxChannels once reported, and no more counted
  for (size_t item : order) {
    PlannedNode node;
    node.name = names.names[item];
    for (size_t in : inputs[item]) node.inputs.push_back({node_of_item[in], engine::kMainPort});
    const bool reads_broken = std::any_of(inputs[item].begin(), inputs[item].end(),
                                          [&](size_t in) { return broken[in]; });
    try {
      if (reads_broken) {
        broken[item] = true;
      } else if (item < s.sources.size()) {
        node.where = s.sources[item].where;
        node.source = item;
        node.parallelism = s.sources[item].parallelism;
        PlanSource(s.sources[item], node);
      } else {
        const StreamSpec& stream = s.streams[item - s.sources.size()];
        node.where = stream.where;
        PlanStream(stream, plan.nodes, node, plan.warnings);
        PlanConnections(stream, plan.nodes, plan.sources, node);
        if (channels <= kMaxChannels) CountChannels(stream, plan.nodes, node, channels);
      }
    } catch (const InputError& e) {
      errors.Add(e);
      broken[item] = true;
    }
    plan.nodes.push_back(std::move(node));
  }
  errors.ThrowIfAny();
  PlanSinks(s, plan, names, node_of_item);
  PlanScripts(plan);
  PlanKeyFields(plan);
  PlanFaultTolerance(s, plan);
  if (s.run_until) plan.run_until = engine::Timestamp::Millis(0) + *s.run_until;
  return plan;
}

}  // namespace tidemark::sim
