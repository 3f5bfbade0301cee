#include "sim/scenario/yaml_text.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace tidemark::sim {

namespace {

// Whether `s` reads back as the same string when written plain. As a mapping
// key, YAML 1.1's booleans ("yes", "n", "off") still read back as the string
// the key names; as a value they would become a boolean.
bool IsPlainYamlString(const std::string& s, bool as_key) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || c == '_' || c == '-' || c == '.' || c == '@' || c == '/'))
      return false;
  }
  std::string lower = s;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "null") return false;
  if (as_key) return true;
  for (const char* reserved : {"true", "false", "yes", "no", "on", "off", "y", "n"}) {
    if (lower == reserved) return false;
  }
  return true;
}

// `s` double-quoted, every character YAML's double-quoted style cannot hold
// literally escaped.
std::string DoubleQuoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out + "\"";
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
      return IsPlainYamlString(s, false) ? s : DoubleQuoted(s);
    }
    default: return engine::FormatValue(value);
  }
}

std::string YamlKey(std::string_view key) {
  std::string s(key);
  return IsPlainYamlString(s, true) ? s : DoubleQuoted(s);
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
