// JsonLinesTraceReader: a JSON-lines trace (one JSON object per line, as in
// jsonlines.org / NDJSON) streamed as typed rows. Each line is one row, read
// by the source schema as json_row_parser.h says (fields by key path, the
// reserved @arrival, @partition and @kind keys); the file has no header.
// Streaming, blank lines, dead letters and errors as line_trace_reader.h says.
#ifndef TIDEMARK_SIM_TRACE_JSON_LINES_TRACE_READER_H_
#define TIDEMARK_SIM_TRACE_JSON_LINES_TRACE_READER_H_

#include <string>
#include <string_view>

#include "sim/trace/json_row_parser.h"
#include "sim/trace/line_trace_reader.h"

namespace tidemark::sim {

class JsonLinesTraceReader : public LineTraceReader {
 public:
  // Throws engine::InputError as LineTraceReader's constructor says.
  JsonLinesTraceReader(std::string path, TraceOptions options);

 private:
  bool ParseLine(std::string_view body, TraceRow& row, RowError& error) override;

  JsonRowParser parser_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_JSON_LINES_TRACE_READER_H_
