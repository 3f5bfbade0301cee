#include "sim/scenario/setting_values.h"

#include <exception>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/scenario/duration_text.h"

namespace tidemark::sim {

engine::Duration SettingDuration(const std::string& key, const std::string& value, bool positive) {
  const auto d = ParseDuration(value);
  if (!d || d->millis() < 0 || (positive && d->millis() == 0)) {
    throw engine::InputError({"--set", 0, 0},
                             fmt::format("'{}' is no valid duration for '{}'", value, key),
                             std::string(kDurationHint));
  }
  return *d;
}

int64_t SettingInt(const std::string& key, const std::string& value, int64_t low, int64_t high) {
  size_t used = 0;
  int64_t v = 0;
  try {
    v = std::stoll(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size() || v < low || v > high) {
    throw engine::InputError({"--set", 0, 0},
                             fmt::format("'{}' is no valid value for '{}'", value, key),
                             fmt::format("write a whole number from {} to {}", low, high));
  }
  return v;
}

std::vector<std::string> SplitAt(const std::string& text, char at) {
  std::vector<std::string> parts;
  size_t begin = 0;
  for (size_t end = text.find(at); end != std::string::npos; end = text.find(at, begin)) {
    parts.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  parts.push_back(text.substr(begin));
  return parts;
}

}  // namespace tidemark::sim
