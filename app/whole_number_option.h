// Whole-number flags, read strictly: decimal digits only, within a range.
//
// CLI11 reads an unsigned flag with strtoull, which takes "-5" as 2^64 - 5,
// and saturates "1e23" to 2^64 - 1, so `gen --rows -5` once asked for about
// 1.8e19 rows. Every integer flag of the command line goes through this check
// before CLI11 converts it: a sign, an exponent, a fraction, spaces or a value
// outside [min, max] is a usage error (exit 2) that names the flag:
//
//   --rows: expects a whole number from 0 to 18446744073709551615, got '-5'
#ifndef TIDEMARK_APP_WHOLE_NUMBER_OPTION_H_
#define TIDEMARK_APP_WHOLE_NUMBER_OPTION_H_

#include <cstdint>
#include <limits>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "sim/trace/csv_cell.h"

namespace tidemark::app {

// The empty string when `text` is a whole number in [min, max], else why not
// (CLI11 puts the flag's name before it).
inline std::string CheckWholeNumber(const std::string& text, uint64_t min, uint64_t max) {
  const std::string expected = fmt::format("expects a whole number from {} to {}", min, max);
  if (text.empty() || text.size() > 20) {
    return fmt::format("{}, got {}", expected, sim::QuoteForMessage(text));
  }
  uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') {
      const bool negative = text[0] == '-';
      return fmt::format("{}, got {}{}", expected, sim::QuoteForMessage(text),
                         negative ? " (it cannot be negative)" : "");
    }
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (std::numeric_limits<uint64_t>::max() - digit) / 10) {
      return fmt::format("{}, got {}, which is out of range", expected, sim::QuoteForMessage(text));
    }
    value = value * 10 + digit;
  }
  if (value < min || value > max) {
    return fmt::format("{}, got {}, which is out of range", expected, sim::QuoteForMessage(text));
  }
  return "";
}

// A validator for CLI::Option::check. `max` defaults to the largest value of
// the flag's type; pass it explicitly.
inline CLI::Validator WholeNumber(uint64_t min, uint64_t max) {
  return CLI::Validator([min, max](std::string& text) { return CheckWholeNumber(text, min, max); },
                        // No description: the help text stays as it was.
                        "", "WholeNumber");
}

// The range of an integer type, cut to the non-negative part.
template <typename T>
constexpr uint64_t MaxOf() {
  return static_cast<uint64_t>(std::numeric_limits<T>::max());
}

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_WHOLE_NUMBER_OPTION_H_
