// Rolling reduce (§11.2): the engine's RollingReduceOperator agrees with the
// reference model (property_tests/model/reduce_model.h) on every output of
// sum, min, max, minBy and maxBy (first or last on ties) over random keyed
// rows with many ties. Mutation tests break one rule in a copy of the model
// and show that the property fails and shrinks to a few rows.
#include <sstream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "engine/operators/rolling_reduce_operator.h"
#include "property_tests/gen/counterexample.h"
#include "property_tests/model/reduce_model.h"

namespace tidemark::props {
namespace {

using model::ReduceAggregation;
using model::ReduceBug;
using model::Triple;

engine::ReduceKind KindOf(ReduceAggregation a) {
  switch (a) {
    case ReduceAggregation::kSum: return engine::ReduceKind::kSum;
    case ReduceAggregation::kMin: return engine::ReduceKind::kMin;
    case ReduceAggregation::kMax: return engine::ReduceKind::kMax;
    case ReduceAggregation::kMinBy: return engine::ReduceKind::kMinBy;
    case ReduceAggregation::kMaxBy: return engine::ReduceKind::kMaxBy;
  }
  return engine::ReduceKind::kSum;
}

std::vector<Triple> RunEngine(ReduceAggregation aggregation, bool first,
                              const std::vector<Triple>& rows) {
  const engine::Schema schema({{"k", engine::ValueType::kInt},
                               {"v", engine::ValueType::kInt},
                               {"i", engine::ValueType::kInt}});
  engine::RollingReduceOperator op(
      0, {.kind = KindOf(aggregation),
          .schema = schema,
          .field = 1,
          .ties = first ? engine::ReduceTies::kFirst : engine::ReduceTies::kLast,
          .fields = {}});
  std::vector<Triple> out;
  for (const Triple& row : rows) {
    const engine::Record r = op.ProcessElement({.id = 0,
                                                .timestamp = engine::Timestamp::Millis(row[2]),
                                                .values = {row[0], row[1], row[2]}});
    out.push_back({std::get<int64_t>(r.values[0]), std::get<int64_t>(r.values[1]),
                   std::get<int64_t>(r.values[2])});
  }
  return out;
}

// Rows (k in 0..2, v in 0..3 so that ties are common, i = the row's index).
rc::Gen<std::vector<Triple>> GenRows() {
  return rc::gen::map(rc::gen::container<std::vector<std::pair<int64_t, int64_t>>>(rc::gen::pair(
                          rc::gen::inRange<int64_t>(0, 3), rc::gen::inRange<int64_t>(0, 4))),
                      [](const std::vector<std::pair<int64_t, int64_t>>& kv) {
                        std::vector<Triple> rows;
                        for (size_t i = 0; i < kv.size(); ++i) {
                          rows.push_back({kv[i].first, kv[i].second, static_cast<int64_t>(i)});
                        }
                        return rows;
                      });
}

std::string Show(const Triple& t) {
  std::ostringstream os;
  os << "(" << t[0] << ", " << t[1] << ", " << t[2] << ")";
  return os.str();
}

void CheckRollingReduce(ReduceBug bug) {
  const auto aggregation =
      *rc::gen::element(ReduceAggregation::kSum, ReduceAggregation::kMin, ReduceAggregation::kMax,
                        ReduceAggregation::kMinBy, ReduceAggregation::kMaxBy);
  const bool first = *rc::gen::arbitrary<bool>();
  const std::vector<Triple> rows = *GenRows();
  const std::vector<Triple> expected = model::RollingReduce(aggregation, first, rows, bug);
  const std::vector<Triple> actual = RunEngine(aggregation, first, rows);
  for (size_t i = 0; i < rows.size(); ++i) {
    if (expected[i] == actual[i]) continue;
    NoteFailingCase(rows.size());
    std::ostringstream os;
    os << aggregation << (first ? " (first)" : " (last)") << ", row " << i << " " << Show(rows[i])
       << ": model " << Show(expected[i]) << ", engine " << Show(actual[i]);
    RC_FAIL(os.str());
  }
}

RC_BOOST_PROP(rolling_reduce_agrees_with_reference_model, ()) {
  CheckRollingReduce(ReduceBug::kNone);
}

void ExpectReduceBugCaught(ReduceBug bug) {
  const MutationOutcome outcome = ExpectFailure([&] { CheckRollingReduce(bug); });
  BOOST_TEST_MESSAGE("shrunk to " << outcome.shrunk_size << " records: " << outcome.message);
  BOOST_TEST(outcome.failed);
  BOOST_TEST(outcome.shrunk_size < 10u);
}

BOOST_AUTO_TEST_CASE(rolling_reduce_catches_max_taking_the_new_records_fields) {
  ExpectReduceBugCaught(ReduceBug::kMaxKeepsNewRecord);
}

BOOST_AUTO_TEST_CASE(rolling_reduce_catches_flipped_ties) {
  ExpectReduceBugCaught(ReduceBug::kByTiesFlipped);
}

}  // namespace
}  // namespace tidemark::props
