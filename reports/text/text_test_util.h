// Test support: whether, and how often, a piece of text occurs in what a
// report wrote. Used by the reports unit tests; not part of the library.
#ifndef TIDEMARK_REPORTS_TEXT_TEST_UTIL_H_
#define TIDEMARK_REPORTS_TEXT_TEST_UTIL_H_

#include <cstddef>
#include <string>

namespace tidemark::reports {

inline bool Contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

// Occurrences of `piece`, overlapping ones included.
inline size_t Count(const std::string& text, const std::string& piece) {
  size_t n = 0;
  for (size_t at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++n;
  return n;
}

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TEXT_TEST_UTIL_H_
