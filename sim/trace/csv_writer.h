// CSV lines for records, in the dialect the trace reader reads back (RFC 4180):
// values needing it are quoted, null is an empty cell, doubles print shortest
// round-trip and locale-free. Sinks, golden files and reports share it.
#ifndef TIDEMARK_SIM_TRACE_CSV_WRITER_H_
#define TIDEMARK_SIM_TRACE_CSV_WRITER_H_

#include <string>
#include <string_view>

#include "engine/record.h"
#include "engine/schema.h"

namespace tidemark::sim {

// `text` as one CSV cell: as it is, or quoted when it holds ',', '"', a line
// break, or leading/trailing spaces, or is empty (so that it is not null).
std::string CsvCell(std::string_view text);
// The field names, comma-separated, no line break.
std::string CsvHeader(const engine::Schema& schema);
// The record's values, comma-separated, no line break.
std::string CsvRow(const engine::Record& record);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_WRITER_H_
