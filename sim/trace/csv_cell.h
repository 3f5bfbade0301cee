// Typed cells: the text of one trace cell parsed as a schema type.
//
// Parsing is locale-free and exact: the whole text must be one value of the
// type, with nothing around it. The CSV trace reader and the scenario loader's
// inline `events:` rows and expectations share these rules, so a value means
// the same wherever it is written:
//   int     optional sign, decimal digits, 64-bit range ("+7", "-42", "007")
//   double  std::from_chars general format ("21.5", "-3", ".5", "1e-3"), with
//           an optional leading '+'; nan, infinities and values outside the
//           finite double range are rejected, so every stored double is finite
//   bool    "true" or "false" in any case
//   string  the text as it is
// Null is not spelt in a cell: the caller decides what is null (in a CSV trace,
// an empty unquoted cell). ParseCell itself never returns null except for
// ValueType::kNull and empty text.
#ifndef TIDEMARK_SIM_TRACE_CSV_CELL_H_
#define TIDEMARK_SIM_TRACE_CSV_CELL_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/value.h"

namespace tidemark::sim {

// Why a cell did not parse. `message` is phrased to follow the name of the
// column or field, as in "column 'temperature' " + "expects a double, got 'hot'".
struct CellError {
  std::string message;
  std::string hint;
};

// Parses `text` as a value of `type`. On failure returns nullopt and, when
// `error` is not null, says why.
std::optional<engine::Value> ParseCell(std::string_view text, engine::ValueType type,
                                       CellError* error = nullptr);

// ParseCell for hot loops: writes the value into `out` (which keeps its old
// value on failure) and returns whether the text parsed, with no temporary.
bool ParseCellInto(std::string_view text, engine::ValueType type, engine::Value& out,
                   CellError* error = nullptr);

// The two below return bool and write through a pointer rather than return an
// optional: they run for every number of a trace, and an optional returned
// through memory and tested by its flag byte stalls the load on the store.

namespace internal {
// ParseIntCell for more than 18 digits, where the range must be checked.
bool ParseLongIntCell(std::string_view text, int64_t* out);
}  // namespace internal

// The int rule above alone, for columns that hold an int outside any Value.
// Inline: every int cell of a trace goes through it.
inline bool ParseIntCell(std::string_view text, int64_t* out) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i == text.size()) return false;
  // At most 18 digits cannot overflow: no range check (and no division) per digit.
  if (text.size() - i > 18) return internal::ParseLongIntCell(text, out);
  int64_t magnitude = 0;
  for (; i < text.size(); ++i) {
    const unsigned digit = static_cast<unsigned>(static_cast<unsigned char>(text[i])) - '0';
    if (digit > 9) return false;
    magnitude = magnitude * 10 + digit;
  }
  *out = negative ? -magnitude : magnitude;
  return true;
}

// The double rule's shortcut: a double written as an optional '-' and at most
// 15 digits is an integer below 2^53, so converting the integer is exact and
// equals from_chars's correctly rounded result (including -0). Most generated
// values look so. False for any other text (which may still be a double).
inline bool SmallIntegralDoubleCell(std::string_view text, double* out) {
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty() || text.size() > 15) return false;
  int64_t v = 0;
  for (const char c : text) {
    const unsigned digit = static_cast<unsigned>(static_cast<unsigned char>(c)) - '0';
    if (digit > 9) return false;
    v = v * 10 + digit;
  }
  *out = negative ? -static_cast<double>(v) : static_cast<double>(v);
  return true;
}

// `text` single-quoted for an error message, shortened to at most 40
// characters (cut on a UTF-8 boundary, "..." appended) and with control
// characters escaped (\n, \x01), so a runaway cell neither floods the terminal
// nor breaks the one-line error format: 'hot', 'a very long value that goe...'.
std::string QuoteForMessage(std::string_view text);

// The article a message puts before the type's name: "an int", "a double".
std::string_view Article(engine::ValueType type);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_CELL_H_
