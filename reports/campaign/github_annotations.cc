#include "reports/campaign/github_annotations.h"

#include <fmt/format.h>

namespace tidemark::reports {

namespace {

std::string Escape(std::string_view text, bool property) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string EscapeGithubMessage(std::string_view text) { return Escape(text, false); }
std::string EscapeGithubProperty(std::string_view text) { return Escape(text, true); }

std::string GithubAnnotation(AnnotationLevel level, const engine::SourceLocation& where,
                             std::string_view message) {
  std::string properties;
  auto add = [&](std::string_view name, const std::string& value) {
    properties += properties.empty() ? " " : ",";
    properties += fmt::format("{}={}", name, value);
  };
  if (!where.file.empty()) add("file", EscapeGithubProperty(where.file));
  if (!where.file.empty() && where.line > 0) add("line", std::to_string(where.line));
  if (!where.file.empty() && where.line > 0 && where.column > 0) {
    add("col", std::to_string(where.column));
  }
  return fmt::format("::{}{}::{}\n", level == AnnotationLevel::kError ? "error" : "warning",
                     properties, EscapeGithubMessage(message));
}

}  // namespace tidemark::reports
