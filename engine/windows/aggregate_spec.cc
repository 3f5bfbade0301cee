#include "engine/windows/aggregate_spec.h"

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::engine {

std::string_view AggregateKindName(AggregateKind kind) {
  switch (kind) {
    case AggregateKind::kCount: return "count";
    case AggregateKind::kSum: return "sum";
    case AggregateKind::kMin: return "min";
    case AggregateKind::kMax: return "max";
    case AggregateKind::kAvg: return "avg";
    case AggregateKind::kFirst: return "first";
    case AggregateKind::kLast: return "last";
    case AggregateKind::kCollect: return "collect";
    case AggregateKind::kElements: return "elements";
  }
  return "?";
}

const std::vector<std::string>& AggregateKindNames() {
  static const std::vector<std::string> names = {"count", "sum",  "min",     "max",     "avg",
                                                 "first", "last", "collect", "elements"};
  return names;
}

std::optional<AggregateKind> ParseAggregateKind(std::string_view name) {
  for (AggregateKind kind :
       {AggregateKind::kCount, AggregateKind::kSum, AggregateKind::kMin, AggregateKind::kMax,
        AggregateKind::kAvg, AggregateKind::kFirst, AggregateKind::kLast, AggregateKind::kCollect,
        AggregateKind::kElements}) {
    if (AggregateKindName(kind) == name) return kind;
  }
  return std::nullopt;
}

std::optional<std::string> ValidateAggregate(const Schema& input, const AggregateSpec& spec) {
  const std::string_view name = AggregateKindName(spec.kind);
  if (!spec.field) {
    if (spec.kind == AggregateKind::kCount) return std::nullopt;
    return fmt::format("{}() needs a field, as in {}(value)", name, name);
  }
  TIDEMARK_CHECK(*spec.field < input.size());
  const Field& field = input.field(*spec.field);
  const bool numeric = field.type == ValueType::kInt || field.type == ValueType::kDouble;
  if ((spec.kind == AggregateKind::kSum || spec.kind == AggregateKind::kAvg) && !numeric) {
    return fmt::format("{}({}) needs a numeric field, but '{}' is {}", name, field.name, field.name,
                       TypeName(field.type));
  }
  return std::nullopt;
}

ValueType AggregateResultType(const Schema& input, const AggregateSpec& spec) {
  switch (spec.kind) {
    case AggregateKind::kCount: return ValueType::kInt;
    case AggregateKind::kAvg: return ValueType::kDouble;
    case AggregateKind::kCollect: return ValueType::kString;
    case AggregateKind::kElements: return ValueType::kList;
    case AggregateKind::kSum:
    case AggregateKind::kMin:
    case AggregateKind::kMax:
    case AggregateKind::kFirst:
    case AggregateKind::kLast: return input.field(*spec.field).type;
  }
  return ValueType::kNull;
}

}  // namespace tidemark::engine
