#include "engine/expressions/internal/json_path.h"

#include <cstdint>
#include <vector>

namespace tidemark::engine::internal {

namespace {

constexpr int kMaxNesting = 200;

struct Step {
  bool is_index = false;
  std::string key;
  size_t index = 0;
};

std::optional<std::vector<Step>> ParsePath(std::string_view path) {
  if (path.starts_with("$.")) {
    path.remove_prefix(2);
  } else if (path.starts_with("$")) {
    path.remove_prefix(1);
  }
  std::vector<Step> steps;
  size_t i = 0;
  bool expect_key = !path.empty() && path[0] != '[';
  while (i < path.size()) {
    if (path[i] == '[') {
      const size_t close = path.find(']', i);
      if (close == std::string_view::npos || close == i + 1) return std::nullopt;
      size_t n = 0;
      for (size_t j = i + 1; j < close; ++j) {
        if (path[j] < '0' || path[j] > '9' || n > 100'000'000) return std::nullopt;
        n = n * 10 + static_cast<size_t>(path[j] - '0');
      }
      steps.push_back({.is_index = true, .key = {}, .index = n});
      i = close + 1;
      if (i < path.size()) {
        if (path[i] == '.') {
          ++i;
          expect_key = true;
          if (i == path.size()) return std::nullopt;
        } else if (path[i] != '[') {
          return std::nullopt;
        }
      }
      continue;
    }
    if (!expect_key) return std::nullopt;
    size_t end = i;
    while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
    if (end == i) return std::nullopt;
    steps.push_back({.is_index = false, .key = std::string(path.substr(i, end - i)), .index = 0});
    i = end;
    expect_key = false;
    if (i < path.size() && path[i] == '.') {
      ++i;
      expect_key = true;
      if (i == path.size()) return std::nullopt;
    }
  }
  return steps;
}

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool At(char c) {
    SkipSpace();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool Eat(char c) {
    if (!At(c)) return false;
    ++pos_;
    return true;
  }
  size_t pos() const { return pos_; }
  std::string_view Slice(size_t from) const { return text_.substr(from, pos_ - from); }

  // A string at the cursor, decoded into `out`.
  bool String(std::string& out) {
    if (!Eat('"')) return false;
    out.clear();
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) return false;
      const char e = text_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp = 0;
          if (!Hex4(cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {  // a surrogate pair
            uint32_t low = 0;
            if (pos_ + 1 >= text_.size() || text_[pos_] != '\\' || text_[pos_ + 1] != 'u') {
              return false;
            }
            pos_ += 2;
            if (!Hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return false;
          }
          AppendUtf8(cp, out);
          break;
        }
        default: return false;
      }
    }
    return false;
  }

  // Skips one value of any kind; false on malformed input or deep nesting.
  bool SkipValue(int depth) {
    if (depth > kMaxNesting) return false;
    SkipSpace();
    if (pos_ >= text_.size()) return false;
    const char c = text_[pos_];
    if (c == '"') {
      std::string ignored;
      return String(ignored);
    }
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++pos_;
      if (Eat(close)) return true;
      while (true) {
        if (c == '{') {
          std::string key;
          if (!String(key) || !Eat(':')) return false;
        }
        if (!SkipValue(depth + 1)) return false;
        if (Eat(close)) return true;
        if (!Eat(',')) return false;
      }
    }
    // A number or a literal: the run of characters up to a delimiter.
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' && text_[pos_] != ']' &&
           text_[pos_] != ' ' && text_[pos_] != '\n' && text_[pos_] != '\t' &&
           text_[pos_] != '\r') {
      ++pos_;
    }
    return IsScalarLiteral(text_.substr(start, pos_ - start));
  }

 private:
  bool Hex4(uint32_t& out) {
    if (pos_ + 4 > text_.size()) return false;
    out = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      out <<= 4;
      if (h >= '0' && h <= '9') {
        out |= static_cast<uint32_t>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        out |= static_cast<uint32_t>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        out |= static_cast<uint32_t>(h - 'A' + 10);
      } else {
        return false;
      }
    }
    return true;
  }
  static void AppendUtf8(uint32_t cp, std::string& out) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  static bool IsScalarLiteral(std::string_view s) {
    if (s == "true" || s == "false" || s == "null") return true;
    if (s.empty()) return false;
    for (char c : s) {
      if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E')) {
        return false;
      }
    }
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// Moves the reader onto the member `key` of the object at the cursor.
bool FindKey(Reader& r, const std::string& key) {
  if (!r.Eat('{')) return false;
  if (r.Eat('}')) return false;
  std::string name;
  while (true) {
    if (!r.String(name) || !r.Eat(':')) return false;
    if (name == key) return true;
    if (!r.SkipValue(1)) return false;
    if (!r.Eat(',')) return false;
  }
}

bool FindIndex(Reader& r, size_t index) {
  if (!r.Eat('[')) return false;
  if (r.Eat(']')) return false;
  for (size_t i = 0; i < index; ++i) {
    if (!r.SkipValue(1) || !r.Eat(',')) return false;
  }
  return true;
}

}  // namespace

bool IsValidJsonPath(std::string_view path) { return ParsePath(path).has_value(); }

std::optional<std::string> JsonGet(std::string_view json, std::string_view path) {
  const auto steps = ParsePath(path);
  if (!steps) return std::nullopt;
  Reader r(json);
  for (const Step& step : *steps) {
    if (!(step.is_index ? FindIndex(r, step.index) : FindKey(r, step.key))) return std::nullopt;
  }
  if (r.At('"')) {
    std::string out;
    if (!r.String(out)) return std::nullopt;
    return out;
  }
  r.SkipSpace();
  const size_t start = r.pos();
  if (!r.SkipValue(0)) return std::nullopt;
  const std::string_view raw = r.Slice(start);
  if (raw == "null") return std::nullopt;
  return std::string(raw);
}

}  // namespace tidemark::engine::internal
