// CsvLineReader: a file read as physical lines through one reusable buffer.
//
// The file is read in 64 KiB blocks; memory is one block plus the longest line,
// never the whole file. A line may hold at most kMaxLineBytes: a longer one
// (or a file with no line break at all, such as /dev/zero) is a located
// error once that much is read, so memory stays within about twice the limit. Lines come in file
// order, each with its 1-based number. A line is the bytes up to and including '\n' (the last line
// may lack one);
// '\r' is left in place for the CSV layer. A UTF-8 byte order mark at the start
// of the file is dropped, so line 1 column 1 is the first character after it.
#ifndef TIDEMARK_SIM_TRACE_CSV_LINE_READER_H_
#define TIDEMARK_SIM_TRACE_CSV_LINE_READER_H_

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::sim {

class CsvLineReader {
 public:
  // Opens `path`. Throws engine::InputError located at `path` when the file is
  // missing or unreadable; the hint says trace paths are relative to the scenario.
  // `too_long_hint` is the hint of the error for a line longer than the limit
  // (default: about CSV).
  explicit CsvLineReader(std::string path, std::string too_long_hint = "");

  CsvLineReader(const CsvLineReader&) = delete;
  CsvLineReader& operator=(const CsvLineReader&) = delete;

  // The next line, or a view with a null data() at end of file. The view is
  // valid until the next call, and the kReadablePastLine bytes after it may be
  // read too (their contents are unspecified), so that a parser can load a
  // line eight bytes at a time. Throws engine::InputError if reading fails
  // midway. (A plain view comes back in two registers; an optional, or a view
  // written through a pointer and loaded back whole, goes through memory and
  // stalls the load on the stores, once a row.)
  std::string_view Next();
  static constexpr size_t kReadablePastLine = 8;
  // 1 MiB: far longer than any row of a trace, short enough to hold.
  static constexpr size_t kMaxLineBytes = size_t{1} << 20;

  // The number of the line last returned (0 before the first).
  int64_t line_number() const { return line_number_; }
  const std::string& path() const { return path_; }

 private:
  // Reads more of the file behind the unread bytes; false at end of file.
  bool Fill();
  // Throws: the line after line_number_ is longer than kMaxLineBytes.
  [[noreturn]] void ThrowLineTooLong() const;

  struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };

  std::string path_;
  std::string too_long_hint_;
  std::unique_ptr<std::FILE, FileCloser> file_;
  std::vector<char> buffer_;
  size_t begin_ = 0;  // first unread byte
  size_t end_ = 0;    // one past the last byte read from the file
  bool eof_ = false;
  bool at_start_ = true;
  int64_t line_number_ = 0;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_LINE_READER_H_
