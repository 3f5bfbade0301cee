// CsvTraceReader: a CSV trace file streamed as typed rows.
//
// The first non-blank line is the header (see trace_header.h); every further
// non-blank line is a data row (see csv_record_reader.h for the CSV dialect:
// quoting, nulls, blank lines, CRLF, BOM). Cells parse by their schema type (see
// csv_cell.h); an empty unquoted cell is null; "" is the empty string in a
// string column and null in any other. The
// @kind column makes a row an event (also when empty), a watermark (the
// event-time cell is the watermark; other cells may be empty), or an idle or
// active mark (every cell may be empty). An event needs its event time.
//
// Rows come in file order, one per Next(), and memory stays at one read block
// plus the current row however long the trace. Every error names
// file:line:column of the offending cell and says what was expected. A bad row
// either throws engine::InputError (OnBadRow::kFail), after reading on to the
// end for the other bad rows, so that the error lists them all
// (engine/core/input_error_list.h), or comes back as a kParseFailure row
// (OnBadRow::kRoute), after which reading goes on; header errors always throw.
#ifndef TIDEMARK_SIM_TRACE_CSV_TRACE_READER_H_
#define TIDEMARK_SIM_TRACE_CSV_TRACE_READER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/input_error_list.h"
#include "engine/core/schema.h"
#include "sim/trace/csv_plain_row.h"
#include "sim/trace/csv_record_reader.h"
#include "sim/trace/null_key.h"
#include "sim/trace/trace_header.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

struct TraceOptions {
  enum class OnBadRow { kFail, kRoute };

  engine::Schema schema;         // the source schema; field types drive parsing
  std::string event_time_field;  // an int field of the schema
  OnBadRow on_bad_row = OnBadRow::kFail;
  // Plain lines are read in one pass (csv_plain_row.h). Both ways give the
  // same rows; false exists so that tests can check that they do.
  bool one_pass_plain_rows = true;
  // Fields a key_by reads as they are: an event row with one of them empty is
  // a bad row (null_key.h).
  std::vector<KeyField> key_fields = {};
  // The source's index in its job: every row's id names it with the row
  // (engine::MakeRecordId). REQUIRES: below engine::kMaxRecordSources.
  uint32_t source_index = 0;
};

// `options` as they are, or an engine::InputError located at `path` when the
// event-time field is not an int field of the schema: the check every trace
// reader makes before touching its file.
TraceOptions ValidatedTraceOptions(TraceOptions options, const std::string& path);

class CsvTraceReader {
 public:
  // Opens `path` and reads the header. Throws engine::InputError when the file
  // is missing or unreadable (located at the file; the hint says trace paths
  // are relative to the scenario), when the header is bad (see TraceHeader), or
  // when options.event_time_field is not an int field of the schema.
  CsvTraceReader(std::string path, TraceOptions options);

  // The next row, or nullopt at end of file.
  std::optional<TraceRow> Next();
  // The next row into `row`, reusing its buffers; false at end of file. Every
  // field of `row` is overwritten: it ends as Next() would have returned it.
  bool Next(TraceRow& row);

  // Data rows returned so far, parse failures included.
  uint64_t rows_read() const { return rows_read_; }
  const std::string& path() const { return records_.path(); }
  const TraceHeader& header() const { return header_; }
  // File, row.line, column 1.
  engine::SourceLocation Where(const TraceRow& row) const { return {path(), row.line, 1}; }

 private:
  // Fills `row` from the current record; false with error_ set when a cell is bad.
  bool ParseRecord(TraceRow& row);
  bool ParseColumn(size_t column, TraceRow& row);
  bool CheckKind(TraceRow& row);
  // True when `row` is an event with a key field null.
  bool HasNullKey(const TraceRow& row) const;
  bool Fail(size_t column, std::string message, std::string hint);
  // Throws `error` with every later bad row (CollectRest), or makes `row` a
  // kParseFailure row when routing.
  void Reject(const engine::InputError& error, engine::RecordId id, TraceRow& row);
  void CollectRest(engine::InputErrorCollector& errors);

  TraceOptions options_;
  CsvRecordReader records_;
  TraceHeader header_;
  size_t event_time_field_ = 0;
  std::optional<PlainRowParser> plain_rows_;
  uint64_t rows_read_ = 0;
  std::optional<engine::InputError> error_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_TRACE_READER_H_
