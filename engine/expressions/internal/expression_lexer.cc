#include "engine/expressions/internal/expression_lexer.h"

#include <charconv>
#include <limits>

#include <fmt/format.h>

#include "engine/core/ascii.h"

namespace tidemark::engine::internal {

namespace {
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsWordChar(char c) { return IsWordStart(c) || IsDigit(c); }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

constexpr uint64_t kMaxMagnitude = uint64_t{1} << 63;  // |INT64_MIN|
}  // namespace

std::string QuoteForMessage(std::string_view bytes) {
  constexpr size_t kMaxShown = 24;
  std::string out = "'";
  for (size_t i = 0; i < bytes.size() && i < kMaxShown; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c < 0x20 || c >= 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  if (bytes.size() > kMaxShown) out += "...";
  return out + "'";
}

SourceLocation Lexer::At(size_t offset) const { return origin_.Advanced(static_cast<int>(offset)); }

std::string Lexer::Quote(const Token& token) const {
  return QuoteForMessage(source_.substr(token.offset, token.length));
}

Token Lexer::Next() {
  while (pos_ < source_.size() && IsSpace(source_[pos_])) ++pos_;
  const size_t start = pos_;
  if (start == source_.size()) return Token{.kind = TokenKind::kEnd, .offset = start};
  const char c = source_[start];
  if (IsDigit(c)) return LexNumber(start);
  if (IsWordStart(c)) return LexWord(start);
  if (c == '\'' || c == '"') return LexQuoted(start, c, TokenKind::kString);
  if (c == '`') return LexQuoted(start, c, TokenKind::kIdentifier);
  return LexOperator(start);
}

Token Lexer::LexNumber(size_t start) {
  size_t end = start;
  while (end < source_.size() && IsDigit(source_[end])) ++end;
  bool is_double = false;
  if (end + 1 < source_.size() && source_[end] == '.' && IsDigit(source_[end + 1])) {
    is_double = true;
    end += 1;
    while (end < source_.size() && IsDigit(source_[end])) ++end;
  }
  if (end < source_.size() && (source_[end] == 'e' || source_[end] == 'E')) {
    size_t digits = end + 1;
    if (digits < source_.size() && (source_[digits] == '+' || source_[digits] == '-')) ++digits;
    if (digits < source_.size() && IsDigit(source_[digits])) {
      is_double = true;
      end = digits;
      while (end < source_.size() && IsDigit(source_[end])) ++end;
    }
  }
  if (end < source_.size() && (IsWordChar(source_[end]) || source_[end] == '.')) {
    while (end < source_.size() && (IsWordChar(source_[end]) || source_[end] == '.')) ++end;
    throw InputError(
        At(start),
        fmt::format("invalid number {}", QuoteForMessage(source_.substr(start, end - start))),
        "numbers look like 42, 1.5 or 2e3");
  }
  pos_ = end;
  const std::string_view spelling = source_.substr(start, end - start);
  Token token{.kind = is_double ? TokenKind::kDouble : TokenKind::kInt,
              .offset = start,
              .length = end - start};
  if (is_double) {
    const auto [ptr, ec] =
        std::from_chars(spelling.data(), spelling.data() + spelling.size(), token.number);
    if (ec != std::errc() || ptr != spelling.data() + spelling.size()) {
      throw InputError(At(start), fmt::format("number {} is out of range for a double",
                                              QuoteForMessage(spelling)));
    }
    return token;
  }
  for (const char digit : spelling) {
    const auto d = static_cast<uint64_t>(digit - '0');
    if (token.magnitude > (kMaxMagnitude - d) / 10) {
      throw InputError(At(start),
                       fmt::format("integer {} is out of range", QuoteForMessage(spelling)),
                       "integers are 64-bit, from -9223372036854775808 to "
                       "9223372036854775807; write 1e20 for a double");
    }
    token.magnitude = token.magnitude * 10 + d;
  }
  return token;
}

Token Lexer::LexQuoted(size_t start, char quote, TokenKind kind) {
  const bool is_field = kind == TokenKind::kIdentifier;
  Token token{.kind = kind, .offset = start, .quoted = is_field};
  size_t i = start + 1;
  while (true) {
    if (i >= source_.size()) {
      throw InputError(At(start),
                       is_field ? "unterminated quoted field name" : "unterminated string",
                       fmt::format("close it with {}", quote));
    }
    const char c = source_[i];
    if (c == quote) break;
    if (c != '\\') {
      token.text += c;
      ++i;
      continue;
    }
    if (i + 1 >= source_.size()) {  // A trailing backslash: reported as unterminated.
      ++i;
      continue;
    }
    const char escaped = source_[i + 1];
    switch (escaped) {
      case '\\':
      case '\'':
      case '"':
      case '`': token.text += escaped; break;
      case 'n': token.text += '\n'; break;
      case 't': token.text += '\t'; break;
      default:
        throw InputError(At(i),
                         fmt::format("unknown escape {}", QuoteForMessage(source_.substr(i, 2))),
                         "the escapes are \\\\, \\', \\\", \\`, \\n and \\t");
    }
    i += 2;
  }
  token.length = i + 1 - start;
  pos_ = i + 1;
  if (is_field && token.text.empty()) throw InputError(At(start), "empty quoted field name");
  return token;
}

Token Lexer::LexWord(size_t start) {
  size_t end = start;
  while (end < source_.size() && IsWordChar(source_[end])) ++end;
  // A dotted name (`acc.total`, the fields of a reduce's two records) is one
  // field name; keywords and functions never contain a dot.
  while (end + 1 < source_.size() && source_[end] == '.' && IsWordStart(source_[end + 1])) {
    ++end;
    while (end < source_.size() && IsWordChar(source_[end])) ++end;
  }
  pos_ = end;
  const std::string_view word = source_.substr(start, end - start);
  Token token{.kind = TokenKind::kIdentifier, .offset = start, .length = end - start};
  static constexpr std::pair<std::string_view, TokenKind> kKeywords[] = {
      {"and", TokenKind::kAnd},  {"or", TokenKind::kOr},     {"not", TokenKind::kNot},
      {"in", TokenKind::kIn},    {"true", TokenKind::kTrue}, {"false", TokenKind::kFalse},
      {"null", TokenKind::kNull}};
  for (const auto& [keyword, kind] : kKeywords) {
    if (EqualsIgnoringCase(word, keyword)) {
      token.kind = kind;
      return token;
    }
  }
  token.text = std::string(word);
  return token;
}

Token Lexer::LexOperator(size_t start) {
  const char c = source_[start];
  const char next = start + 1 < source_.size() ? source_[start + 1] : '\0';
  Token token{.kind = TokenKind::kEnd, .offset = start, .length = 1};
  auto two = [&](TokenKind kind) {
    token.kind = kind;
    token.length = 2;
  };
  switch (c) {
    case '(': token.kind = TokenKind::kLeftParen; break;
    case '[': token.kind = TokenKind::kLeftBracket; break;
    case ']': token.kind = TokenKind::kRightBracket; break;
    case ')': token.kind = TokenKind::kRightParen; break;
    case ',': token.kind = TokenKind::kComma; break;
    case '+': token.kind = TokenKind::kPlus; break;
    case '-': token.kind = TokenKind::kMinus; break;
    case '*': token.kind = TokenKind::kStar; break;
    case '/': token.kind = TokenKind::kSlash; break;
    case '%': token.kind = TokenKind::kPercent; break;
    case '=':
      token.kind = TokenKind::kEqual;
      if (next == '=') two(TokenKind::kEqual);
      break;
    case '!':
      token.kind = TokenKind::kNot;
      if (next == '=') two(TokenKind::kNotEqual);
      break;
    case '<':
      token.kind = TokenKind::kLess;
      if (next == '=') two(TokenKind::kLessEqual);
      if (next == '>') two(TokenKind::kNotEqual);
      break;
    case '>':
      token.kind = TokenKind::kGreater;
      if (next == '=') two(TokenKind::kGreaterEqual);
      break;
    case '&':
      if (next == '&') two(TokenKind::kAnd);
      break;
    case '|':
      if (next == '|') two(TokenKind::kOr);
      break;
    default: break;
  }
  if (token.kind == TokenKind::kEnd) {
    std::string hint;
    if (c == '&') hint = "write 'and' or '&&'";
    if (c == '|') hint = "write 'or' or '||'";
    throw InputError(
        At(start),
        fmt::format("unexpected character {}", QuoteForMessage(source_.substr(start, 1))), hint);
  }
  pos_ = start + token.length;
  return token;
}

}  // namespace tidemark::engine::internal
