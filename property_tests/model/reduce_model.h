// ReduceModel: the reference model of a rolling reduce on a keyed stream
// (§11.2), written from the rules alone, sharing no code with engine/: rows
// are (k, v, i) triples of plain ints, the state is a flat list of (key,
// value so far) scanned per row, and each aggregation is spelt out as its rule
// says, not as a comparator.
//
// A ReduceBug makes a copy of the rules wrong on purpose, for the mutation
// tests.
#ifndef TIDEMARK_PROPERTY_TESTS_MODEL_REDUCE_MODEL_H_
#define TIDEMARK_PROPERTY_TESTS_MODEL_REDUCE_MODEL_H_

#include <array>
#include <cstdint>
#include <ostream>
#include <vector>

namespace tidemark::props::model {

using Triple = std::array<int64_t, 3>;  // k, v, i

enum class ReduceAggregation { kSum, kMin, kMax, kMinBy, kMaxBy };

enum class ReduceBug {
  kNone,
  kMaxKeepsNewRecord,  // max takes the new record's other fields (should keep the first's)
  kByTiesFlipped,      // minBy/maxBy: a tie keeps the other record than asked
};

// The output after each row: the key's value so far, aggregated on v.
// `first`: minBy/maxBy keep the earlier record on a tie.
std::vector<Triple> RollingReduce(ReduceAggregation aggregation, bool first,
                                  const std::vector<Triple>& rows,
                                  ReduceBug bug = ReduceBug::kNone);

std::ostream& operator<<(std::ostream& os, ReduceAggregation a);

}  // namespace tidemark::props::model

#endif  // TIDEMARK_PROPERTY_TESTS_MODEL_REDUCE_MODEL_H_
