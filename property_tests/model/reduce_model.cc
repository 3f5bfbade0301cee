#include "property_tests/model/reduce_model.h"

#include <utility>

namespace tidemark::props::model {

namespace {

// The new value so far after `row` meets `so_far` (same key).
Triple Combine(ReduceAggregation aggregation, bool first, const Triple& so_far, const Triple& row,
               ReduceBug bug) {
  Triple out = so_far;
  switch (aggregation) {
    case ReduceAggregation::kSum: out[1] = so_far[1] + row[1]; return out;
    case ReduceAggregation::kMin: out[1] = row[1] < so_far[1] ? row[1] : so_far[1]; return out;
    case ReduceAggregation::kMax:
      if (bug == ReduceBug::kMaxKeepsNewRecord) out = row;
      out[1] = row[1] > so_far[1] ? row[1] : so_far[1];
      return out;
    case ReduceAggregation::kMinBy:
    case ReduceAggregation::kMaxBy: {
      const bool by_min = aggregation == ReduceAggregation::kMinBy;
      const bool keep_first = bug == ReduceBug::kByTiesFlipped ? !first : first;
      if (row[1] == so_far[1]) return keep_first ? so_far : row;
      const bool row_wins = by_min ? row[1] < so_far[1] : row[1] > so_far[1];
      return row_wins ? row : so_far;
    }
  }
  return out;
}

}  // namespace

std::vector<Triple> RollingReduce(ReduceAggregation aggregation, bool first,
                                  const std::vector<Triple>& rows, ReduceBug bug) {
  std::vector<std::pair<int64_t, Triple>> state;  // (key, value so far), first-seen order
  std::vector<Triple> out;
  for (const Triple& row : rows) {
    bool found = false;
    for (auto& [key, so_far] : state) {
      if (key != row[0]) continue;
      so_far = Combine(aggregation, first, so_far, row, bug);
      out.push_back(so_far);
      found = true;
      break;
    }
    if (!found) {
      state.emplace_back(row[0], row);
      out.push_back(row);
    }
  }
  return out;
}

std::ostream& operator<<(std::ostream& os, ReduceAggregation a) {
  switch (a) {
    case ReduceAggregation::kSum: return os << "sum";
    case ReduceAggregation::kMin: return os << "min";
    case ReduceAggregation::kMax: return os << "max";
    case ReduceAggregation::kMinBy: return os << "min_by";
    case ReduceAggregation::kMaxBy: return os << "max_by";
  }
  return os;
}

}  // namespace tidemark::props::model
