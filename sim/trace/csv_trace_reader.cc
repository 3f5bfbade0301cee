#include "sim/trace/csv_trace_reader.h"

#include <limits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/trace/csv_cell.h"

namespace tidemark::sim {

// Checks the options before the file is touched: a bad event-time field is the
// scenario's mistake, whatever the trace holds.
TraceOptions ValidatedTraceOptions(TraceOptions options, const std::string& path) {
  const std::optional<size_t> field = options.schema.IndexOf(options.event_time_field);
  if (!field || options.schema.field(*field).type != engine::ValueType::kInt) {
    throw engine::InputError(
        {.file = path},
        fmt::format("event-time field '{}' is not an int field of the schema {}",
                    options.event_time_field, options.schema.ToString()),
        "event time is an int field holding milliseconds");
  }
  return options;
}

namespace {

const std::vector<std::string>& KindNames() {
  static const std::vector<std::string> names = {"event", "watermark", "idle", "active"};
  return names;
}

}  // namespace

CsvTraceReader::CsvTraceReader(std::string path, TraceOptions options)
    : options_(ValidatedTraceOptions(std::move(options), path)), records_(std::move(path)) {
  event_time_field_ = *options_.schema.IndexOf(options_.event_time_field);
  switch (records_.Next()) {
    case CsvRecordReader::Status::kEnd:
      throw engine::InputError({.file = records_.path(), .line = 1, .column = 1},
                               "the trace is empty: no header row",
                               fmt::format("the first line names the columns, such as {}",
                                           fmt::join(options_.schema.names(), ",")));
    case CsvRecordReader::Status::kSyntaxError: throw records_.syntax_error();
    case CsvRecordReader::Status::kRecord: break;
  }
  header_ = TraceHeader::Parse(records_, options_.schema);
  if (options_.one_pass_plain_rows)
    plain_rows_.emplace(header_, options_.schema, event_time_field_);
}

std::optional<TraceRow> CsvTraceReader::Next() {
  TraceRow row;
  if (!Next(row)) return std::nullopt;
  return row;
}

bool CsvTraceReader::Next(TraceRow& row) {
  CsvRecordReader::Status status = CsvRecordReader::Status::kEnd;
  if (plain_rows_) {
    const std::string_view line = records_.NextCandidate();
    if (line.data() == nullptr) return false;
    // A row with a null key is read again by the general path, which says so.
    if (plain_rows_->Parse(line, row) && !HasNullKey(row)) {
      row.record.id = engine::MakeRecordId(options_.source_index, rows_read_++);
      row.line = records_.line();
      row.raw.clear();
      row.error.clear();
      return true;
    }
    status = records_.ParseCandidate();
  } else {
    status = records_.Next();
  }
  if (status == CsvRecordReader::Status::kEnd) return false;
  const engine::RecordId id = engine::MakeRecordId(options_.source_index, rows_read_++);
  if (status == CsvRecordReader::Status::kSyntaxError) {
    Reject(records_.syntax_error(), id, row);
    return true;
  }
  // Everything a fresh row has; values are all overwritten by ParseRecord
  // (the header names every schema field), so their buffers are kept.
  row.kind = TraceRowKind::kEvent;
  row.record.id = id;
  row.record.timestamp = engine::Timestamp::Min();
  row.arrival.reset();
  row.partition.reset();
  row.watermark = engine::Timestamp::Min();
  row.line = records_.line();
  row.raw.clear();
  row.error.clear();
  if (!ParseRecord(row)) Reject(*error_, id, row);
  return true;
}

bool CsvTraceReader::ParseRecord(TraceRow& row) {
  const size_t cells = records_.size();
  if (cells != header_.size()) {
    const bool surplus = cells > header_.size();
    error_.emplace(surplus ? records_.CellLocation(header_.size()) : records_.start(),
                   fmt::format("row has {} field{}, the header has {}", cells,
                               cells == 1 ? "" : "s", header_.size()),
                   surplus ? "quote a value that contains ',', as in \"a,b\""
                           : "each row has a cell, perhaps empty, for every header column");
    return false;
  }
  row.record.values.resize(options_.schema.size());
  for (size_t column = 0; column < cells; ++column) {
    if (!ParseColumn(column, row)) return false;
  }
  if (!CheckKind(row)) return false;
  if (!HasNullKey(row)) return true;
  for (const KeyField& key : options_.key_fields) {
    if (!std::holds_alternative<std::monostate>(row.record.values[key.field])) continue;
    return Fail(header_.ColumnOfField(key.field),
                NullKeyMessage(options_.schema.field(key.field).name, key.keyed_stream),
                NullKeyHint(options_.on_bad_row == TraceOptions::OnBadRow::kRoute));
  }
  return true;
}

bool CsvTraceReader::ParseColumn(size_t column, TraceRow& row) {
  const TraceColumn& spec = header_.column(column);
  const std::string_view text = records_.cell(column);
  // Empty means null (no value, no arrival, event kind...). A quoted empty
  // cell is the empty string where a string can be, and null elsewhere, since
  // writers that quote every cell write nulls that way.
  if (text.empty() && (records_.is_null(column) || spec.role != TraceColumnRole::kField ||
                       options_.schema.field(spec.field).type != engine::ValueType::kString)) {
    if (spec.role == TraceColumnRole::kField) row.record.values[spec.field] = std::monostate();
    return true;
  }
  // Cells parse without an error message (the common case builds none); a
  // bad one is parsed again for its message.
  engine::ValueType failed_type = engine::ValueType::kNull;
  switch (spec.role) {
    case TraceColumnRole::kField: {
      const engine::ValueType type = options_.schema.field(spec.field).type;
      if (ParseCellInto(text, type, row.record.values[spec.field], nullptr)) return true;
      failed_type = type;
      break;
    }
    case TraceColumnRole::kArrival: {
      engine::Value ms;
      if (!ParseCellInto(text, engine::ValueType::kInt, ms, nullptr)) {
        failed_type = engine::ValueType::kInt;
        break;
      }
      row.arrival = engine::Timestamp::Millis(std::get<int64_t>(ms));
      return true;
    }
    case TraceColumnRole::kPartition: {
      const std::optional<engine::Value> n = ParseCell(text, engine::ValueType::kInt);
      if (!n || std::get<int64_t>(*n) < 0 ||
          std::get<int64_t>(*n) > std::numeric_limits<int32_t>::max()) {
        return Fail(column,
                    fmt::format("column '{}' expects a partition number, got {}", spec.name,
                                QuoteForMessage(text)),
                    "partitions are numbered 0, 1, 2, ... (at most 2147483647)");
      }
      row.partition = static_cast<int32_t>(std::get<int64_t>(*n));
      return true;
    }
    case TraceColumnRole::kKind: {
      const std::optional<TraceRowKind> kind = ParseTraceRowKind(text);
      if (!kind) {
        return Fail(column,
                    fmt::format("column '@kind' expects event, watermark, idle or active, got {}",
                                QuoteForMessage(text)),
                    engine::UnknownNameHint(text, KindNames()));
      }
      row.kind = *kind;
      return true;
    }
  }
  CellError cell_error;
  engine::Value scratch;
  ParseCellInto(text, failed_type, scratch, &cell_error);
  return Fail(column, fmt::format("column '{}' {}", spec.name, cell_error.message),
              std::move(cell_error.hint));
}

bool CsvTraceReader::CheckKind(TraceRow& row) {
  const engine::Value& time = row.record.values[event_time_field_];
  const size_t time_column = header_.ColumnOfField(event_time_field_);
  const std::string& name = options_.event_time_field;
  if (const auto* ms = std::get_if<int64_t>(&time)) {
    row.record.timestamp = engine::Timestamp::Millis(*ms);
  }
  switch (row.kind) {
    case TraceRowKind::kEvent:
      if (!std::holds_alternative<int64_t>(time)) {
        return Fail(time_column, fmt::format("event-time field '{}' is empty", name),
                    fmt::format("every event needs its event time in '{}'", name));
      }
      return true;
    case TraceRowKind::kWatermark:
      if (!std::holds_alternative<int64_t>(time)) {
        return Fail(time_column, fmt::format("watermark row has an empty '{}'", name),
                    fmt::format("a watermark row carries its watermark in the event-time "
                                "column '{}'",
                                name));
      }
      row.watermark = row.record.timestamp;
      return true;
    default: return true;
  }
}

bool CsvTraceReader::HasNullKey(const TraceRow& row) const {
  if (row.kind != TraceRowKind::kEvent) return false;
  for (const KeyField& key : options_.key_fields) {
    if (std::holds_alternative<std::monostate>(row.record.values[key.field])) return true;
  }
  return false;
}

bool CsvTraceReader::Fail(size_t column, std::string message, std::string hint) {
  error_.emplace(records_.CellLocation(column), std::move(message), std::move(hint));
  return false;
}

void CsvTraceReader::Reject(const engine::InputError& error, engine::RecordId id, TraceRow& row) {
  if (options_.on_bad_row == TraceOptions::OnBadRow::kFail) {
    engine::InputErrorCollector errors;
    errors.Add(error);
    CollectRest(errors);
    errors.ThrowIfAny();
  }
  row = TraceRow{};
  row.kind = TraceRowKind::kParseFailure;
  row.record.id = id;
  row.line = records_.line();
  row.raw = std::string(records_.raw());
  row.error = error.what();
}

// The run stops at the first bad row; reading on to the end first finds the
// others, so one run reports them all (up to 20 shown, the rest counted), in
// memory of one row. A line too long to read ends the search.
void CsvTraceReader::CollectRest(engine::InputErrorCollector& errors) {
  TraceRow scratch;
  try {
    while (true) {
      const CsvRecordReader::Status status = records_.Next();
      if (status == CsvRecordReader::Status::kEnd) return;
      if (status == CsvRecordReader::Status::kSyntaxError) {
        errors.Add(records_.syntax_error());
        continue;
      }
      scratch.kind = TraceRowKind::kEvent;
      if (!ParseRecord(scratch)) errors.Add(*error_);
    }
  } catch (const engine::InputError& e) {
    errors.Add(e);
  }
}

}  // namespace tidemark::sim
