// LintGraph: the scenario's dataflow as lint sees it — names resolved where
// they can be, the schema of every main output and side-output emission where
// it can be derived, and who reads whom. Unlike PlanJob it never throws on a
// bad graph: an unknown name or a cycle leaves an edge or a schema out, and
// the rules skip what they cannot decide.
#ifndef TIDEMARK_SIM_LINT_INTERNAL_LINT_GRAPH_H_
#define TIDEMARK_SIM_LINT_INTERNAL_LINT_GRAPH_H_

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/schema.h"
#include "sim/lint/lint.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim::internal {

// One place where a stream (or a source, for its dead letters) sends records
// to a side-output tag.
struct TagEmission {
  enum class Origin { kProcessRule, kOnTimerRule, kLateOutput, kDeadLetter };
  std::string tag;
  size_t item = 0;  // the emitting graph item
  Origin origin = Origin::kProcessRule;
  SourceLocation where;
  std::optional<engine::Schema> schema;  // nullopt: not derivable (bad input elsewhere)
};

// Graph items are the sources, then the streams, in file order (as PlanJob).
struct LintGraph {
  const ScenarioSpec* spec = nullptr;
  std::map<std::string, size_t, std::less<>> item_of_name;  // first definition wins
  std::vector<std::vector<size_t>> inputs;                  // per item: resolved `from` items
  std::vector<std::vector<size_t>> readers;                 // per item: items reading it
  std::vector<bool> sunk;                                   // per item
  std::vector<std::optional<engine::Schema>> schema;        // per item: main output
  std::vector<TagEmission> emissions;                       // process order within an item

  size_t ItemOfStream(size_t stream) const { return spec->sources.size() + stream; }
  bool IsSource(size_t item) const { return item < spec->sources.size(); }
  const std::string& NameOf(size_t item) const;
  std::optional<size_t> Find(std::string_view name) const;
  // The emissions of `tag` by graph item `item`, in order.
  std::vector<const TagEmission*> EmissionsOf(size_t item, std::string_view tag) const;
  // The sources `item` depends on, directly or through any stream, ascending.
  std::vector<size_t> UpstreamSources(size_t item) const;
  // Whether `from` is `item` or lies upstream of it.
  bool IsUpstream(size_t from, size_t item) const;
};

LintGraph BuildLintGraph(const ScenarioSpec& spec);

// The rule families; each appends its findings (in any order) to `out`.
void LintSideOutputs(const LintGraph& graph, std::vector<LintFinding>& out);
void LintEventTime(const LintGraph& graph, std::vector<LintFinding>& out);
void LintWindows(const LintGraph& graph, std::vector<LintFinding>& out);
void LintFaultTolerance(const LintGraph& graph, std::vector<LintFinding>& out);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_LINT_INTERNAL_LINT_GRAPH_H_
