#include "engine/windows/window_result.h"

#include <set>

#include <fmt/format.h>

namespace tidemark::engine {

std::string_view FiringKindName(FiringKind kind) {
  switch (kind) {
    case FiringKind::kOnTime: return "on_time";
    case FiringKind::kLate: return "late";
    case FiringKind::kEarly: return "early";
  }
  return "?";
}

std::vector<Value> WindowResult::ToValues() const {
  std::vector<Value> values;
  values.reserve(aggregates.size() + 4);
  if (keyed) values.push_back(key);
  values.emplace_back(window.start().millis());
  values.emplace_back(window.end().millis());
  values.insert(values.end(), aggregates.begin(), aggregates.end());
  values.emplace_back(std::string(FiringKindName(kind)));
  return values;
}

std::optional<std::string> ValidateWindowAggregates(const Schema& input,
                                                    const std::vector<AggregateSpec>& specs) {
  std::set<std::string_view> names = {kKeyColumn, kWindowStartColumn, kWindowEndColumn,
                                      kFiringColumn};
  for (const AggregateSpec& spec : specs) {
    if (auto error = ValidateAggregate(input, spec)) return error;
    if (!names.insert(spec.output_name).second) {
      return fmt::format(
          "output column '{}' is defined twice (the result already has "
          "key, window_start, window_end and firing)",
          spec.output_name);
    }
  }
  return std::nullopt;
}

Schema WindowResultSchema(const Schema& input, std::optional<size_t> key_field,
                          const std::vector<AggregateSpec>& specs) {
  std::vector<Field> fields;
  if (key_field) fields.push_back({std::string(kKeyColumn), input.field(*key_field).type});
  fields.push_back({std::string(kWindowStartColumn), ValueType::kInt});
  fields.push_back({std::string(kWindowEndColumn), ValueType::kInt});
  for (const AggregateSpec& spec : specs) {
    fields.push_back({spec.output_name, AggregateResultType(input, spec)});
  }
  fields.push_back({std::string(kFiringColumn), ValueType::kString});
  return Schema(std::move(fields));
}

}  // namespace tidemark::engine
