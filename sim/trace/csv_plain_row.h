// PlainRowParser: the one-pass reading of a trace line that needs no CSV
// dialect: no quote, no '\r', every cell in place. Nearly every line of a
// generated or exported trace is such a line.
//
// It splits at ',' and parses each cell by its column as it goes, straight
// into the row, with the same rules as the general path (csv_trace_reader.h:
// cells trimmed of spaces and tabs, an empty cell is null, typed cells as in
// csv_cell.h, the @kind rules). It declines, returning false, any line it
// cannot take whole: a quote or '\r', a blank line, the wrong number of
// cells, a cell that does not parse, an event without its event time. The
// general path then reads the line again and says what is wrong with it, so
// errors come from one place.
#ifndef TIDEMARK_SIM_TRACE_CSV_PLAIN_ROW_H_
#define TIDEMARK_SIM_TRACE_CSV_PLAIN_ROW_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/core/schema.h"
#include "sim/trace/trace_header.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

class PlainRowParser {
 public:
  // `event_time_field` is an int field of `schema`; `header` was parsed
  // against `schema`.
  PlainRowParser(const TraceHeader& header, const engine::Schema& schema, size_t event_time_field);

  // Fills every typed part of `row` (kind, values, timestamp, arrival,
  // partition, watermark) from `body`, a line without its line break, and
  // returns true; or returns false, with `row` partly written.
  // REQUIRES: the 8 bytes after `body` are readable (it is loaded a word at a
  // time; what those bytes hold does not matter), as CsvLineReader promises.
  bool Parse(std::string_view body, TraceRow& row) const;

 private:
  // Field columns first: ops below kArrival write a value.
  enum class Op : uint8_t {
    kInt,
    kDouble,
    kString,
    kBool,
    kNull,
    kList,
    kArrival,
    kPartition,
    kKind
  };
  struct Column {
    Op op;
    size_t field;  // the schema index, for field columns
  };

  bool ParseCell(const Column& column, std::string_view text, TraceRow& row) const;

  std::vector<Column> columns_;
  size_t fields_ = 0;
  size_t event_time_field_ = 0;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_PLAIN_ROW_H_
