#include "sim/scenario/yaml_text.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace tidemark::sim {

namespace {

bool IsPlainYamlString(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || c == '_' || c == '-' || c == '.' || c == '@' || c == '/'))
      return false;
  }
  std::string lower = s;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* reserved : {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}) {
    if (lower == reserved) return false;
  }
  return true;
}

}  // namespace

std::string YamlScalar(const engine::Value& value) {
  switch (engine::TypeOf(value)) {
    case engine::ValueType::kNull: return "null";
    case engine::ValueType::kList:  // "[a, b]" would read as a YAML sequence: quote it
    case engine::ValueType::kString: {
      const std::string s = engine::TypeOf(value) == engine::ValueType::kList
                                ? engine::FormatValue(value)
                                : std::get<std::string>(value);
      if (IsPlainYamlString(s)) return s;
      std::string out = "\"";
      for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
          out += "\\n";
          continue;
        }
        out += c;
      }
      return out + "\"";
    }
    default: return engine::FormatValue(value);
  }
}

std::string ReplaceTopLevelBlock(const std::string& text, std::string_view key,
                                 const std::string& block) {
  const std::string line_start = fmt::format("{}:", key);
  size_t begin = std::string::npos;
  for (size_t at = 0; at < text.size(); at = text.find('\n', at) + 1) {
    if (text.compare(at, line_start.size(), line_start) == 0) begin = at;
    if (text.find('\n', at) == std::string::npos) break;
  }
  if (begin == std::string::npos) return text + (text.ends_with("\n") ? "" : "\n") + block;
  size_t stop = text.size();
  for (size_t at = text.find('\n', begin); at != std::string::npos && at + 1 < text.size();
       at = text.find('\n', at + 1)) {
    const char first = text[at + 1];
    if (first != ' ' && first != '\t' && first != '\n') {
      stop = at + 1;
      break;
    }
  }
  return text.substr(0, begin) + block + text.substr(stop);
}

}  // namespace tidemark::sim
