#include "sim/trace/internal/json_locate.h"

#include <nlohmann/json.hpp>

namespace tidemark::sim::internal {

namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

class Scanner {
 public:
  Scanner(std::string_view text, std::string_view path, JsonPart part, int occurrence)
      : text_(text), path_(path), part_(part), left_(occurrence) {}

  // Walks the top value; true once the target is found (at found()).
  bool Run() {
    SkipBlank();
    if (Peek() != '{') return false;
    return Object("");
  }
  size_t found() const { return found_; }

 private:
  char Peek() const { return i_ < text_.size() ? text_[i_] : '\0'; }
  void SkipBlank() {
    while (i_ < text_.size() && IsBlank(text_[i_])) ++i_;
  }

  // The string at i_ (a key), decoded; i_ moves past it.
  std::string String() {
    const size_t start = i_++;
    bool escaped = false;
    while (i_ < text_.size() && text_[i_] != '"') {
      if (text_[i_] == '\\') {
        escaped = true;
        ++i_;
      }
      ++i_;
    }
    ++i_;
    const std::string_view raw = text_.substr(start, std::min(i_, text_.size()) - start);
    if (!escaped) return std::string(raw.substr(1, raw.size() >= 2 ? raw.size() - 2 : 0));
    try {
      return nlohmann::json::parse(raw).get<std::string>();
    } catch (const nlohmann::json::exception&) {
      return "";
    }
  }

  // Skips the value at i_, nested ones without recursion.
  void SkipValue() {
    int depth = 0;
    while (i_ < text_.size()) {
      const char c = text_[i_];
      if (c == '"') {
        String();
        if (depth == 0) return;
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') {
        if (depth == 0) return;
        if (--depth == 0) {
          ++i_;
          return;
        }
      }
      if (depth == 0 && (c == ',' || IsBlank(c))) return;
      ++i_;
    }
  }

  // The object at i_ whose keys' paths start with `prefix`. Recursion only
  // follows keys on the way to `path_`, so it is as deep as the path is long.
  bool Object(const std::string& prefix) {
    ++i_;  // '{'
    while (true) {
      SkipBlank();
      if (Peek() != '"') {
        ++i_;  // '}' (or the end)
        return false;
      }
      const size_t key_at = i_;
      const std::string path = prefix.empty() ? String() : prefix + "." + String();
      SkipBlank();
      ++i_;  // ':'
      SkipBlank();
      if (path == path_ && --left_ == 0) {
        found_ = part_ == JsonPart::kKey ? key_at : i_;
        return true;
      }
      if (Peek() == '{' && path_.starts_with(path) && path_.size() > path.size() &&
          path_[path.size()] == '.') {
        if (Object(path)) return true;
      } else {
        SkipValue();
      }
      SkipBlank();
      if (Peek() == ',') ++i_;
      if (i_ >= text_.size()) return false;
    }
  }

  std::string_view text_;
  std::string_view path_;
  JsonPart part_;
  int left_;
  size_t i_ = 0;
  size_t found_ = 0;
};

// Nested keys down to a few levels: enough for a hint, and no recursion as
// deep as a hostile line could nest.
void CollectPaths(const nlohmann::ordered_json& object, const std::string& prefix, int depth,
                  std::vector<std::string>& out) {
  for (const auto& [key, value] : object.items()) {
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    out.push_back(path);
    if (value.is_object() && depth < 8) CollectPaths(value, path, depth + 1, out);
  }
}

}  // namespace

size_t LocateJsonPath(std::string_view text, std::string_view path, JsonPart part, int occurrence) {
  Scanner scanner(text, path, part, occurrence);
  if (occurrence > 0 && scanner.Run()) return scanner.found();
  size_t first = 0;
  while (first < text.size() && IsBlank(text[first])) ++first;
  return first;
}

std::vector<std::string> JsonKeyPaths(std::string_view text) {
  std::vector<std::string> paths;
  // An ordered_json keeps the keys in text order.
  try {
    const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
    if (doc.is_object()) CollectPaths(doc, "", 0, paths);
  } catch (const nlohmann::json::exception&) {
    paths.clear();
  }
  return paths;
}

}  // namespace tidemark::sim::internal
