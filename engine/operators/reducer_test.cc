#include "engine/windows/reducer.h"

#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/operators/rolling_reduce_operator.h"
#include "engine/windows/aggregator.h"

namespace tidemark::engine {
namespace {

// (k, v, i) as in Flink's AggregationFunctionTest.minMaxByTest.
Schema Triples() {
  return Schema({{"k", ValueType::kInt}, {"v", ValueType::kInt}, {"i", ValueType::kInt}});
}

std::vector<Value> Triple(int64_t k, Value v, int64_t i) {
  return {Value(k), std::move(v), Value(i)};
}

ReduceOptions Options(ReduceKind kind, ReduceTies ties = ReduceTies::kFirst) {
  return ReduceOptions{.kind = kind, .schema = Triples(), .field = 1, .ties = ties, .fields = {}};
}

// The running value after each of (0, i % 3, i), i = 0..8, as the (v, i) pairs.
std::vector<std::pair<int64_t, int64_t>> Run(const ReduceOptions& options) {
  RollingReduceOperator op(0, options);
  std::vector<std::pair<int64_t, int64_t>> out;
  for (int64_t i = 0; i < 9; ++i) {
    const Record r = op.ProcessElement(
        Record{.id = 0, .timestamp = Timestamp::Millis(i), .values = Triple(0, i % 3, i)});
    out.emplace_back(std::get<int64_t>(r.values[1]), std::get<int64_t>(r.values[2]));
  }
  return out;
}

using Pairs = std::vector<std::pair<int64_t, int64_t>>;

BOOST_AUTO_TEST_SUITE(reducer)

// The four expected lists of AggregationFunctionTest.minMaxByTest (§11.2).
BOOST_AUTO_TEST_CASE(by_aggregates_keep_the_first_or_last_record_on_ties) {
  BOOST_TEST((Run(Options(ReduceKind::kMaxBy)) ==
              Pairs{{0, 0}, {1, 1}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {2, 2}, {2, 2}}));
  BOOST_TEST((Run(Options(ReduceKind::kMaxBy, ReduceTies::kLast)) ==
              Pairs{{0, 0}, {1, 1}, {2, 2}, {2, 2}, {2, 2}, {2, 5}, {2, 5}, {2, 5}, {2, 8}}));
  BOOST_TEST((Run(Options(ReduceKind::kMinBy)) == Pairs(9, {0, 0})));
  BOOST_TEST((Run(Options(ReduceKind::kMinBy, ReduceTies::kLast)) ==
              Pairs{{0, 0}, {0, 0}, {0, 0}, {0, 3}, {0, 3}, {0, 3}, {0, 6}, {0, 6}, {0, 6}}));
}

// min/max change v only: i stays the first record's 0 (ComparableAggregator,
// non-by: fieldAccessor.set(value1, o2)).
BOOST_AUTO_TEST_CASE(min_and_max_keep_the_first_records_other_fields) {
  BOOST_TEST((Run(Options(ReduceKind::kMax)) ==
              Pairs{{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 0}, {2, 0}, {2, 0}, {2, 0}, {2, 0}}));
  BOOST_TEST((Run(Options(ReduceKind::kMin)) == Pairs(9, {0, 0})));
  // sum of v: 0, 1, 3, 3, 4, 6, 6, 7, 9, on the first record's i.
  BOOST_TEST((Run(Options(ReduceKind::kSum)) ==
              Pairs{{0, 0}, {1, 0}, {3, 0}, {3, 0}, {4, 0}, {6, 0}, {6, 0}, {7, 0}, {9, 0}}));
}

// A null v never wins: it leaves the value so far, and a null so far takes
// the new record (tidemark's rule, §11.2).
BOOST_AUTO_TEST_CASE(a_null_field_never_wins) {
  const Reducer max_by(Options(ReduceKind::kMaxBy));
  std::vector<Value> acc = Triple(0, Value(), 0);
  max_by.Reduce(acc, Triple(0, int64_t{1}, 1));
  BOOST_TEST(std::get<int64_t>(acc[2]) == 1);
  max_by.Reduce(acc, Triple(0, Value(), 2));
  BOOST_TEST(std::get<int64_t>(acc[2]) == 1);
  const Reducer sum(Options(ReduceKind::kSum));
  std::vector<Value> total = Triple(0, int64_t{5}, 0);
  sum.Reduce(total, Triple(0, Value(), 1));
  BOOST_TEST(std::get<int64_t>(total[1]) == 5);
}

// reduce: {v: acc.v + cur.v, i: cur.i}: every expression reads the old acc;
// unlisted k keeps acc's.
BOOST_AUTO_TEST_CASE(field_expressions_read_acc_and_cur) {
  const Schema both = ReduceInputSchema(Triples());
  BOOST_TEST(both.ToString() ==
             "{acc.k: int, acc.v: int, acc.i: int, cur.k: int, cur.v: int, cur.i: int}");
  ReduceOptions options = Options(ReduceKind::kFields);
  options.fields = {std::nullopt, Expression::Compile("acc.v + cur.v", both, {}),
                    Expression::Compile("cur.i", both, {})};
  BOOST_TEST(!Reducer::Validate(options));
  const Reducer reducer(options);
  std::vector<Value> acc = Triple(7, int64_t{2}, 1);
  reducer.Reduce(acc, Triple(8, int64_t{3}, 2));
  BOOST_TEST(std::get<int64_t>(acc[0]) == 7);
  BOOST_TEST(std::get<int64_t>(acc[1]) == 5);
  BOOST_TEST(std::get<int64_t>(acc[2]) == 2);
}

BOOST_AUTO_TEST_CASE(rejects_a_field_expression_of_another_type_and_a_sum_of_text) {
  ReduceOptions options = Options(ReduceKind::kFields);
  options.fields = {std::nullopt,
                    Expression::Compile("double(acc.v)", ReduceInputSchema(Triples()), {}),
                    std::nullopt};
  BOOST_TEST(*Reducer::Validate(options) ==
             "the reduce returns the input type, so 'v' must stay an int, not double");
  ReduceOptions sum{.kind = ReduceKind::kSum,
                    .schema = Schema({{"s", ValueType::kString}}),
                    .field = 0,
                    .ties = ReduceTies::kFirst,
                    .fields = {}};
  BOOST_TEST(*Reducer::Validate(sum) == "sum needs a numeric field; 's' is string");
}

// In a window the first element starts the reduce and merging reduces the
// target's value with the source's (target first, §10.4).
BOOST_AUTO_TEST_CASE(a_window_reduce_merges_target_then_source) {
  const Aggregator agg(Options(ReduceKind::kMaxBy));
  Accumulators target;
  Accumulators source;
  agg.Add(target,
          Record{.id = 0, .timestamp = Timestamp::Millis(0), .values = Triple(0, int64_t{2}, 1)});
  agg.Add(source,
          Record{.id = 0, .timestamp = Timestamp::Millis(0), .values = Triple(0, int64_t{2}, 2)});
  agg.Merge(target, source);
  const std::vector<Value> result = agg.Results(target);
  BOOST_TEST(std::get<int64_t>(result[2]) == 1);  // a tie: the target's record, first
  BOOST_TEST(target.front().count == 2);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
