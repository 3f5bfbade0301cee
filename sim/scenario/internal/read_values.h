// Readers of the values scenario files share: tags, expressions, schemas,
// cells, parallelism and durations, each checked with Flink's rules and
// reported at its place in the file (engine::InputError).
#ifndef TIDEMARK_SIM_SCENARIO_INTERNAL_READ_VALUES_H_
#define TIDEMARK_SIM_SCENARIO_INTERNAL_READ_VALUES_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/schema.h"
#include "engine/core/time.h"
#include "sim/scenario/scenario.h"
#include "sim/scenario/yaml_value.h"

namespace tidemark::sim::internal {

// A side-output tag id. OutputTag rejects an empty id (§7.1).
std::string ReadTag(const YamlValue& v, std::string_view what);
ExpressionText ReadExpression(const YamlValue& v, std::string_view what);
engine::Schema ReadSchema(const YamlValue& v);
int ReadParallelism(const YamlValue& v);
engine::Duration ReadNonNegative(const YamlValue& v, std::string_view what);

// `checkpointing:`, `restart:` and `failures:` (fault_tolerance_loader.cc).
CheckpointSpec ReadCheckpointing(const YamlValue& v);
RestartSpec ReadRestart(const YamlValue& v);
std::vector<FailureSpec> ReadFailures(const YamlValue& v);
// A sink's options: `{}`, null or `{guarantee: none|at_least_once|exactly_once}`.
void ReadSinkOptions(const YamlValue& v, SinkSpec& sink);

// One entry of `streams:`.
StreamSpec ReadStream(const std::string& name, const SourceLocation& where, const YamlValue& v);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_SCENARIO_INTERNAL_READ_VALUES_H_
