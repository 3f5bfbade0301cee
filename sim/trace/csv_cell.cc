#include "sim/trace/csv_cell.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <system_error>

#include <fmt/format.h>

#include "engine/core/ascii.h"

namespace tidemark::sim {

namespace {

enum class CellStatus { kOk, kMalformed, kOutOfRange, kNotFinite };

CellStatus ParseInt64(std::string_view text, int64_t* out) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i == text.size()) return CellStatus::kMalformed;
  if (text.size() - i <= 18) {
    return ParseIntCell(text, out) ? CellStatus::kOk : CellStatus::kMalformed;
  }
  // Accumulate the magnitude unsigned so that INT64_MIN, whose magnitude has
  // no positive int64, parses without overflow.
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  uint64_t magnitude = 0;
  bool out_of_range = false;
  for (; i < text.size(); ++i) {
    const unsigned digit = static_cast<unsigned>(static_cast<unsigned char>(text[i])) - '0';
    if (digit > 9) return CellStatus::kMalformed;
    if (magnitude > (limit - digit) / 10) out_of_range = true;
    if (!out_of_range) magnitude = magnitude * 10 + digit;
  }
  if (out_of_range) return CellStatus::kOutOfRange;
  *out = static_cast<int64_t>(negative ? 0 - magnitude : magnitude);
  return CellStatus::kOk;
}

CellStatus ParseFiniteDouble(std::string_view text, double* out) {
  if (SmallIntegralDoubleCell(text, out)) return CellStatus::kOk;
  // from_chars takes no '+'; accept one before a digit or '.' as ints do.
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') {
    text.remove_prefix(1);
  }
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, *out, std::chars_format::general);
  if (ec == std::errc::result_out_of_range && ptr == end) return CellStatus::kOutOfRange;
  if (ec != std::errc() || ptr != end) return CellStatus::kMalformed;
  if (!std::isfinite(*out)) return CellStatus::kNotFinite;
  return CellStatus::kOk;
}

std::string_view TrimSpaces(std::string_view text) {
  while (!text.empty() && engine::IsBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && engine::IsBlank(text.back())) text.remove_suffix(1);
  return text;
}

std::string SyntaxHint(engine::ValueType type) {
  switch (type) {
    case engine::ValueType::kInt:
      return "an int is an optional sign and decimal digits, such as -42; "
             "leave the cell empty for null";
    case engine::ValueType::kDouble:
      return "a double is written like 21.5, -3 or 1e-3; leave the cell empty for null";
    case engine::ValueType::kBool:
      return "a bool is true or false (any case); leave the cell empty for null";
    case engine::ValueType::kList:
      return "a list is written [a, b, c], its items separated by a comma and a space";
    default: return "";
  }
}

void Fail(CellError* error, engine::ValueType type, std::string_view text, CellStatus status) {
  if (error == nullptr) return;
  const std::string_view name = engine::TypeName(type);
  const std::string shown = QuoteForMessage(text);
  switch (status) {
    case CellStatus::kOutOfRange:
      error->message =
          fmt::format("expects {} {}, got {}, which is out of range", Article(type), name, shown);
      error->hint = type == engine::ValueType::kInt
                        ? "ints are 64-bit: -9223372036854775808 to 9223372036854775807"
                        : "doubles are finite, about 2.2e-308 to 1.8e308 in magnitude, or 0";
      return;
    case CellStatus::kNotFinite:
      error->message = fmt::format("expects a finite double, got {}", shown);
      error->hint = "nan and infinity are not accepted; leave the cell empty for null";
      return;
    default: break;
  }
  error->message = fmt::format("expects {} {}, got {}", Article(type), name, shown);
  const std::string_view trimmed = TrimSpaces(text);
  if (trimmed.size() != text.size() && !trimmed.empty() && ParseCell(trimmed, type)) {
    error->hint = "remove the spaces around the value";
  } else {
    error->hint = SyntaxHint(type);
  }
}

}  // namespace

bool ParseCellInto(std::string_view text, engine::ValueType type, engine::Value& out,
                   CellError* error) {
  CellStatus status = CellStatus::kMalformed;
  switch (type) {
    case engine::ValueType::kString:
      // A reused row keeps its string's buffer.
      if (auto* s = std::get_if<std::string>(&out)) {
        s->assign(text);
      } else {
        out.emplace<std::string>(text);
      }
      return true;
    case engine::ValueType::kInt: {
      int64_t v = 0;
      status = ParseInt64(text, &v);
      if (status != CellStatus::kOk) break;
      out = v;
      return true;
    }
    case engine::ValueType::kDouble: {
      double v = 0;
      status = ParseFiniteDouble(text, &v);
      if (status != CellStatus::kOk) break;
      out = v;
      return true;
    }
    case engine::ValueType::kBool:
      if (engine::EqualsIgnoringCase(text, "true") || engine::EqualsIgnoringCase(text, "false")) {
        out = text.size() == 4;
        return true;
      }
      break;
    case engine::ValueType::kNull:
      if (!text.empty()) break;
      out = std::monostate();
      return true;
    case engine::ValueType::kList: {
      // "[a, b, c]", as FormatValue prints a list; "[]" is the empty list.
      if (text.size() < 2 || text.front() != '[' || text.back() != ']') break;
      engine::StringList items;
      std::string_view body = text.substr(1, text.size() - 2);
      while (!body.empty()) {
        const size_t comma = body.find(", ");
        items.emplace_back(body.substr(0, comma));
        body = comma == std::string_view::npos ? std::string_view() : body.substr(comma + 2);
      }
      out = std::move(items);
      return true;
    }
  }
  Fail(error, type, text, status);
  return false;
}

namespace internal {
bool ParseLongIntCell(std::string_view text, int64_t* out) {
  return ParseInt64(text, out) == CellStatus::kOk;
}
}  // namespace internal

std::optional<engine::Value> ParseCell(std::string_view text, engine::ValueType type,
                                       CellError* error) {
  engine::Value value;
  if (!ParseCellInto(text, type, value, error)) return std::nullopt;
  return value;
}

std::string_view Article(engine::ValueType type) {
  return type == engine::ValueType::kInt ? "an" : "a";
}

std::string QuoteForMessage(std::string_view text) {
  constexpr size_t kMaxChars = 40;
  std::string out = "'";
  size_t chars = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte & 0xC0) != 0x80 && ++chars > kMaxChars) {
      out += "...";
      break;
    }
    // Control characters are spelt out so the message stays on one line.
    if (byte == '\n') {
      out += "\\n";
    } else if (byte == '\r') {
      out += "\\r";
    } else if (byte == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += static_cast<char>(byte);
    }
  }
  return out + "'";
}

}  // namespace tidemark::sim
