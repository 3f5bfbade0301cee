#include "sim/scenario/duration_text.h"

#include <charconv>
#include <cstdint>
#include <limits>

#include <fmt/format.h>

namespace tidemark::sim {

namespace {
struct Unit {
  std::string_view suffix;
  int64_t millis;
};
// Longest suffixes first so "ms" is not read as "m" followed by garbage.
constexpr Unit kUnits[] = {{"min", 60'000}, {"ms", 1},        {"s", 1'000},
                           {"m", 60'000},   {"h", 3'600'000}, {"d", 86'400'000}};
}  // namespace

std::optional<engine::Duration> ParseDuration(std::string_view text) {
  int64_t multiplier = 1;
  std::string_view number = text;
  for (const Unit& unit : kUnits) {
    if (text.size() > unit.suffix.size() && text.ends_with(unit.suffix)) {
      multiplier = unit.millis;
      number = text.substr(0, text.size() - unit.suffix.size());
      break;
    }
  }
  if (number.empty()) return std::nullopt;
  int64_t value = 0;
  const char* begin = number.data();
  const char* end = number.data() + number.size();
  if (*begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  if (value > std::numeric_limits<int64_t>::max() / multiplier ||
      value < std::numeric_limits<int64_t>::min() / multiplier) {
    return std::nullopt;
  }
  return engine::Duration::Millis(value * multiplier);
}

std::string FormatDuration(engine::Duration d) {
  const int64_t ms = d.millis();
  if (ms != 0) {
    for (auto unit :
         {Unit{"d", 86'400'000}, Unit{"h", 3'600'000}, Unit{"m", 60'000}, Unit{"s", 1'000}}) {
      if (ms % unit.millis == 0) return fmt::format("{}{}", ms / unit.millis, unit.suffix);
    }
  }
  return fmt::format("{}ms", ms);
}

}  // namespace tidemark::sim
