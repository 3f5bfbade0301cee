#include "sim/trace/line_trace_reader.h"

#include <algorithm>
#include <climits>

namespace tidemark::sim {

namespace {

bool IsBlankLineByte(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The 1-based column of byte `offset`: UTF-8 characters before it, plus one.
int ColumnOf(std::string_view body, size_t offset) {
  offset = std::min(offset, body.size());
  int64_t column = 1;
  for (size_t i = 0; i < offset; ++i) {
    if ((static_cast<unsigned char>(body[i]) & 0xC0) != 0x80) ++column;
  }
  return static_cast<int>(std::min<int64_t>(column, INT_MAX));
}

}  // namespace

LineTraceReader::LineTraceReader(std::string path, TraceOptions options, std::string too_long_hint)
    : options_(ValidatedTraceOptions(std::move(options), path)),
      event_time_field_(*options_.schema.IndexOf(options_.event_time_field)),
      lines_(std::move(path), std::move(too_long_hint)) {}

std::string_view LineTraceReader::NextBody() {
  while (true) {
    std::string_view line = lines_.Next();
    if (line.data() == nullptr) return line;
    if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!std::all_of(line.begin(), line.end(), IsBlankLineByte)) return line;
  }
}

bool LineTraceReader::Next(TraceRow& row) {
  const std::string_view body = NextBody();
  if (body.data() == nullptr) return false;
  const engine::RecordId id = engine::MakeRecordId(options_.source_index, rows_read_++);
  row.record.id = id;
  row.line = static_cast<int>(std::min<int64_t>(lines_.line_number(), INT_MAX));
  row.raw.clear();
  row.error.clear();
  if (!ParseLine(body, row, error_)) Reject(body, id, row);
  return true;
}

engine::InputError LineTraceReader::ErrorAt(std::string_view body, const RowError& error) const {
  return engine::InputError(
      {path(), static_cast<int>(std::min<int64_t>(lines_.line_number(), INT_MAX)),
       ColumnOf(body, error.offset)},
      error.message, error.hint);
}

void LineTraceReader::Reject(std::string_view body, engine::RecordId id, TraceRow& row) {
  const engine::InputError error = ErrorAt(body, error_);
  if (options_.on_bad_row == TraceOptions::OnBadRow::kFail) {
    engine::InputErrorCollector errors;
    errors.Add(error);
    CollectRest(errors);
    errors.ThrowIfAny();
  }
  const int line = row.line;
  row = TraceRow{};
  row.kind = TraceRowKind::kParseFailure;
  row.record.id = id;
  row.line = line;
  row.raw = std::string(body);
  row.error = error.what();
}

// As the CSV reader does: read on to the end for the other bad rows, so that
// one run reports them all, in the memory of one row. A line too long to read
// ends the search.
void LineTraceReader::CollectRest(engine::InputErrorCollector& errors) {
  TraceRow scratch;
  try {
    while (true) {
      const std::string_view body = NextBody();
      if (body.data() == nullptr) return;
      if (!ParseLine(body, scratch, error_)) errors.Add(ErrorAt(body, error_));
    }
  } catch (const engine::InputError& e) {
    errors.Add(e);
  }
}

}  // namespace tidemark::sim
