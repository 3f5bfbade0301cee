#include "engine/input_error.h"

#include <fmt/format.h>

namespace tidemark::engine {

std::string SourceLocation::ToString() const {
  if (line <= 0) return file;
  if (column <= 0) return fmt::format("{}:{}", file, line);
  return fmt::format("{}:{}:{}", file, line, column);
}

namespace {
std::string Render(const SourceLocation& where, const std::string& message,
                   const std::string& hint) {
  std::string out = fmt::format("{}: error: {}", where.ToString(), message);
  if (!hint.empty()) out += fmt::format("\n  hint: {}", hint);
  return out;
}
}  // namespace

InputError::InputError(SourceLocation where, std::string message, std::string hint)
    : std::runtime_error(Render(where, message, hint)),
      where_(std::move(where)),
      message_(std::move(message)),
      hint_(std::move(hint)) {}

}  // namespace tidemark::engine
