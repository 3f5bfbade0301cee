// Aggregator: computes a list of AggregateSpecs eagerly, one Accumulator per
// aggregate per window, so window state does not grow with the number of
// elements (except collect, whose result is the elements).
//
// Specs are resolved once at construction: per element, Add runs one switch
// per aggregate over a field index, with no lookups by name.
//
// Merging (sessions) combines accumulators as "target, then source": sums and
// counts add, min/max compare, first keeps the target's first value, last
// takes the source's last, collect appends the source's list after the
// target's. The window operator merges sources in ascending window start.
//
// With a Reducer instead of specs (a window's reduce, §11.2) there is one
// accumulator per field of the reduced record, field i in accs[i].value, and
// the count in accs[0]; merging reduces target with source. (Kept in the
// accumulators rather than beside them so that Accumulator stays as small as
// the aggregates need: every window holds a list of them, accumulators.h.)
#ifndef TIDEMARK_ENGINE_AGGREGATOR_H_
#define TIDEMARK_ENGINE_AGGREGATOR_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/windows/accumulators.h"
#include "engine/windows/aggregate_spec.h"
#include "engine/windows/reducer.h"

namespace tidemark::engine {

class Aggregator {
 public:
  // REQUIRES: !ValidateAggregate(input, spec) for every spec.
  Aggregator(const Schema& input, std::vector<AggregateSpec> specs);
  // A reduce: Results gives the reduced record. REQUIRES: !Reducer::Validate(options).
  explicit Aggregator(ReduceOptions reduce);

  const std::vector<AggregateSpec>& specs() const { return specs_; }

  // Folds one element into `accs` (sized on first use).
  void Add(Accumulators& accs, const Record& record) const;
  // Folds `source` into `target` (target first). Either may be unsized.
  void Merge(Accumulators& target, const Accumulators& source) const;
  // The aggregate values, in spec order. Empty accumulators give each
  // aggregate's empty value (count 0, otherwise null; collect "[]"). A reduce
  // gives the reduced record (REQUIRES: something was added).
  std::vector<Value> Results(const Accumulators& accs) const;

 private:
  struct Resolved {
    AggregateKind kind;
    size_t field;  // meaningless for count()
    bool has_field;
    bool int_field;  // numeric field is int (sum type, avg source)
  };

  void AddOne(const Resolved& r, Accumulator& acc, const Record& record) const;
  // min, max, first, last and collect. REQUIRES: r.has_field.
  void AddValue(const Resolved& r, Accumulator& acc, const Value& v) const;
  void MergeOne(const Resolved& r, Accumulator& target, const Accumulator& source) const;
  Value ResultOne(const Resolved& r, const Accumulator& acc) const;

  void AddReduced(Accumulators& accs, const Record& record) const;
  // Reduces `row` into the record held by `accs`. REQUIRES: accs holds one.
  void ReduceInto(Accumulators& accs, const std::vector<Value>& row) const;
  static std::vector<Value> HeldRecord(const Accumulators& accs);

  std::vector<AggregateSpec> specs_;
  std::vector<Resolved> resolved_;
  std::optional<Reducer> reducer_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_AGGREGATOR_H_
