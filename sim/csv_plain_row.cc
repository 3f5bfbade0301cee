#include "sim/csv_plain_row.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "engine/check.h"
#include "sim/csv_cell.h"

namespace tidemark::sim {

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t'; }

// The bytes at `p` (at most 8 of the `left`), first byte lowest, zeros past
// the end: no zero byte equals a byte searched for.
uint64_t LoadWord(const char* p, size_t left) {
  uint64_t word = 0;
  if (left >= 8) {
    std::memcpy(&word, p, 8);
    if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
    return word;
  }
  // Byte by byte in a register: a short memcpy to memory and a word load back
  // would stall the load on the stores.
  for (size_t i = 0; i < left; ++i) {
    word |= uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
  }
  return word;
}

// The top bit of each byte of `word` that equals `byte` (exact: no borrow
// from one byte into the next, unlike the usual has-zero-byte test).
uint64_t BytesEqual(uint64_t word, char byte) {
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  const uint64_t x = word ^ (0x0101010101010101ULL * static_cast<unsigned char>(byte));
  return ~(((x & kLow7) + kLow7) | x | kLow7);
}

// text[first, last) without spaces and tabs around it.
std::string_view Trimmed(const char* text, size_t first, size_t last) {
  while (first < last && IsSpace(text[first])) ++first;
  while (last > first && IsSpace(text[last - 1])) --last;
  return {text + first, last - first};
}

// Assigns in place when the value already holds a T (a reused row does).
template <typename T>
void Store(engine::Value& value, T v) {
  if (T* held = std::get_if<T>(&value)) {
    *held = v;
  } else {
    value = v;
  }
}

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
  const char* const text = body.data();
  const size_t size = body.size();
  const size_t last = columns_.size() - 1;
  size_t column = 0;
  size_t cell_start = 0;
  // Eight bytes at a time: a mask of the ',' among them and one of the bytes
  // that need the general path.
  for (size_t offset = 0; offset < size; offset += 8) {
    const uint64_t word = LoadWord(text + offset, size - offset);
    if ((BytesEqual(word, '"') | BytesEqual(word, '\r')) != 0) return false;
    for (uint64_t commas = BytesEqual(word, ','); commas != 0; commas &= commas - 1) {
      const size_t comma = offset + static_cast<size_t>(std::countr_zero(commas)) / 8;
      if (column == last) return false;  // more cells than columns
      if (!ParseCell(columns_[column++], Trimmed(text, cell_start, comma), row)) return false;
      cell_start = comma + 1;
    }
  }
  if (column != last) return false;  // fewer cells than columns
  if (!ParseCell(columns_[last], Trimmed(text, cell_start, size), row)) return false;
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
    case Op::kInt: {
      int64_t v = 0;
      if (!ParseIntCell(text, &v)) return false;
      Store(row.record.values[column.field], v);
      return true;
    }
    case Op::kDouble: {
      engine::Value& value = row.record.values[column.field];
      double v = 0;
      if (!SmallIntegralDoubleCell(text, &v)) {
        return ParseCellInto(text, engine::ValueType::kDouble, value);
      }
      Store(value, v);
      return true;
    }
    case Op::kString:
      return ParseCellInto(text, engine::ValueType::kString, row.record.values[column.field]);
    case Op::kBool:
      return ParseCellInto(text, engine::ValueType::kBool, row.record.values[column.field]);
    case Op::kArrival: {
      int64_t ms = 0;
      if (!ParseIntCell(text, &ms)) return false;
      row.arrival = engine::Timestamp::Millis(ms);
      return true;
    }
    case Op::kPartition: {
      int64_t n = 0;
      if (!ParseIntCell(text, &n) || n < 0 || n > std::numeric_limits<int32_t>::max()) return false;
      row.partition = static_cast<int32_t>(n);
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
