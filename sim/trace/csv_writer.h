// CSV lines for records, in the dialect the trace reader reads back (RFC 4180):
// values needing it are quoted, null is an empty cell, doubles print shortest
// round-trip and locale-free. Sinks, golden files and reports share it.
#ifndef TIDEMARK_SIM_TRACE_CSV_WRITER_H_
#define TIDEMARK_SIM_TRACE_CSV_WRITER_H_

#include <string>
#include <string_view>

#include "engine/core/record.h"
#include "engine/core/schema.h"

namespace tidemark::sim {

// Whether text a spreadsheet would run as a formula is written as it is
// (golden files, which must read back to the same values) or neutralised
// (CSVs in a report folder, opened by people from CI artefacts).
enum class CsvFormulas { kKeep, kNeutralise };

// `text` with a leading apostrophe when it starts with a character that makes
// Excel, LibreOffice or Google Sheets read the cell as a formula (=, +, -, @,
// tab or carriage return), the OWASP advice for CSV injection; other text as
// it is. Spreadsheets show the apostrophe-led cell as the plain text.
std::string NeutraliseCsvFormula(std::string_view text);

// `text` as one CSV cell: as it is, or quoted when it holds ',', '"', a line
// break, or leading/trailing spaces, or is empty (so that it is not null).
std::string CsvCell(std::string_view text);
// The field names, comma-separated, no line break.
std::string CsvHeader(const engine::Schema& schema, CsvFormulas formulas = CsvFormulas::kKeep);
// The record's values, comma-separated, no line break. Neutralising touches
// only string and list values: a number such as -5 is not a formula.
std::string CsvRow(const engine::Record& record, CsvFormulas formulas = CsvFormulas::kKeep);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_WRITER_H_
