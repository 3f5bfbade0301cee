// ASCII character classes, without the locale: a keyword, a literal or a
// trace cell reads the same on every machine.
#ifndef TIDEMARK_ENGINE_ASCII_H_
#define TIDEMARK_ENGINE_ASCII_H_

#include <cstddef>
#include <string_view>

namespace tidemark::engine {

// A space or a tab, as isblank in the "C" locale: what may surround a cell's text.
constexpr bool IsBlank(char c) { return c == ' ' || c == '\t'; }

constexpr char AsciiLower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether `a` and `b` are equal once their ASCII letters are lower-cased
// ("TRUE" and "true", "And" and "and").
constexpr bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_ASCII_H_
