// The tokenizer of the expression language (see engine/expressions/expression.h).
//
// The lexer is lazy: the parser pulls one token at a time, so errors are
// reported left to right. Offsets are byte offsets into the text; every error
// it throws is an InputError at origin.Advanced(offset of the bad byte).
#ifndef TIDEMARK_ENGINE_INTERNAL_EXPRESSION_LEXER_H_
#define TIDEMARK_ENGINE_INTERNAL_EXPRESSION_LEXER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/input_error.h"

namespace tidemark::engine::internal {

enum class TokenKind {
  kEnd,
  kInt,         // magnitude in `magnitude`; at most 2^63 (the parser range-checks)
  kDouble,      // value in `number`
  kString,      // decoded contents in `text`
  kIdentifier,  // name in `text`; `quoted` when written `like this`
  kLeftParen,
  kRightParen,
  kComma,
  kLeftBracket,   // [
  kRightBracket,  // ]
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kEqual,         // = ==
  kNotEqual,      // != <>
  kLess,          // <
  kLessEqual,     // <=
  kGreater,       // >
  kGreaterEqual,  // >=
  kAnd,           // and &&
  kOr,            // or ||
  kNot,           // not !
  kIn,
  kTrue,
  kFalse,
  kNull,
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  size_t offset = 0;   // of the first byte
  size_t length = 0;   // in bytes of the source
  std::string text{};  // decoded string or identifier
  bool quoted = false;
  uint64_t magnitude = 0;
  double number = 0;
};

class Lexer {
 public:
  Lexer(std::string_view source, const SourceLocation& origin) : source_(source), origin_(origin) {}

  // The next token; kEnd (repeatedly) at the end of the text.
  // Throws InputError on a malformed token.
  Token Next();

  // The location of byte `offset` of the source.
  SourceLocation At(size_t offset) const;
  // A token as written, quoted for a message and shortened if long: "'and'".
  std::string Quote(const Token& token) const;

 private:
  Token LexNumber(size_t start);
  Token LexQuoted(size_t start, char quote, TokenKind kind);
  Token LexWord(size_t start);
  Token LexOperator(size_t start);

  std::string_view source_;
  SourceLocation origin_;
  size_t pos_ = 0;
};

// `bytes` for an error message: quoted, non-printable bytes as \xNN, at most
// about 24 bytes with "..." after.
std::string QuoteForMessage(std::string_view bytes);

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_EXPRESSION_LEXER_H_
