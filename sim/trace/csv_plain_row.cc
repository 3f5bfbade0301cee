#include "sim/trace/csv_plain_row.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "engine/core/ascii.h"
#include "engine/core/check.h"
#include "sim/trace/csv_cell.h"

namespace tidemark::sim {

namespace {

// The eight bytes at `p`, first byte lowest.
uint64_t LoadWord(const char* p) {
  uint64_t word = 0;
  std::memcpy(&word, p, 8);
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  return word;
}

// The value of the 1 to 8 decimal digits at `p` (eight bytes readable), or
// false if one is not a digit: all eight at once, with no branch per digit
// (whose exits, at varying lengths, the branch predictor keeps missing).
bool ParseDigits8(const char* p, size_t digits, uint64_t* out) {
  // The digits into the high bytes, first digit highest-order, and '0' into
  // the bytes below them: eight digits with leading zeros.
  static constexpr uint64_t kZeros[9] = {0x3030303030303030ULL,
                                         0x30303030303030ULL,
                                         0x303030303030ULL,
                                         0x3030303030ULL,
                                         0x30303030ULL,
                                         0x303030ULL,
                                         0x3030ULL,
                                         0x30ULL,
                                         0};
  const uint64_t w = (LoadWord(p) << (8 * (8 - digits))) | kZeros[digits];
  // A digit is 0x30-0x39: high nibble 3, and still 3 after adding 6.
  constexpr uint64_t kHigh = 0xF0F0F0F0F0F0F0F0ULL;
  constexpr uint64_t kThrees = 0x3030303030303030ULL;
  if ((w & kHigh) != kThrees || ((w + 0x0606060606060606ULL) & kHigh) != kThrees) return false;
  // Pairs of digits, then fours, then eights (lowest byte first).
  uint64_t v = w - kThrees;
  v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFULL;
  v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFULL;
  v = (v * 10000 + (v >> 32)) & 0x00000000FFFFFFFFULL;
  *out = v;
  return true;
}

// ParseIntCell (csv_cell.h), with up to eight digits parsed as a word.
bool ParseInt(std::string_view text, int64_t* out) {
  if constexpr (std::endian::native == std::endian::little) {
    const bool signed_ = text[0] == '+' || text[0] == '-';
    const size_t digits = text.size() - (signed_ ? 1 : 0);
    uint64_t v = 0;
    if (digits >= 1 && digits <= 8) {
      if (!ParseDigits8(text.data() + (signed_ ? 1 : 0), digits, &v)) return false;
      *out = text[0] == '-' ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
      return true;
    }
  }
  return ParseIntCell(text, out);
}

// SmallIntegralDoubleCell (csv_cell.h), with up to eight digits parsed as a word.
bool ParseSmallIntegralDouble(std::string_view text, double* out) {
  if constexpr (std::endian::native == std::endian::little) {
    const bool negative = text[0] == '-';
    const size_t digits = text.size() - (negative ? 1 : 0);
    uint64_t v = 0;
    if (digits >= 1 && digits <= 8 && ParseDigits8(text.data() + (negative ? 1 : 0), digits, &v)) {
      *out = negative ? -static_cast<double>(v) : static_cast<double>(v);
      return true;
    }
  }
  return SmallIntegralDoubleCell(text, out);
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
  while (first < last && engine::IsBlank(text[first])) ++first;
  while (last > first && engine::IsBlank(text[last - 1])) --last;
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
          case engine::ValueType::kNull: op = Op::kNull; break;
          case engine::ValueType::kList: op = Op::kList; break;
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
  // Words are loaded straight from the reader's buffer (a copy would stall
  // the loads on its stores); the bytes past the line are masked off.
  const char* const text = body.data();
  const size_t size = body.size();
  const size_t last = columns_.size() - 1;
  size_t column = 0;
  size_t cell_start = 0;
  // Eight bytes at a time: a mask of the ',' among them and one of the bytes
  // that need the general path.
  for (size_t offset = 0; offset < size; offset += 8) {
    const size_t left = size - offset;
    const uint64_t word =
        LoadWord(text + offset) & (left >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * left)) - 1);
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
    case TraceRowKind::kWatermark: row.watermark = row.record.timestamp; return ms != nullptr;
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
      if (!ParseInt(text, &v)) return false;
      Store(row.record.values[column.field], v);
      return true;
    }
    case Op::kDouble: {
      engine::Value& value = row.record.values[column.field];
      double v = 0;
      if (!ParseSmallIntegralDouble(text, &v)) {
        return ParseCellInto(text, engine::ValueType::kDouble, value);
      }
      Store(value, v);
      return true;
    }
    case Op::kString:
      return ParseCellInto(text, engine::ValueType::kString, row.record.values[column.field]);
    case Op::kBool:
      return ParseCellInto(text, engine::ValueType::kBool, row.record.values[column.field]);
    case Op::kNull:
    case Op::kList: return false;  // only an empty cell (above) is a null; the general path says so
    case Op::kArrival: {
      int64_t ms = 0;
      if (!ParseInt(text, &ms)) return false;
      row.arrival = engine::Timestamp::Millis(ms);
      return true;
    }
    case Op::kPartition: {
      int64_t n = 0;
      if (!ParseInt(text, &n) || n < 0 || n > std::numeric_limits<int32_t>::max()) return false;
      row.partition = static_cast<int32_t>(n);
      return true;
    }
    case Op::kKind: {
      const std::optional<TraceRowKind> kind = ParseTraceRowKind(text);
      if (kind) row.kind = *kind;
      return kind.has_value();
    }
  }
  return false;
}

}  // namespace tidemark::sim
