#include "engine/windows/reducer.h"

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/record.h"
#include "engine/core/time.h"

namespace tidemark::engine {

std::string_view ReduceKindName(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kFields: return "reduce";
    case ReduceKind::kSum: return "sum";
    case ReduceKind::kMin: return "min";
    case ReduceKind::kMax: return "max";
    case ReduceKind::kMinBy: return "min_by";
    case ReduceKind::kMaxBy: return "max_by";
  }
  return "?";
}

Schema ReduceInputSchema(const Schema& schema) {
  std::vector<Field> fields;
  for (const char* prefix : {"acc.", "cur."}) {
    for (const Field& f : schema.fields()) fields.push_back({prefix + f.name, f.type});
  }
  return Schema(std::move(fields));
}

std::optional<std::string> Reducer::Validate(const ReduceOptions& options) {
  if (options.kind == ReduceKind::kFields) {
    TIDEMARK_CHECK(options.fields.size() == options.schema.size());
    for (size_t i = 0; i < options.fields.size(); ++i) {
      const auto& e = options.fields[i];
      const Field& f = options.schema.field(i);
      if (!e || e->type() == f.type || e->type() == ValueType::kNull) continue;
      return fmt::format("the reduce returns the input type, so '{}' must stay {} {}, not {}",
                         f.name, f.type == ValueType::kInt ? "an" : "a", TypeName(f.type),
                         TypeName(e->type()));
    }
    return std::nullopt;
  }
  TIDEMARK_CHECK(options.field < options.schema.size());
  const Field& f = options.schema.field(options.field);
  if (options.kind == ReduceKind::kSum && f.type != ValueType::kInt &&
      f.type != ValueType::kDouble) {
    // SumAggregator: "Sum aggregation ... only on numeric types" (SumFunction).
    return fmt::format("sum needs a numeric field; '{}' is {}", f.name, TypeName(f.type));
  }
  return std::nullopt;
}

Reducer::Reducer(ReduceOptions options) : options_(std::move(options)) {
  TIDEMARK_CHECK(!Validate(options_));
}

void Reducer::Reduce(std::vector<Value>& acc, const std::vector<Value>& cur) const {
  if (options_.kind == ReduceKind::kFields) {
    ReduceFields(acc, cur);
    return;
  }
  const size_t f = options_.field;
  Value& a = acc[f];
  const Value& c = cur[f];
  if (TypeOf(c) == ValueType::kNull) return;
  const bool by = options_.kind == ReduceKind::kMinBy || options_.kind == ReduceKind::kMaxBy;
  if (TypeOf(a) == ValueType::kNull) {
    if (by) {
      acc = cur;
    } else {
      a = c;
    }
    return;
  }
  switch (options_.kind) {
    case ReduceKind::kSum:
      if (const auto* i = std::get_if<int64_t>(&a)) {
        a = internal::WrappingAdd(*i, std::get<int64_t>(c));
      } else {
        a = std::get<double>(a) + std::get<double>(c);
      }
      return;
    case ReduceKind::kMin:
      // MinComparator: acc keeps its value only when it is strictly smaller.
      if (!(CompareValues(a, c) < 0)) a = c;
      return;
    case ReduceKind::kMax:
      if (!(CompareValues(a, c) > 0)) a = c;
      return;
    case ReduceKind::kMinBy:
    case ReduceKind::kMaxBy: {
      const int order = CompareValues(a, c);
      const bool acc_wins = options_.kind == ReduceKind::kMinBy ? order < 0 : order > 0;
      if (acc_wins) return;
      if (order == 0 && options_.ties == ReduceTies::kFirst) return;
      acc = cur;
      return;
    }
    case ReduceKind::kFields: break;
  }
}

void Reducer::ReduceFields(std::vector<Value>& acc, const std::vector<Value>& cur) const {
  Record both;
  both.values.reserve(acc.size() + cur.size());
  both.values.insert(both.values.end(), acc.begin(), acc.end());
  both.values.insert(both.values.end(), cur.begin(), cur.end());
  // Every expression reads the old acc: evaluate all, then assign.
  std::vector<Value> results(options_.fields.size());
  for (size_t i = 0; i < options_.fields.size(); ++i) {
    if (options_.fields[i]) results[i] = options_.fields[i]->Evaluate(both);
  }
  for (size_t i = 0; i < options_.fields.size(); ++i) {
    if (options_.fields[i]) acc[i] = std::move(results[i]);
  }
}

}  // namespace tidemark::engine
