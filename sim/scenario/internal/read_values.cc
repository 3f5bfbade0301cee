#include "sim/scenario/internal/read_values.h"

#include <fmt/format.h>

#include "engine/core/nearest_name.h"

namespace tidemark::sim::internal {

std::string ReadTag(const YamlValue& v, std::string_view what) {
  std::string tag = v.AsString(what);
  if (tag.empty()) v.Fail("OutputTag id must not be empty.", "name the side output, e.g. 'late'");
  return tag;
}

ExpressionText ReadExpression(const YamlValue& v, std::string_view what) {
  return {v.AsString(what), v.text_start()};
}

engine::Schema ReadSchema(const YamlValue& v) {
  YamlMap map(v, "the schema", {});
  std::vector<engine::Field> fields;
  for (const auto& entry : map.entries()) {
    const std::string type_name = entry.value.AsString("a field type");
    auto type = engine::ParseTypeName(type_name);
    if (!type) {
      entry.value.Fail(fmt::format("unknown type '{}' for field '{}'", type_name, entry.key),
                       engine::UnknownNameHint(type_name, engine::TypeNames()));
    }
    fields.push_back({entry.key, *type});
  }
  if (fields.empty()) v.Fail("the schema has no fields", "write e.g. {id: string, ts: int}");
  return engine::Schema(std::move(fields));
}

int ReadParallelism(const YamlValue& v) {
  const int64_t p = v.AsInt("a parallelism");
  // Flink: "Operator parallelism not within bounds" outside (0, 32768].
  if (p < 1 || p > 32768) {
    v.Fail(fmt::format("parallelism {} is not within 1..32768", p),
           "32768 is Flink's largest max parallelism "
           "(KeyGroupRangeAssignment.UPPER_BOUND_MAX_PARALLELISM)");
  }
  return static_cast<int>(p);
}

engine::Duration ReadNonNegative(const YamlValue& v, std::string_view what) {
  const engine::Duration d = v.AsDuration(what);
  if (d.millis() < 0) {
    v.Fail(fmt::format("{} cannot be negative", what), "write 0 or a later time, e.g. 500ms");
  }
  return d;
}

}  // namespace tidemark::sim::internal
