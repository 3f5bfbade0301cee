// AggregateSpec: one aggregate column of a window result, as written in a
// scenario (`avg_temp: avg(temperature)`), with the field already resolved to
// its index in the input schema.
//
// Result types: count -> int; sum -> the field's type (int or double);
// avg -> double; min/max/first/last -> the field's type; collect -> string;
// elements -> list.
// Null values are skipped by count(field)/sum/min/max/avg; count() without a
// field counts elements; first/last/collect take every value, nulls included.
#ifndef TIDEMARK_ENGINE_AGGREGATE_SPEC_H_
#define TIDEMARK_ENGINE_AGGREGATE_SPEC_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/schema.h"
#include "engine/core/value.h"

namespace tidemark::engine {

// kElements: the values of the field of every element, in arrival order, as a
// list of their printed forms (a window function's contents, §11.3).
enum class AggregateKind { kCount, kSum, kMin, kMax, kAvg, kFirst, kLast, kCollect, kElements };

// The scenario spelling: "count", "sum", "min", "max", "avg", "first", "last", "collect",
// "elements".
std::string_view AggregateKindName(AggregateKind kind);
std::optional<AggregateKind> ParseAggregateKind(std::string_view name);
// Every spelling, for error hints.
const std::vector<std::string>& AggregateKindNames();

struct AggregateSpec {
  std::string output_name;
  AggregateKind kind = AggregateKind::kCount;
  std::optional<size_t> field;  // index into the input schema; only count may omit it

  bool operator==(const AggregateSpec&) const = default;
};

// Why `spec` cannot be computed over `input` (missing field, non-numeric sum
// or avg), or nullopt. REQUIRES: spec.field, if set, is < input.size().
std::optional<std::string> ValidateAggregate(const Schema& input, const AggregateSpec& spec);

// REQUIRES: !ValidateAggregate(input, spec).
ValueType AggregateResultType(const Schema& input, const AggregateSpec& spec);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_AGGREGATE_SPEC_H_
