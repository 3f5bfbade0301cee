#include "sim/csv_plain_row.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "engine/check.h"
#include "sim/csv_cell.h"

namespace tidemark::sim {

namespace {

// Bytes that end a cell's scan: ',' ends the cell; '"' and '\r' need the
// general path.
constexpr std::array<bool, 256> kStops = [] {
  std::array<bool, 256> table{};
  table[static_cast<unsigned char>(',')] = true;
  table[static_cast<unsigned char>('"')] = true;
  table[static_cast<unsigned char>('\r')] = true;
  return table;
}();

bool IsSpace(char c) { return c == ' ' || c == '\t'; }

std::optional<TraceRowKind> KindOf(std::string_view text) {
  if (text == "event") return TraceRowKind::kEvent;
  if (text == "watermark") return TraceRowKind::kWatermark;
  if (text == "idle") return TraceRowKind::kIdle;
  if (text == "active") return TraceRowKind::kActive;
  return std::nullopt;
}

}  // namespace

PlainRowParser::PlainRowParser(const TraceHeader& header, const engine::Schema& schema,
                               size_t event_time_field)
    : fields_(schema.size()), event_time_field_(event_time_field) {
  TIDEMARK_CHECK(schema.field(event_time_field).type == engine::ValueType::kInt);
  for (size_t i = 0; i < header.size(); ++i) {
    const TraceColumn& column = header.column(i);
    Op op = Op::kInt;
    switch (column.role) {
      case TraceColumnRole::kArrival: op = Op::kArrival; break;
      case TraceColumnRole::kPartition: op = Op::kPartition; break;
      case TraceColumnRole::kKind: op = Op::kKind; break;
      case TraceColumnRole::kField:
        switch (schema.field(column.field).type) {
          case engine::ValueType::kInt: op = Op::kInt; break;
          case engine::ValueType::kDouble: op = Op::kDouble; break;
          case engine::ValueType::kString: op = Op::kString; break;
          case engine::ValueType::kBool: op = Op::kBool; break;
          case engine::ValueType::kNull: TIDEMARK_CHECK(false); break;
        }
        break;
    }
    columns_.push_back({op, column.field});
  }
}

bool PlainRowParser::Parse(std::string_view body, TraceRow& row) const {
  row.kind = TraceRowKind::kEvent;
  row.arrival.reset();
  row.partition.reset();
  row.record.values.resize(fields_);
  const char* p = body.data();
  const char* const end = p + body.size();
  const size_t last = columns_.size() - 1;
  for (size_t c = 0; c <= last; ++c) {
    const char* first = p;
    while (p != end && !kStops[static_cast<unsigned char>(*p)]) ++p;
    // The last cell must end the line; any other must end at ','.
    if (c == last ? p != end : (p == end || *p != ',')) return false;
    const char* stop = p++;
    while (first != stop && IsSpace(*first)) ++first;
    while (stop != first && IsSpace(stop[-1])) --stop;
    if (!ParseCell(columns_[c], {first, static_cast<size_t>(stop - first)}, row)) return false;
  }
  // The event-time cell gives the timestamp; events and watermarks need it.
  const auto* ms = std::get_if<int64_t>(&row.record.values[event_time_field_]);
  row.record.timestamp = ms != nullptr ? engine::Timestamp::Millis(*ms) : engine::Timestamp::Min();
  row.watermark = engine::Timestamp::Min();
  switch (row.kind) {
    case TraceRowKind::kEvent: return ms != nullptr;
    case TraceRowKind::kWatermark:
      row.watermark = row.record.timestamp;
      return ms != nullptr;
    default: return true;
  }
}

bool PlainRowParser::ParseCell(const Column& column, std::string_view text, TraceRow& row) const {
  // An empty (or all-blank) cell is null: no value, no arrival, event kind.
  if (text.empty()) {
    if (column.op < Op::kArrival) row.record.values[column.field] = std::monostate();
    return true;
  }
  switch (column.op) {
    case Op::kInt:
      return ParseCellInto(text, engine::ValueType::kInt, row.record.values[column.field]);
    case Op::kDouble:
      return ParseCellInto(text, engine::ValueType::kDouble, row.record.values[column.field]);
    case Op::kString:
      return ParseCellInto(text, engine::ValueType::kString, row.record.values[column.field]);
    case Op::kBool:
      return ParseCellInto(text, engine::ValueType::kBool, row.record.values[column.field]);
    case Op::kArrival: {
      const std::optional<int64_t> ms = ParseIntCell(text);
      if (ms) row.arrival = engine::Timestamp::Millis(*ms);
      return ms.has_value();
    }
    case Op::kPartition: {
      const std::optional<int64_t> n = ParseIntCell(text);
      if (!n || *n < 0 || *n > std::numeric_limits<int32_t>::max()) return false;
      row.partition = static_cast<int32_t>(*n);
      return true;
    }
    case Op::kKind: {
      const std::optional<TraceRowKind> kind = KindOf(text);
      if (kind) row.kind = *kind;
      return kind.has_value();
    }
  }
  return false;
}

}  // namespace tidemark::sim
