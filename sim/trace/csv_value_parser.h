// CsvValueParser: a Kafka record's value written as one line of CSV, its
// cells the source schema's fields in schema order (no header: a topic's
// values carry none), read into an event TraceRow.
//
// Cells follow the CSV trace's rules (csv_trace_reader.h): RFC 4180 quoting
// within the line ("a,b", "say ""hi"""), cells trimmed of spaces and tabs, an
// empty cell is null (a quoted empty cell is the empty string for a string
// field), typed as csv_cell.h says. Every row is an event: its event time
// must be there and its key fields not null (null_key.h). Errors point at the
// byte of the value where the bad cell starts.
#ifndef TIDEMARK_SIM_TRACE_CSV_VALUE_PARSER_H_
#define TIDEMARK_SIM_TRACE_CSV_VALUE_PARSER_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/schema.h"
#include "sim/trace/json_row_parser.h"
#include "sim/trace/null_key.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

class CsvValueParser {
 public:
  struct Options {
    engine::Schema schema;
    size_t event_time_field = 0;  // an int field of the schema
    std::vector<KeyField> key_fields = {};
    bool dead_letter = false;  // whether bad rows are routed (for the null-key hint)
  };

  explicit CsvValueParser(Options options);

  // Fills the kind (event), values, timestamp and watermark (none) of `row` from `text` and
  // returns true; or returns false with `error` set and `row` partly written.
  bool Parse(std::string_view text, TraceRow& row, RowError& error);

 private:
  struct Cell {
    size_t offset = 0;  // where the cell starts in the text
    bool quoted = false;
    std::string text;  // unquoted and trimmed
  };

  // Splits `text` into cells_; false with `error` set on a quote left open or
  // text after a closing quote.
  bool Split(std::string_view text, RowError& error);

  Options options_;
  std::vector<Cell> cells_;  // reused value after value
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_VALUE_PARSER_H_
