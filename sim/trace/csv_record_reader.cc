#include "sim/trace/csv_record_reader.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <optional>
#include <vector>

#include <csv.h>
#include <fmt/format.h>

#include "engine/core/ascii.h"
#include "engine/core/check.h"
#include "sim/trace/csv_cell.h"
#include "sim/trace/csv_line_reader.h"

namespace tidemark::sim {

namespace {

constexpr unsigned char kParserOptions =
    CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL | CSV_EMPTY_IS_NULL;
// libcsv grows its cell buffer by a fixed step; a large step keeps long cells
// from costing a reallocation every 128 bytes.
constexpr size_t kParserBlockBytes = 4096;

// A record longer than this is taken for a quote left open: reading on would
// hold the rest of the file in memory only to report the same error at the end.
constexpr size_t kMaxRecordBytes = 16 << 20;

// libcsv's parser state between rows (ROW_NOT_BEGUN in csv.c; csv.h exposes the
// state field but not its names).
constexpr int kRowNotBegun = 0;

// What a byte means to SplitPlain: most bytes are plain cell text.
enum class PlainByte : uint8_t { kText, kComma, kNeedsLibcsv };
constexpr std::array<PlainByte, 256> kPlainBytes = [] {
  std::array<PlainByte, 256> table{};
  table[static_cast<unsigned char>(',')] = PlainByte::kComma;
  table[static_cast<unsigned char>('"')] = PlainByte::kNeedsLibcsv;
  table[static_cast<unsigned char>('\r')] = PlainByte::kNeedsLibcsv;
  return table;
}();

// A line's body: without its "\n" or "\r\n".
std::string_view LineBody(std::string_view line) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

int ClampToInt(int64_t v) { return static_cast<int>(std::min<int64_t>(v, INT_MAX)); }

}  // namespace

struct CsvRecordReader::Impl {
  Impl(std::string path, PlainLines plain, CsvRecordReader& owner)
      : lines(std::move(path)),
        plain_lines(plain),
        cell_bytes(owner.cell_bytes_),
        cells(owner.cells_) {
    ResetParser();
  }
  ~Impl() { csv_free(&parser); }

  void ResetParser() {
    if (parser_ready) csv_free(&parser);
    TIDEMARK_CHECK(csv_init(&parser, kParserOptions) == 0);
    csv_set_blk_size(&parser, kParserBlockBytes);
    parser_ready = true;
  }

  void BeginRecord() {
    record = {};
    cell_bytes.clear();
    cells.clear();
    record_line = lines.line_number();
    record_done = false;
    cr_break = false;
    stray_cell = false;
  }

  static void OnCell(void* text, size_t size, void* data) {
    Impl& self = *static_cast<Impl*>(data);
    // libcsv ended the row at a '\r' and goes on with the same line; Next()
    // reports that once the line is fed.
    if (self.cr_break) {
      self.stray_cell = true;
      return;
    }
    Cell cell{.offset = self.cell_bytes.size(), .size = size, .null = text == nullptr};
    if (text != nullptr) self.cell_bytes.append(static_cast<const char*>(text), size);
    self.cells.push_back(cell);
  }

  static void OnRowEnd(int terminator, void* data) {
    Impl& self = *static_cast<Impl*>(data);
    if (terminator == '\r') self.cr_break = true;
    if (!self.cells.empty()) self.record_done = true;
  }

  Status Next();
  std::string_view NextCandidate();
  Status ParseCandidate();
  std::optional<Status> Feed(std::string_view line);
  bool SplitPlain(std::string_view body);
  Status Finish();
  Status SyntaxError(size_t offset, std::string message, std::string hint);
  Status ParserError(size_t offset);
  Status StrayCarriageReturn();

  engine::SourceLocation LocationAt(size_t offset) const;
  size_t CellOffset(size_t index) const;

  CsvLineReader lines;
  PlainLines plain_lines;
  csv_parser parser{};
  bool parser_ready = false;
  bool in_record = false;  // the current record goes on past the last line fed
  bool finished = false;   // end of file was reached and reported

  // The current record's text as in the file: a view of the line buffer while
  // the record is one line (most are), else of record_copy, which keeps the
  // earlier lines of a record that goes on when the buffer moves.
  std::string_view record;
  std::string record_copy;
  std::string_view candidate;  // the line NextCandidate() returned
  std::string& cell_bytes;
  std::vector<Cell>& cells;
  int64_t record_line = 0;
  bool record_done = false;  // the current record has all its cells
  bool cr_break = false;     // a row ended at '\r'
  bool stray_cell = false;   // a cell followed that '\r' on the same line
  std::optional<engine::InputError> error;
};

CsvRecordReader::Status CsvRecordReader::Impl::Next() {
  if (finished) return Status::kEnd;
  while (true) {
    const std::string_view line = lines.Next();
    if (line.data() == nullptr) return Finish();
    if (const std::optional<Status> status = Feed(line)) return *status;
  }
}

std::string_view CsvRecordReader::Impl::NextCandidate() {
  if (finished) return {};
  const std::string_view line = lines.Next();
  if (line.data() == nullptr) {
    Finish();  // no record is open between records: this only marks the end
    return {};
  }
  candidate = line;
  record = line;
  cells.clear();
  record_line = lines.line_number();
  return LineBody(line);
}

CsvRecordReader::Status CsvRecordReader::Impl::ParseCandidate() {
  if (const std::optional<Status> status = Feed(candidate)) return *status;
  return Next();
}

// Takes one physical line into the current record: the record's status once
// the line completes it (or is bad), nullopt when reading must go on (a blank
// line, or a quoted cell that goes on on the next line).
std::optional<CsvRecordReader::Status> CsvRecordReader::Impl::Feed(std::string_view line) {
  if (!in_record) {
    BeginRecord();
    record = line;
    // A line of nothing but spaces and tabs is not a blank line (those are
    // empty) but a row that lost its cells: an error, not silently dropped.
    const std::string_view body = LineBody(line);
    if (!body.empty() && std::all_of(body.begin(), body.end(), engine::IsBlank)) {
      return SyntaxError(0, "the line holds only spaces or tabs",
                         "delete the line (empty lines are skipped), or write the row's cells");
    }
    if (plain_lines == PlainLines::kSplitDirectly && SplitPlain(LineBody(line))) {
      if (!cells.empty()) return Status::kRecord;
      return std::nullopt;  // blank
    }
  } else {
    record_copy.append(line);
    record = record_copy;
    if (record.size() > kMaxRecordBytes) {
      return SyntaxError(CellOffset(cells.size()), "quoted cell runs on for more than 16 MiB",
                         "is a closing '\"' missing? a quoted cell may span lines, so an "
                         "unclosed quote takes in the lines after it");
    }
  }
  const size_t parsed = csv_parse(&parser, line.data(), line.size(), OnCell, OnRowEnd, this);
  if (parsed < line.size()) return ParserError(record.size() - line.size() + parsed);
  // A row that ended at '\r' must be followed by nothing but the line break.
  if (cr_break && (stray_cell || parser.pstate != kRowNotBegun)) return StrayCarriageReturn();
  in_record = parser.pstate != kRowNotBegun;
  if (in_record && record.data() != record_copy.data()) {
    // The next line may move the buffer under this one.
    record_copy.assign(record);
    record = record_copy;
  }
  if (record_done) return Status::kRecord;
  return std::nullopt;  // a blank line, or a quoted cell that goes on on the next line
}

// A line with no quote and no '\r' but a final "\r\n" (most lines of most
// traces) splits at every ',' exactly as libcsv would split it, only faster.
// Returns false, with no cells, for a line that needs libcsv; a blank line
// gives true with no cells.
bool CsvRecordReader::Impl::SplitPlain(std::string_view body) {
  // Runs once per byte of nearly every line: one table lookup per byte, and
  // the trimming only at cell ends.
  const auto add_cell = [&](size_t first, size_t last) {
    while (first < last && engine::IsBlank(body[first])) ++first;
    while (last > first && engine::IsBlank(body[last - 1])) --last;
    cells.push_back({.offset = first, .size = last - first, .null = first == last});
  };
  size_t start = 0;
  for (size_t i = 0; i < body.size(); ++i) {
    const PlainByte kind = kPlainBytes[static_cast<unsigned char>(body[i])];
    if (kind == PlainByte::kText) continue;
    if (kind == PlainByte::kNeedsLibcsv) {
      cells.clear();
      return false;
    }
    add_cell(start, i);
    start = i + 1;
  }
  add_cell(start, body.size());
  // Only spaces and tabs: libcsv skips the line as blank.
  if (cells.size() == 1 && cells[0].null) cells.clear();
  cell_bytes.assign(body);
  return true;
}

CsvRecordReader::Status CsvRecordReader::Impl::Finish() {
  finished = true;
  if (!in_record) return Status::kEnd;
  in_record = false;
  if (csv_fini(&parser, OnCell, OnRowEnd, this) != 0) {
    // Only an unclosed quote fails here: point at it.
    return SyntaxError(CellOffset(cells.size()), "quoted cell is never closed",
                       "add the closing '\"'; a quoted cell may span lines, so an unclosed "
                       "quote takes in the rest of the file");
  }
  return record_done ? Status::kRecord : Status::kEnd;
}

CsvRecordReader::Status CsvRecordReader::Impl::ParserError(size_t offset) {
  if (csv_error(&parser) != CSV_EPARSE) {
    throw engine::InputError(LocationAt(offset), "cell is too large to read",
                             "is a quote left open earlier in the file?");
  }
  if (parser.quoted == 0) {
    return SyntaxError(offset, "unexpected '\"' inside an unquoted cell",
                       "quote the whole cell and double each quote inside it, as in "
                       "\"say \"\"hi\"\"\"");
  }
  const std::string_view rest = record.substr(offset);
  size_t char_size = 1;
  while (char_size < rest.size() && (static_cast<unsigned char>(rest[char_size]) & 0xC0) == 0x80) {
    ++char_size;
  }
  return SyntaxError(offset,
                     fmt::format("unexpected {} after the closing quote of a cell",
                                 QuoteForMessage(rest.substr(0, char_size))),
                     "a quoted cell ends at ',' or the end of the line; "
                     "write a quote inside it as \"\"");
}

CsvRecordReader::Status CsvRecordReader::Impl::StrayCarriageReturn() {
  // Find the first '\r' outside quotes that is not part of a line ending.
  // libcsv accepted the record so far, so quotes pair up as they toggle here.
  bool quoted = false;
  size_t offset = 0;
  for (size_t i = 0; i < record.size(); ++i) {
    const char c = record[i];
    if (c == '"') quoted = !quoted;
    if (c != '\r' || quoted) continue;
    size_t j = i + 1;
    while (j < record.size() && (engine::IsBlank(record[j]) || record[j] == '\r')) ++j;
    if (j < record.size() && record[j] != '\n') {
      offset = i;
      break;
    }
  }
  return SyntaxError(offset, "carriage return in the middle of a line",
                     "lines end with \\n or \\r\\n; quote a cell that contains a carriage return");
}

CsvRecordReader::Status CsvRecordReader::Impl::SyntaxError(size_t offset, std::string message,
                                                           std::string hint) {
  error.emplace(LocationAt(offset), std::move(message), std::move(hint));
  // libcsv keeps the broken state; a fresh parser resumes on the next line.
  ResetParser();
  in_record = false;
  return Status::kSyntaxError;
}

engine::SourceLocation CsvRecordReader::Impl::LocationAt(size_t offset) const {
  const std::string_view before = record.substr(0, offset);
  const size_t line_start =
      before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  const auto breaks = std::count(before.begin(), before.end(), '\n');
  int64_t column = 1;
  for (size_t i = line_start; i < before.size(); ++i) {
    if ((static_cast<unsigned char>(before[i]) & 0xC0) != 0x80) ++column;
  }
  return {lines.path(), ClampToInt(record_line + breaks), ClampToInt(column)};
}

size_t CsvRecordReader::Impl::CellOffset(size_t index) const {
  // Walks the record the way libcsv parsed it; used only to locate errors.
  const std::string_view text = record;
  size_t pos = 0;
  for (size_t k = 0;; ++k) {
    while (pos < text.size() && engine::IsBlank(text[pos])) ++pos;
    if (k == index) return pos;
    if (pos < text.size() && text[pos] == '"') {
      for (++pos; pos < text.size(); ++pos) {
        if (text[pos] != '"') continue;
        if (pos + 1 < text.size() && text[pos + 1] == '"') {
          ++pos;
        } else {
          ++pos;
          break;
        }
      }
    }
    while (pos < text.size() && text[pos] != ',' && text[pos] != '\n' && text[pos] != '\r') {
      ++pos;
    }
    if (pos == text.size() || text[pos] != ',') return pos;
    ++pos;
  }
}

CsvRecordReader::CsvRecordReader(std::string path, PlainLines plain_lines)
    : impl_(std::make_unique<Impl>(std::move(path), plain_lines, *this)) {}

CsvRecordReader::~CsvRecordReader() = default;

CsvRecordReader::Status CsvRecordReader::Next() { return impl_->Next(); }

std::string_view CsvRecordReader::NextCandidate() { return impl_->NextCandidate(); }

CsvRecordReader::Status CsvRecordReader::ParseCandidate() { return impl_->ParseCandidate(); }

std::string_view CsvRecordReader::raw() const {
  std::string_view text = impl_->record;
  if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

engine::SourceLocation CsvRecordReader::start() const { return {path(), line(), 1}; }

int CsvRecordReader::line() const { return ClampToInt(impl_->record_line); }

engine::SourceLocation CsvRecordReader::CellLocation(size_t i) const {
  TIDEMARK_CHECK(i < impl_->cells.size());
  return impl_->LocationAt(impl_->CellOffset(i));
}

const engine::InputError& CsvRecordReader::syntax_error() const {
  TIDEMARK_CHECK(impl_->error.has_value());
  return *impl_->error;
}

const std::string& CsvRecordReader::path() const { return impl_->lines.path(); }

}  // namespace tidemark::sim
