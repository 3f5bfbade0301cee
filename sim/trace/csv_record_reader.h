// CsvRecordReader: a CSV file read record by record, knowing where every record
// and cell starts.
//
// The dialect is RFC 4180, parsed by libcsv in strict mode:
//   - cells are separated by ',', records end at "\n" or "\r\n"; a quoted cell
//     may hold ',', line breaks and '"' (written twice);
//   - spaces and tabs around a cell are ignored (quote the cell to keep them);
//   - an empty unquoted cell is null, "" is the empty string;
//   - empty lines (nothing, or only '\r') are skipped, but counted; a line of
//     only spaces and tabs is a syntax error, since it is a row without cells;
//   - a quote inside an unquoted cell, anything but spaces after a closing
//     quote, a '\r' in mid-line outside quotes, and a quote still open at end of
//     file are syntax errors.
// Lines are physical lines, so a quoted line break moves later positions down a
// line; columns count UTF-8 characters from 1. Finding a cell's position
// rescans its record, which only errors need: reading pays nothing for it.
//
// Lines without quotes (most lines) are split directly, a fast path that gives
// the same cells as libcsv; the others go through libcsv.
//
// Memory is one 64 KiB block, the current record and its cells; records come in
// file order. A record may span at most 16 MiB of lines (more is reported as a
// quote left open), so a stray quote cannot pull the whole file into memory. A syntax error is
// returned rather than thrown, so the caller may route the bad record and go on: the record is
// taken to end with the physical line where the error is, and reading resumes on the next line.
#ifndef TIDEMARK_SIM_TRACE_CSV_RECORD_READER_H_
#define TIDEMARK_SIM_TRACE_CSV_RECORD_READER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"

namespace tidemark::sim {

class CsvRecordReader {
 public:
  enum class Status { kRecord, kSyntaxError, kEnd };
  // How a line without quotes or stray '\r' is split. Both ways give the same
  // records; kThroughLibcsv exists so that tests can check that they do.
  enum class PlainLines { kSplitDirectly, kThroughLibcsv };

  // Opens `path`; throws engine::InputError if it is missing or unreadable.
  explicit CsvRecordReader(std::string path, PlainLines plain_lines = PlainLines::kSplitDirectly);
  ~CsvRecordReader();
  CsvRecordReader(const CsvRecordReader&) = delete;
  CsvRecordReader& operator=(const CsvRecordReader&) = delete;

  // Reads the next record. After kRecord the accessors below describe it;
  // after kSyntaxError, syntax_error() says what is wrong and raw()/start()
  // describe the bad record; kEnd repeats once the file is done.
  Status Next();

  // A fast path for callers that parse simple lines themselves. Reads the
  // next physical line and returns it without its line break, or a view with
  // a null data() at end of file. The caller either takes it, having found it to be one
  // plain record (no quote, no '\r', not blank; line() and raw() then
  // describe it), or calls ParseCandidate(), which reads it exactly as Next()
  // would have, with any further lines its record spans, and returns Next()'s
  // status. (A plain view, as CsvLineReader::Next returns one, for the same
  // reason.) The 8 bytes after the line may be read
  // (CsvLineReader::kReadablePastLine).
  std::string_view NextCandidate();
  Status ParseCandidate();

  // The cells of the current record. Views stay valid until the next Next().
  size_t size() const { return cells_.size(); }
  std::string_view cell(size_t i) const {
    return {cell_bytes_.data() + cells_[i].offset, cells_[i].size};
  }
  // True for an empty unquoted cell.
  bool is_null(size_t i) const { return cells_[i].null; }

  // The record's text as in the file, without its final line break. Valid
  // until the next Next().
  std::string_view raw() const;
  // File, first line of the record, column 1.
  engine::SourceLocation start() const;
  // The first line of the record.
  int line() const;
  // Where cell `i` starts (after any leading spaces). REQUIRES: i < size().
  engine::SourceLocation CellLocation(size_t i) const;

  // The error of the last kSyntaxError.
  const engine::InputError& syntax_error() const;

  const std::string& path() const;

 private:
  struct Cell {
    size_t offset = 0;
    size_t size = 0;
    bool null = false;
  };
  struct Impl;

  // The cells live here, not in Impl, so that the accessors above inline.
  std::string cell_bytes_;  // the cells' text, back to back
  std::vector<Cell> cells_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_RECORD_READER_H_
