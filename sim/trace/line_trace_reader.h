// LineTraceReader: a trace file of one row per line (JSON lines, a Kafka
// console-consumer dump), streamed as typed rows with the CSV reader's
// contract (csv_trace_reader.h): rows in file order, one per Next(); memory of
// one read block plus the current line (CsvLineReader, at most 1 MiB a line);
// lines that hold only blanks are skipped but counted; a bad row either throws
// engine::InputError listing every bad row of the file (OnBadRow::kFail) or
// comes back as a kParseFailure row with its text and error (OnBadRow::kRoute).
// Errors name file:line:column, the column counting UTF-8 characters from 1.
//
// A format is a subclass that parses one line.
#ifndef TIDEMARK_SIM_TRACE_LINE_TRACE_READER_H_
#define TIDEMARK_SIM_TRACE_LINE_TRACE_READER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/input_error.h"
#include "engine/core/input_error_list.h"
#include "sim/trace/csv_line_reader.h"
#include "sim/trace/csv_trace_reader.h"
#include "sim/trace/json_row_parser.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

class LineTraceReader {
 public:
  virtual ~LineTraceReader() = default;
  LineTraceReader(const LineTraceReader&) = delete;
  LineTraceReader& operator=(const LineTraceReader&) = delete;

  // The next row into `row`; false at end of file. Every field of `row` is
  // overwritten.
  bool Next(TraceRow& row);

  // Data rows returned so far, parse failures included.
  uint64_t rows_read() const { return rows_read_; }
  const std::string& path() const { return lines_.path(); }

 protected:
  // Opens `path` (throws engine::InputError located at the file when it cannot
  // be read, or when options.event_time_field is not an int field).
  // `too_long_hint` is said of a line over the limit.
  LineTraceReader(std::string path, TraceOptions options, std::string too_long_hint);

  // Fills the typed parts of `row` (kind, values, timestamp, arrival,
  // partition, watermark) from `body`, a line without its line break, or
  // returns false with `error` set.
  virtual bool ParseLine(std::string_view body, TraceRow& row, RowError& error) = 0;

  const TraceOptions& options() const { return options_; }
  size_t event_time_field() const { return event_time_field_; }

 private:
  // The next line that is not blank, without its line break; null data() at the end.
  std::string_view NextBody();
  engine::InputError ErrorAt(std::string_view body, const RowError& error) const;
  void Reject(std::string_view body, engine::RecordId id, TraceRow& row);
  void CollectRest(engine::InputErrorCollector& errors);

  TraceOptions options_;
  size_t event_time_field_ = 0;
  CsvLineReader lines_;
  RowError error_;
  uint64_t rows_read_ = 0;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_LINE_TRACE_READER_H_
