#include "engine/windows/aggregator.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/windows/window_result.h"

namespace tidemark::engine {
namespace {

Schema Readings() {
  return Schema(
      {{"sensor", ValueType::kString}, {"n", ValueType::kInt}, {"temp", ValueType::kDouble}});
}

Record Reading(std::string sensor, Value n, Value temp) {
  return Record{.id = 0,
                .timestamp = Timestamp::Millis(0),
                .values = {Value(std::move(sensor)), std::move(n), std::move(temp)}};
}

AggregateSpec Spec(std::string name, AggregateKind kind, std::optional<size_t> field) {
  return AggregateSpec{.output_name = std::move(name), .kind = kind, .field = field};
}

std::vector<AggregateSpec> AllKinds() {
  return {Spec("c", AggregateKind::kCount, std::nullopt),
          Spec("cn", AggregateKind::kCount, 2),
          Spec("si", AggregateKind::kSum, 1),
          Spec("sd", AggregateKind::kSum, 2),
          Spec("mn", AggregateKind::kMin, 2),
          Spec("mx", AggregateKind::kMax, 0),
          Spec("avg", AggregateKind::kAvg, 1),
          Spec("f", AggregateKind::kFirst, 0),
          Spec("l", AggregateKind::kLast, 2),
          Spec("col", AggregateKind::kCollect, 0)};
}

BOOST_AUTO_TEST_SUITE(aggregator)

// Each aggregate over three elements, one with a null temperature: count()
// counts elements, count(temp) and min skip the null, last takes it.
BOOST_AUTO_TEST_CASE(computes_every_aggregate_kind_with_its_result_type) {
  const Aggregator agg(Readings(), AllKinds());
  Accumulators accs;
  agg.Add(accs, Reading("b", int64_t{3}, 20.5));
  agg.Add(accs, Reading("a", int64_t{4}, 19.0));
  agg.Add(accs, Reading("c", int64_t{2}, Value()));
  const std::vector<Value> r = agg.Results(accs);
  BOOST_TEST(std::get<int64_t>(r[0]) == 3);
  BOOST_TEST(std::get<int64_t>(r[1]) == 2);
  BOOST_TEST(std::get<int64_t>(r[2]) == 9);
  BOOST_TEST(std::get<double>(r[3]) == 39.5);
  BOOST_TEST(std::get<double>(r[4]) == 19.0);
  BOOST_TEST(std::get<std::string>(r[5]) == "c");
  BOOST_TEST(std::get<double>(r[6]) == 3.0);
  BOOST_TEST(std::get<std::string>(r[7]) == "b");
  BOOST_TEST((TypeOf(r[8]) == ValueType::kNull));
  BOOST_TEST(std::get<std::string>(r[9]) == "[b, a, c]");
}

// Session merges: target first, then source; first keeps the target's,
// last takes the source's, collect appends.
BOOST_AUTO_TEST_CASE(merging_combines_target_then_source) {
  const Aggregator agg(Readings(), AllKinds());
  Accumulators target;
  Accumulators source;
  Accumulators never_added;
  agg.Add(target, Reading("x", int64_t{1}, 5.0));
  agg.Add(source, Reading("y", int64_t{2}, 1.0));
  agg.Add(source, Reading("z", int64_t{3}, 9.0));
  agg.Merge(target, source);
  agg.Merge(target, never_added);
  const std::vector<Value> r = agg.Results(target);
  BOOST_TEST(std::get<int64_t>(r[0]) == 3);
  BOOST_TEST(std::get<int64_t>(r[2]) == 6);
  BOOST_TEST(std::get<double>(r[4]) == 1.0);
  BOOST_TEST(std::get<std::string>(r[5]) == "z");
  BOOST_TEST(std::get<double>(r[6]) == 2.0);
  BOOST_TEST(std::get<std::string>(r[7]) == "x");
  BOOST_TEST(std::get<double>(r[8]) == 9.0);
  BOOST_TEST(std::get<std::string>(r[9]) == "[x, y, z]");
  Accumulators empty;
  agg.Merge(empty, source);
  BOOST_TEST(std::get<std::string>(agg.Results(empty)[7]) == "y");
}

// Nothing added: count 0, other aggregates null, collect "[]".
BOOST_AUTO_TEST_CASE(empty_accumulators_give_empty_results) {
  const Aggregator agg(Readings(), AllKinds());
  const std::vector<Value> r = agg.Results({});
  BOOST_TEST(std::get<int64_t>(r[0]) == 0);
  BOOST_TEST((TypeOf(r[2]) == ValueType::kNull));
  BOOST_TEST(std::get<std::string>(r[9]) == "[]");
}

// Java long semantics: an int sum wraps instead of overflowing.
BOOST_AUTO_TEST_CASE(int_sum_wraps_like_a_java_long) {
  const Aggregator agg(Readings(), {Spec("s", AggregateKind::kSum, 1)});
  Accumulators accs;
  agg.Add(accs, Reading("a", Timestamp::Max().millis(), 0.0));
  agg.Add(accs, Reading("a", int64_t{1}, 0.0));
  BOOST_TEST(std::get<int64_t>(agg.Results(accs)[0]) == Timestamp::Min().millis());
}

// count, sum and avg are folded inline per kind; nulls are skipped by all but
// count(), and an avg over a double field divides the double sum.
BOOST_AUTO_TEST_CASE(count_sum_and_avg_skip_nulls) {
  const Aggregator agg(Readings(),
                       {Spec("c", AggregateKind::kCount, std::nullopt),
                        Spec("cd", AggregateKind::kCount, 2), Spec("sd", AggregateKind::kSum, 2),
                        Spec("ad", AggregateKind::kAvg, 2), Spec("ai", AggregateKind::kAvg, 1)});
  Accumulators accs;
  agg.Add(accs, Reading("a", Value(), 1.5));
  agg.Add(accs, Reading("a", int64_t{-4}, Value()));
  agg.Add(accs, Reading("a", int64_t{7}, 3.0));
  const std::vector<Value> r = agg.Results(accs);
  BOOST_TEST(std::get<int64_t>(r[0]) == 3);
  BOOST_TEST(std::get<int64_t>(r[1]) == 2);
  BOOST_TEST(std::get<double>(r[2]) == 4.5);
  BOOST_TEST(std::get<double>(r[3]) == 2.25);
  BOOST_TEST(std::get<double>(r[4]) == 1.5);
  Accumulators only_nulls;
  agg.Add(only_nulls, Reading("a", Value(), Value()));
  const std::vector<Value> n = agg.Results(only_nulls);
  BOOST_TEST(std::get<int64_t>(n[0]) == 1);
  BOOST_TEST(std::get<int64_t>(n[1]) == 0);
  BOOST_TEST((TypeOf(n[2]) == ValueType::kNull));
  BOOST_TEST((TypeOf(n[3]) == ValueType::kNull));
}

BOOST_AUTO_TEST_CASE(validation_rejects_missing_and_non_numeric_fields) {
  BOOST_TEST(ValidateAggregate(Readings(), Spec("s", AggregateKind::kSum, std::nullopt)).value() ==
             "sum() needs a field, as in sum(value)");
  BOOST_TEST(ValidateAggregate(Readings(), Spec("a", AggregateKind::kAvg, 0)).value() ==
             "avg(sensor) needs a numeric field, but 'sensor' is string");
  BOOST_TEST(!ValidateAggregate(Readings(), Spec("m", AggregateKind::kMax, 0)).has_value());
  BOOST_TEST(
      ValidateWindowAggregates(Readings(), {Spec("key", AggregateKind::kCount, {})}).has_value());
  BOOST_TEST(ValidateWindowAggregates(Readings(), {Spec("n", AggregateKind::kCount, {}),
                                                   Spec("n", AggregateKind::kMax, 1)})
                 .has_value());
  BOOST_TEST((ParseAggregateKind("collect").value() == AggregateKind::kCollect));
  BOOST_TEST(!ParseAggregateKind("median").has_value());
}

// elements(f): every value of f in arrival order, printed, as a list; merging
// appends the source's after the target's (§11.3, §10.4).
BOOST_AUTO_TEST_CASE(elements_lists_the_values_in_order_and_merges_target_first) {
  const Aggregator agg(Readings(), {Spec("e", AggregateKind::kElements, 1)});
  Accumulators target;
  Accumulators source;
  BOOST_TEST((agg.Results(target)[0] == Value(StringList{})));
  agg.Add(target, Reading("s1", int64_t{3}, 1.0));
  agg.Add(target, Reading("s1", Value(), 2.0));
  agg.Add(source, Reading("s1", int64_t{7}, 3.0));
  agg.Merge(target, source);
  BOOST_TEST(FormatValue(agg.Results(target)[0]) == "[3, null, 7]");
  BOOST_TEST((AggregateResultType(Readings(), Spec("e", AggregateKind::kElements, 1)) ==
              ValueType::kList));
}

// The result schema: key, window bounds, aggregates with their types, firing.
BOOST_AUTO_TEST_CASE(result_schema_lists_key_window_aggregates_and_firing) {
  const Schema schema = WindowResultSchema(
      Readings(), 0,
      {Spec("n", AggregateKind::kCount, {}), Spec("avg_temp", AggregateKind::kAvg, 2),
       Spec("total", AggregateKind::kSum, 1), Spec("hi", AggregateKind::kMax, 0),
       Spec("all", AggregateKind::kCollect, 1)});
  BOOST_TEST(schema.ToString() ==
             "{key: string, window_start: int, window_end: int, n: int, avg_temp: double, "
             "total: int, hi: string, all: string, firing: string}");
  const WindowResult result{.key = Value(std::string("s1")),
                            .window = TimeWindow(Timestamp::Millis(0), Timestamp::Millis(10)),
                            .aggregates = {Value(int64_t{4})},
                            .kind = FiringKind::kLate,
                            .timestamp = Timestamp::Millis(9),
                            .element_count = 4};
  const std::vector<Value> values = result.ToValues();
  BOOST_TEST(values.size() == 5u);
  BOOST_TEST(std::get<int64_t>(values[2]) == 10);
  BOOST_TEST(std::get<std::string>(values[4]) == "late");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
