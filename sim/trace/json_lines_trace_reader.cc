#include "sim/trace/json_lines_trace_reader.h"

#include <utility>

namespace tidemark::sim {

JsonLinesTraceReader::JsonLinesTraceReader(std::string path, TraceOptions options)
    : LineTraceReader(std::move(path), std::move(options),
                      "a JSON-lines row is one object on one line; is this a JSON-lines file?"),
      parser_({.schema = this->options().schema,
               .event_time_field = event_time_field(),
               .key_fields = this->options().key_fields,
               .dead_letter = this->options().on_bad_row == TraceOptions::OnBadRow::kRoute}) {}

bool JsonLinesTraceReader::ParseLine(std::string_view body, TraceRow& row, RowError& error) {
  return parser_.Parse(body, row, error);
}

}  // namespace tidemark::sim
