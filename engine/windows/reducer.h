// Reducer: Flink's reduce(acc, cur) over whole records of one schema, as
// KeyedStream.reduce (rolling, StreamGroupedReduceOperator) and
// WindowedStream.reduce (the window's ReducingState) run it, and the built-in
// aggregations that are reduce functions underneath (§11.2):
//
//   sum(f)    acc, with f = acc.f + cur.f            SumAggregator
//   min(f)    acc, with f = the smaller of the two   ComparableAggregator (MIN)
//   max(f)    acc, with f = the larger                ComparableAggregator (MAX)
//   min_by(f) the whole record with the smaller f;   ComparableAggregator (MINBY)
//             on a tie acc (first) or cur (last)
//   max_by(f) likewise with the larger f             ComparableAggregator (MAXBY)
//   fields    each listed field = its expression over acc.* and cur.*; the
//             others keep acc's value (the reduce returns the input type)
//
// So min/max keep every other field of the first record of the key (or
// window), and min_by/max_by return a record that was really seen.
//
// Null (tidemark's rule; Flink's comparators and adders throw a
// NullPointerException on a null field): a null f never wins and never adds:
// cur with a null f leaves acc as it is, and acc with a null f takes cur's
// (min/max/sum: the value; min_by/max_by: the record).
#ifndef TIDEMARK_ENGINE_REDUCER_H_
#define TIDEMARK_ENGINE_REDUCER_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/schema.h"
#include "engine/core/value.h"
#include "engine/expressions/expression.h"

namespace tidemark::engine {

enum class ReduceKind { kFields, kSum, kMin, kMax, kMinBy, kMaxBy };

// Which of two records with equal f min_by/max_by keep (KeyedStream.maxBy(f,
// first)): Flink's default is the first.
enum class ReduceTies { kFirst, kLast };

struct ReduceOptions {
  ReduceKind kind = ReduceKind::kFields;
  Schema schema;     // of acc, cur and the result
  size_t field = 0;  // sum/min/max/min_by/max_by: the field compared or summed
  ReduceTies ties = ReduceTies::kFirst;
  // kFields: per field of `schema`, its expression compiled against
  // ReduceInputSchema(schema), or nullopt to keep acc's value.
  std::vector<std::optional<Expression>> fields;
};

// "sum", "min", "max", "min_by", "max_by" or "reduce".
std::string_view ReduceKindName(ReduceKind kind);

// The schema the expressions of a kFields reduce read: acc.<field>... then
// cur.<field>..., in the schema's order.
Schema ReduceInputSchema(const Schema& schema);

class Reducer {
 public:
  // Why `options` cannot reduce (sum of a non-number, an expression whose type
  // is not its field's), or nullopt.
  static std::optional<std::string> Validate(const ReduceOptions& options);

  // REQUIRES: !Validate(options).
  explicit Reducer(ReduceOptions options);

  // acc = reduce(acc, cur). REQUIRES: both conform to the schema.
  void Reduce(std::vector<Value>& acc, const std::vector<Value>& cur) const;

  const ReduceOptions& options() const { return options_; }

 private:
  void ReduceFields(std::vector<Value>& acc, const std::vector<Value>& cur) const;

  ReduceOptions options_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_REDUCER_H_
