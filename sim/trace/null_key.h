// Null keys: a key_by whose key is null is refused, as Flink refuses it.
//
// Flink computes a record's key group in KeyGroupRangeAssignment.assignToKeyGroup
// (and assignKeyToParallelOperator), which starts with
// Preconditions.checkNotNull(key, "Assigned key must not be null!")
// (flink-runtime/src/main/java/org/apache/flink/runtime/state/KeyGroupRangeAssignment.java).
// The partitioner of every keyBy edge calls it for every record, whatever the
// parallelism, so a null key fails the job at parallelism 1 as at 4.
//
// A source field that a key_by reads as it is (directly, or through unions) is
// a key field of that source: the trace readers check it on every event row,
// so the error names the cell, and a source with a dead-letter tag routes the
// row there like any row it cannot take. A key that turns null later (a map,
// a flat_map) is caught by the runtime where the record meets the key_by.
#ifndef TIDEMARK_SIM_TRACE_NULL_KEY_H_
#define TIDEMARK_SIM_TRACE_NULL_KEY_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace tidemark::sim {

struct KeyField {
  size_t field = 0;          // index in the source schema
  std::string keyed_stream;  // the first stream that keys by it, named in errors
};

// "key field 'customer' is empty: stream 'totals' keys by it and Flink
// refuses a null key ("Assigned key must not be null!")".
std::string NullKeyMessage(std::string_view field, std::string_view keyed_stream);
// What to do about it; `dead_letter` says whether the source can route bad rows.
std::string NullKeyHint(bool dead_letter);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_NULL_KEY_H_
