#include "engine/core/visible_text.h"

#include <algorithm>

#include <fmt/format.h>

namespace tidemark::engine {

namespace {

bool IsControl(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u < 0x20 && c != '\t') || u == 0x7F;
}

}  // namespace

std::string VisibleText(std::string_view text) {
  if (std::none_of(text.begin(), text.end(), IsControl)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 8);
  for (const char c : text) {
    if (!IsControl(c)) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    }
  }
  return out;
}

std::string VisiblePlace(std::string_view place) {
  std::string out = VisibleText(place);
  if (out.starts_with("::")) out.insert(0, "./");
  return out;
}

}  // namespace tidemark::engine
