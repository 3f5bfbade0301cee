// Properties of the CSV trace reader on hostile input: random bytes after a
// valid header, and valid traces with bytes inserted, deleted, replaced, lines
// duplicated and quotes dropped. Whatever the bytes, reading to the end either
// succeeds or raises an InputError located inside the file; routing bad rows
// never raises after the header; nothing crashes, hangs or throws anything
// else. Valid traces read back exactly.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <rapidcheck/boost_test.h>

#include "engine/core/input_error.h"
#include "sim/trace/csv_record_reader.h"
#include "sim/trace/csv_test_file.h"
#include "sim/trace/csv_trace_reader.h"

namespace tidemark::sim {
namespace {

using engine::Value;
using engine::ValueType;

constexpr std::string_view kHeader = "sensor_id,ts,temperature,@kind,@partition\n";

TraceOptions FuzzOptions(TraceOptions::OnBadRow on_bad_row) {
  return {.schema = engine::Schema({{"sensor_id", ValueType::kString},
                                    {"ts", ValueType::kInt},
                                    {"temperature", ValueType::kDouble}}),
          .event_time_field = "ts",
          .on_bad_row = on_bad_row};
}

// Lines as an editor counts them.
int LineCount(const std::string& contents) {
  const auto breaks = std::count(contents.begin(), contents.end(), '\n');
  return static_cast<int>(breaks) + (!contents.empty() && contents.back() != '\n' ? 1 : 0);
}

// The characters of 1-based line `line`, its line break not counted.
int LineLength(const std::string& contents, int line) {
  size_t start = 0;
  for (int i = 1; i < line && start != std::string::npos; ++i) {
    start = contents.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (start == std::string::npos) return 0;
  const size_t stop = std::min(contents.find('\n', start), contents.size());
  int chars = 0;
  for (size_t i = start; i < stop; ++i) {
    if ((static_cast<unsigned char>(contents[i]) & 0xC0) != 0x80) ++chars;
  }
  return chars;
}

// Within 1..lines+1 is the contract; the reader does better, pointing at a
// character that exists (or just past the end of its line).
void CheckLocated(const engine::InputError& e, const std::string& path, const std::string& contents,
                  int lines) {
  RC_ASSERT(e.where().file == path);
  RC_ASSERT(e.where().line >= 1);
  RC_ASSERT(e.where().line <= std::max(lines, 1));
  RC_ASSERT(e.where().column >= 1);
  RC_ASSERT(e.where().column <= LineLength(contents, e.where().line) + 1);
}

// Reads `contents` to the end both ways, asserting the properties above.
void CheckReadsSafely(const std::string& contents) {
  const CsvTestFile file("csv_fuzz", contents);
  const int lines = LineCount(contents);
  // No row may take more than its bytes, so this bounds any loop that is not a hang.
  const uint64_t max_rows = contents.size() + 1;
  try {
    CsvTraceReader reader(file.path(), FuzzOptions(TraceOptions::OnBadRow::kFail));
    while (reader.Next()) RC_ASSERT(reader.rows_read() <= max_rows);
  } catch (const engine::InputError& e) {
    CheckLocated(e, file.path(), contents, lines);
  }
  std::optional<CsvTraceReader> routing;
  try {
    routing.emplace(file.path(), FuzzOptions(TraceOptions::OnBadRow::kRoute));
  } catch (const engine::InputError& e) {
    CheckLocated(e, file.path(), contents, lines);
    return;  // a bad header always throws
  }
  int last_line = 0;
  while (std::optional<TraceRow> row = routing->Next()) {
    RC_ASSERT(routing->rows_read() <= max_rows);
    RC_ASSERT(row->line > last_line);
    RC_ASSERT(row->line <= lines);
    last_line = row->line;
    if (row->kind != TraceRowKind::kParseFailure) continue;
    RC_ASSERT(!row->error.empty());
    RC_ASSERT(contents.find(row->raw) != std::string::npos);
  }
}

// Bytes that matter to CSV, often; any byte, sometimes.
rc::Gen<char> CsvByte() {
  return rc::gen::weightedOneOf<char>({
      {4, rc::gen::elementOf(std::vector<char>{',', '"', '\n', '\r', ' ', '\t'})},
      {4, rc::gen::elementOf(std::vector<char>{'0', '1', '7', '9', '-', '+', '.', 'e'})},
      {2, rc::gen::elementOf(std::vector<char>{'a', 's', 'w', '@', 'x'})},
      {1, rc::gen::arbitrary<char>()},
  });
}

struct TraceCells {
  std::optional<std::string> sensor;  // nullopt: null
  int64_t ts = 0;
  double temperature = 0;
  int partition = 0;
};

std::string QuoteIfNeeded(const std::string& s) {
  const bool plain = !s.empty() && s.find_first_of(",\"\r\n") == std::string::npos &&
                     s.front() != ' ' && s.front() != '\t' && s.back() != ' ' && s.back() != '\t';
  if (plain) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

rc::Gen<TraceCells> Cells() {
  return rc::gen::build<TraceCells>(
      rc::gen::set(
          &TraceCells::sensor,
          rc::gen::map(rc::gen::maybe(rc::gen::container<std::string>(rc::gen::elementOf(
                           std::vector<char>{'s', '1', ' ', ',', '"', '\n', '\r', '\t', 'x'}))),
                       [](rc::Maybe<std::string> s) {
                         return s ? std::optional<std::string>(*s) : std::nullopt;
                       })),
      rc::gen::set(&TraceCells::ts, rc::gen::arbitrary<int64_t>()),
      rc::gen::set(&TraceCells::temperature,
                   rc::gen::map(rc::gen::arbitrary<int32_t>(), [](int32_t n) { return n / 8.0; })),
      rc::gen::set(&TraceCells::partition, rc::gen::inRange(0, 8)));
}

std::string Render(const std::vector<TraceCells>& rows, bool crlf) {
  std::string out(kHeader);
  for (const TraceCells& row : rows) {
    out += fmt::format("{},{},{},,{}{}", row.sensor ? QuoteIfNeeded(*row.sensor) : "", row.ts,
                       row.temperature, row.partition, crlf ? "\r\n" : "\n");
  }
  return out;
}

enum class MutationKind { kInsert, kDelete, kReplace, kDuplicateLine, kDropQuote };

struct Mutation {
  MutationKind kind = MutationKind::kInsert;
  size_t at = 0;
  char byte = 0;
};

rc::Gen<Mutation> AnyMutation() {
  return rc::gen::build<Mutation>(
      rc::gen::set(
          &Mutation::kind,
          rc::gen::element(MutationKind::kInsert, MutationKind::kDelete, MutationKind::kReplace,
                           MutationKind::kDuplicateLine, MutationKind::kDropQuote)),
      rc::gen::set(&Mutation::at, rc::gen::arbitrary<size_t>()),
      rc::gen::set(&Mutation::byte, CsvByte()));
}

void Apply(const Mutation& m, std::string& s) {
  const size_t at = m.at % (s.size() + 1);
  switch (m.kind) {
    case MutationKind::kInsert: s.insert(at, 1, m.byte); return;
    case MutationKind::kDelete:
      if (at < s.size()) s.erase(at, 1);
      return;
    case MutationKind::kReplace:
      if (at < s.size()) s[at] = m.byte;
      return;
    case MutationKind::kDuplicateLine: {
      const size_t begin = s.rfind('\n', at == 0 ? 0 : at - 1);
      const size_t start = begin == std::string::npos || at == 0 ? 0 : begin + 1;
      const size_t stop = s.find('\n', at);
      const size_t end = stop == std::string::npos ? s.size() : stop + 1;
      s.insert(end, s.substr(start, end - start));
      return;
    }
    case MutationKind::kDropQuote: {
      const size_t quote = s.find('"', at);
      if (quote != std::string::npos) s.erase(quote, 1);
      return;
    }
  }
}

// One step of a CsvRecordReader, as comparable data.
std::string Describe(CsvRecordReader& reader, CsvRecordReader::Status status) {
  switch (status) {
    case CsvRecordReader::Status::kEnd: return "end";
    case CsvRecordReader::Status::kSyntaxError:
      return fmt::format("syntax error [{}] raw [{}]", reader.syntax_error().what(), reader.raw());
    case CsvRecordReader::Status::kRecord: break;
  }
  std::string out = fmt::format("record at {} raw [{}]:", reader.line(), reader.raw());
  for (size_t i = 0; i < reader.size(); ++i) {
    out += reader.is_null(i) ? " null" : fmt::format(" [{}]", reader.cell(i));
    out += "@" + reader.CellLocation(i).ToString();
  }
  return out;
}

BOOST_AUTO_TEST_SUITE(csv_fuzz)

RC_BOOST_PROP(plain_lines_split_directly_as_libcsv_splits_them, ()) {
  const std::string contents = *rc::gen::container<std::string>(CsvByte());
  const CsvTestFile file("csv_split", contents);
  CsvRecordReader fast(file.path(), CsvRecordReader::PlainLines::kSplitDirectly);
  CsvRecordReader slow(file.path(), CsvRecordReader::PlainLines::kThroughLibcsv);
  for (size_t step = 0; step <= contents.size() + 1; ++step) {
    const CsvRecordReader::Status status = fast.Next();
    RC_ASSERT(Describe(fast, status) == Describe(slow, slow.Next()));
    if (status == CsvRecordReader::Status::kEnd) return;
  }
  RC_FAIL("more records than bytes");
}

RC_BOOST_PROP(random_bytes_after_a_valid_header_read_safely, ()) {
  const std::string body = *rc::gen::container<std::string>(CsvByte());
  CheckReadsSafely(std::string(kHeader) + body);
}

RC_BOOST_PROP(mutated_valid_traces_read_safely, ()) {
  const auto rows = *rc::gen::resize(20, rc::gen::container<std::vector<TraceCells>>(Cells()));
  std::string contents = Render(rows, *rc::gen::arbitrary<bool>());
  const auto mutations =
      *rc::gen::resize(8, rc::gen::container<std::vector<Mutation>>(AnyMutation()));
  for (const Mutation& m : mutations) Apply(m, contents);
  CheckReadsSafely(contents);
}

RC_BOOST_PROP(valid_traces_read_back_exactly, ()) {
  const auto rows = *rc::gen::resize(20, rc::gen::container<std::vector<TraceCells>>(Cells()));
  const CsvTestFile file("csv_round_trip", Render(rows, *rc::gen::arbitrary<bool>()));
  CsvTraceReader reader(file.path(), FuzzOptions(TraceOptions::OnBadRow::kFail));
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::optional<TraceRow> row = reader.Next();
    RC_ASSERT(row.has_value());
    RC_ASSERT(row->kind == TraceRowKind::kEvent);
    RC_ASSERT(row->record.id == i);
    const Value sensor = rows[i].sensor ? Value(*rows[i].sensor) : Value();
    RC_ASSERT(row->record.values[0] == sensor);
    RC_ASSERT(row->record.values[1] == Value(rows[i].ts));
    RC_ASSERT(row->record.values[2] == Value(rows[i].temperature));
    RC_ASSERT(row->partition == std::optional<int32_t>(rows[i].partition));
  }
  RC_ASSERT(!reader.Next().has_value());
}

// Everything a reader gives for `contents`, row by row, as comparable text:
// each row's fields, or the error that stopped reading.
std::string ReadEverything(const std::string& path, TraceOptions options) {
  std::string out;
  try {
    CsvTraceReader reader(path, std::move(options));
    while (const std::optional<TraceRow> row = reader.Next()) {
      out += fmt::format("{} id {} line {} ts {} wm {} arrival {} partition {} [",
                         TraceRowKindName(row->kind), row->record.id, row->line,
                         row->record.timestamp.millis(), row->watermark.millis(),
                         row->arrival ? row->arrival->millis() : -1, row->partition.value_or(-1));
      for (const Value& v : row->record.values) {
        out += fmt::format("{}:{} ", static_cast<int>(engine::TypeOf(v)), engine::FormatValue(v));
      }
      out += fmt::format("] raw [{}] error [{}]\n", row->raw, row->error);
    }
  } catch (const engine::InputError& e) {
    out += fmt::format("throws {}\n", e.what());
  }
  return out;
}

// Cells the one-pass reading of plain lines must get exactly right, or
// decline: nulls, blanks, signs, leading zeros, int and double edges, bools
// in any case, the @kind names, quoted cells and stray separators.
rc::Gen<std::string> TrickyCell() {
  return rc::gen::elementOf(std::vector<std::string>{"",
                                                     " ",
                                                     "\t",
                                                     "7",
                                                     "+7",
                                                     "-0",
                                                     "007",
                                                     " 12 ",
                                                     "1.5",
                                                     ".5",
                                                     "-3",
                                                     "1e3",
                                                     "1e400",
                                                     "nan",
                                                     "inf",
                                                     "true",
                                                     "FALSE",
                                                     "tRuE",
                                                     "event",
                                                     "watermark",
                                                     "idle",
                                                     "active",
                                                     "Event",
                                                     "x",
                                                     "s1",
                                                     "99999999999999999999",
                                                     "-9223372036854775808",
                                                     "9223372036854775807",
                                                     "123456789012345678",
                                                     "2147483647",
                                                     "2147483648",
                                                     "-1",
                                                     "\"a,b\"",
                                                     "\"\"",
                                                     "\"7\"",
                                                     "a\"b",
                                                     "1\r2",
                                                     "+",
                                                     "-",
                                                     "0x10",
                                                     "12345678",
                                                     "123456789",
                                                     "1234567a",
                                                     "a2345678",
                                                     "-12345678",
                                                     "+99999999",
                                                     "00000000",
                                                     "1/2",
                                                     ":",
                                                     "9:",
                                                     "/9",
                                                     "-",
                                                     "1 2"});
}

// A cell for column `column` of the header below: mostly one that parses
// there (so that whole lines are valid), sometimes a tricky one.
rc::Gen<std::string> CellFor(size_t column) {
  static const std::vector<std::vector<std::string>> kValid = {
      {"s1", "k0178", " s 2 ", "x"},                                  // sensor_id
      {"8", "-5", "+7", "007", "123456789", "12345678", "99999999"},  // ts
      {"112", "21.5", "-3", ".5", "1e3", ""},                         // temperature
      {"true", "false", "TRUE", ""},                                  // ok
      {"", "event", "watermark", "idle", "active"},                   // @kind
      {"0", "3", "", "2147483647"},                                   // @partition
      {"76", "0", "", "-4"},                                          // @arrival
  };
  return rc::gen::weightedOneOf<std::string>(
      {{3, rc::gen::elementOf(kValid[column % kValid.size()])}, {1, TrickyCell()}});
}

RC_BOOST_PROP(plain_lines_read_in_one_pass_as_the_general_path_reads_them, ()) {
  const auto line_count = *rc::gen::inRange(0, 12);
  const bool crlf = *rc::gen::arbitrary<bool>();
  std::string contents = "sensor_id,ts,temperature,ok,@kind,@partition,@arrival\n";
  for (int line = 0; line < line_count; ++line) {
    // Mostly the header's 7 cells; sometimes too few or too many.
    const size_t cells = *rc::gen::weightedOneOf<size_t>(
        {{6, rc::gen::just<size_t>(7)}, {1, rc::gen::inRange<size_t>(0, 10)}});
    for (size_t i = 0; i < cells; ++i) contents += (i > 0 ? "," : "") + *CellFor(i);
    contents += crlf ? "\r\n" : "\n";
  }
  const CsvTestFile file("csv_one_pass", contents);
  for (const auto on_bad_row : {TraceOptions::OnBadRow::kFail, TraceOptions::OnBadRow::kRoute}) {
    TraceOptions options{.schema = engine::Schema({{"sensor_id", ValueType::kString},
                                                   {"ts", ValueType::kInt},
                                                   {"temperature", ValueType::kDouble},
                                                   {"ok", ValueType::kBool}}),
                         .event_time_field = "ts",
                         .on_bad_row = on_bad_row};
    TraceOptions general = options;
    general.one_pass_plain_rows = false;
    RC_ASSERT(ReadEverything(file.path(), options) == ReadEverything(file.path(), general));
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
