// `expect:` — per sink, the records it must show (inline or a golden CSV
// file), or its `output:`: records interleaved with the watermarks and
// statuses that reach it.
//
// Expected rows name the fields they check (any subset of the sink's fields)
// and, as "@timestamp", "@watermark" and "@at", the record's metadata: its
// timestamp as Flink stamps it (null: no timestamp), the emitting operator's
// watermark and the processing time at emission. Values are written as trace
// cells are and typed by the sink's schema. Ordered expectations are aligned
// with the output by a longest common subsequence, so a diff names the
// records missing, unexpected or different (and the fields that differ);
// unordered ones compare as multisets. Doubles match within the
// expectation's tolerance (absolute or relative). `check --update` rewrites
// golden files anew (keeping their metadata columns) and the `expect:` block
// in place, each sink keeping its form, order, tolerance and the fields its
// rows named; a sink without an expectation gets one with every field.
#ifndef TIDEMARK_SIM_CHECK_KINDS_RECORDS_EXPECTATION_H_
#define TIDEMARK_SIM_CHECK_KINDS_RECORDS_EXPECTATION_H_

#include <string>
#include <utility>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/time.h"
#include "sim/check/expectation.h"

namespace tidemark::sim {

using engine::SourceLocation;

// Expected records for one sink. Each expected row names the fields it checks
// (a subset of the sink's fields); values are written as in the trace.
// Cells named "@timestamp", "@watermark" and "@at" check the record's
// metadata (see RecordMetadata in sim/check), not a field.
struct ExpectedRow {
  std::vector<std::pair<std::string, std::string>> cells;
  std::vector<bool> cell_null;                 // written as YAML null (~, null or nothing)
  std::vector<SourceLocation> cell_where;      // of each value
  std::vector<SourceLocation> cell_key_where;  // of each field name
  SourceLocation where;
};

// One entry of an `output:` expectation: a record, or a watermark or a
// watermark status as it reaches the sink.
struct ExpectedElement {
  enum class Kind { kRecord, kWatermark, kStatus };
  Kind kind = Kind::kRecord;
  ExpectedRow record;                                      // kRecord
  engine::Timestamp watermark = engine::Timestamp::Min();  // kWatermark
  bool idle = false;                                       // kStatus: idle, else active
  SourceLocation where;
};

struct SinkExpectation {
  std::string sink;
  SourceLocation where;
  // kUnordered: records compare as multisets (within `output:`, between two
  // consecutive watermarks or statuses, as Flink's assertOutputEqualsSorted).
  enum class Order { kOrdered, kUnordered } order = Order::kOrdered;
  double tolerance = 1e-9;  // absolute and relative, for doubles
  std::vector<ExpectedRow> rows;
  // A golden CSV file (header = the sink's fields) instead of inline rows;
  // resolved against the scenario's folder.
  std::string golden;
  std::string golden_as_written;
  // `output:` instead of records: records interleaved with the watermarks and
  // statuses that reach the sink.
  bool has_output = false;
  std::vector<ExpectedElement> output;
};

const ExpectationKind& RecordsExpectationKind();

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_KINDS_RECORDS_EXPECTATION_H_
