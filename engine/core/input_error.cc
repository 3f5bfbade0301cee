#include "engine/core/input_error.h"

#include <algorithm>
#include <cstddef>

#include <fmt/format.h>

#include "engine/core/visible_text.h"

namespace tidemark::engine {

std::string SourceLocation::ToString() const {
  if (line <= 0) return file;
  if (column <= 0) return fmt::format("{}:{}", file, line);
  return fmt::format("{}:{}:{}", file, line, column);
}

namespace {

// Input echoed in a message is quoted ('...'); a quoted run longer than
// kMaxEcho characters is cut there (on a UTF-8 boundary) with "...", so a
// 5 MB type name gives a short error, and the whole text is capped too.
constexpr size_t kMaxEcho = 200;
constexpr size_t kMaxText = 2000;

// The end of the UTF-8 character run of `n` characters from `from`.
size_t AfterChars(const std::string& text, size_t from, size_t n) {
  size_t i = from;
  for (size_t chars = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && chars++ == n) break;
  }
  return i;
}

std::string Bounded(const std::string& raw) {
  // Shown, not obeyed (visible_text.h).
  const std::string text = VisibleText(raw);
  if (text.size() <= kMaxEcho) return text;
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t open = text.find('\'', at);
    if (open == std::string::npos) break;
    const size_t close = text.find('\'', open + 1);
    if (close == std::string::npos) break;
    const size_t cut = AfterChars(text, open + 1, kMaxEcho);
    out.append(text, at, std::min(close, cut) - at);
    if (cut < close) out += "...";
    out += '\'';
    at = close + 1;
  }
  out.append(text, at, std::string::npos);
  if (out.size() > kMaxText) {
    out.resize(AfterChars(out, 0, kMaxText));
    out += "...";
  }
  return out;
}

std::string Render(const SourceLocation& where, const std::string& message,
                   const std::string& hint) {
  std::string out = fmt::format("{}: error: {}", VisiblePlace(where.ToString()), message);
  if (!hint.empty()) out += fmt::format("\n  hint: {}", hint);
  return out;
}
}  // namespace

InputError::InputError(SourceLocation where, std::string message, std::string hint)
    : std::runtime_error(Render(where, Bounded(message), Bounded(hint))),
      where_(std::move(where)),
      message_(Bounded(message)),
      hint_(Bounded(hint)) {}

}  // namespace tidemark::engine
