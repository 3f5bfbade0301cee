// TraceHeader: how the columns of a trace file map onto the source schema.
//
// The header row names the columns in any order. Each is a schema field or one
// of the reserved columns @arrival (processing time, ms), @partition (>= 0) and
// @kind (event | watermark | idle | active). A valid header names every schema
// field, names no column twice and names nothing else; the reserved columns are
// optional. Names are exact (case-sensitive); spaces around an unquoted name are
// ignored, as around any cell.
#ifndef TIDEMARK_SIM_TRACE_TRACE_HEADER_H_
#define TIDEMARK_SIM_TRACE_TRACE_HEADER_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/schema.h"
#include "sim/trace/csv_record_reader.h"

namespace tidemark::sim {

enum class TraceColumnRole { kField, kArrival, kPartition, kKind };

struct TraceColumn {
  TraceColumnRole role = TraceColumnRole::kField;
  size_t field = 0;  // kField: the schema index
  std::string name;
};

class TraceHeader {
 public:
  // Reads the header from the record `reader` holds. Throws engine::InputError
  // at the offending cell: unknown column (with the nearest schema name), an
  // unknown @column, an empty name, a duplicate; or at the header's line for a
  // schema field with no column.
  static TraceHeader Parse(const CsvRecordReader& reader, const engine::Schema& schema);

  size_t size() const { return columns_.size(); }
  const TraceColumn& column(size_t i) const { return columns_[i]; }
  // The column index holding schema field `field`.
  size_t ColumnOfField(size_t field) const { return field_columns_[field]; }
  // The column index of a reserved column, if the header has it.
  std::optional<size_t> ColumnOf(TraceColumnRole role) const;

 private:
  std::vector<TraceColumn> columns_;
  std::vector<size_t> field_columns_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_TRACE_HEADER_H_
