#include "engine/expressions/internal/expression_parser.h"

#include <fmt/format.h>

#include "engine/expressions/internal/expression_builder.h"
#include "engine/expressions/internal/expression_lexer.h"

namespace tidemark::engine::internal {

namespace {

bool IsComparison(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEqual:
    case TokenKind::kNotEqual:
    case TokenKind::kLess:
    case TokenKind::kLessEqual:
    case TokenKind::kGreater:
    case TokenKind::kGreaterEqual: return true;
    default: return false;
  }
}

class Parser {
 public:
  Parser(std::string_view text, const Schema& schema, const SourceLocation& origin)
      : text_(text), lexer_(text, origin), builder_(schema, origin) {}

  Program Parse() {
    Advance();
    const Operand root = ParseOr();
    if (current_.kind != TokenKind::kEnd) FailTrailing();
    return std::move(builder_).Finish(root);
  }

 private:
  // Counts nesting (parentheses, arguments, prefix operators) so that no input
  // can recurse deeper than kMaxDepth.
  class DepthGuard {
   public:
    explicit DepthGuard(Parser& parser) : parser_(parser) {
      if (++parser_.depth_ > kMaxDepth) {
        parser_.Fail(parser_.current_.offset,
                     fmt::format("expression nests too deeply (more than {} levels)", kMaxDepth),
                     "split it into several steps");
      }
    }
    ~DepthGuard() { --parser_.depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    Parser& parser_;
  };

  void Advance() {
    previous_ = std::move(current_);
    current_ = lexer_.Next();
  }
  std::string_view Spelling(const Token& token) const {
    return text_.substr(token.offset, token.length);
  }
  [[noreturn]] void Fail(size_t offset, std::string message, std::string hint = "") const {
    throw InputError(lexer_.At(offset), std::move(message), std::move(hint));
  }
  [[noreturn]] void FailExpectedExpression() const;
  [[noreturn]] void FailTrailing() const;
  // Consumes the ')' matching the '(' (written `opener`) at `open_offset`.
  void ExpectClose(std::string_view opener, size_t open_offset);

  Operand ParseOr();
  Operand ParseAnd();
  Operand ParseNot();
  Operand ParseComparison();
  Operand ParseIn(Operand needle);
  Operand ParseAdditive();
  Operand ParseMultiplicative();
  Operand ParseUnary();
  Operand ParsePostfix();
  Operand ParsePrimary();
  Operand ParseIdentifier();
  Operand ParseInteger(bool negated, size_t offset);

  std::string_view text_;
  Lexer lexer_;
  Builder builder_;
  Token current_;
  Token previous_;
  int depth_ = 0;
};

void Parser::FailExpectedExpression() const {
  if (previous_.length == 0) Fail(current_.offset, "expected an expression");
  Fail(current_.offset, fmt::format("expected an expression after {}", lexer_.Quote(previous_)));
}

void Parser::FailTrailing() const {
  if (current_.kind == TokenKind::kRightParen) {
    Fail(current_.offset, "unexpected ')' without a matching '('");
  }
  Fail(current_.offset,
       fmt::format("expected an operator or the end of the expression, got {}",
                   lexer_.Quote(current_)),
       "join conditions with 'and' or 'or'");
}

void Parser::ExpectClose(std::string_view opener, size_t open_offset) {
  if (current_.kind != TokenKind::kRightParen) {
    Fail(current_.offset, fmt::format("expected ')' to close '{}' at column {}", opener,
                                      lexer_.At(open_offset).column));
  }
  Advance();
}

Operand Parser::ParseOr() {
  DepthGuard guard(*this);
  Operand lhs = ParseAnd();
  while (current_.kind == TokenKind::kOr) {
    const Token op = current_;
    Advance();
    const Operand rhs = ParseAnd();
    lhs = builder_.Binary(op.kind, Spelling(op), lhs, rhs, op.offset);
  }
  return lhs;
}

Operand Parser::ParseAnd() {
  Operand lhs = ParseNot();
  while (current_.kind == TokenKind::kAnd) {
    const Token op = current_;
    Advance();
    const Operand rhs = ParseNot();
    lhs = builder_.Binary(op.kind, Spelling(op), lhs, rhs, op.offset);
  }
  return lhs;
}

Operand Parser::ParseNot() {
  if (current_.kind != TokenKind::kNot) return ParseComparison();
  DepthGuard guard(*this);
  const Token op = current_;
  Advance();
  const Operand operand = ParseNot();
  return builder_.Not(operand, Spelling(op), op.offset);
}

Operand Parser::ParseComparison() {
  Operand lhs = ParseAdditive();
  if (IsComparison(current_.kind)) {
    const Token op = current_;
    Advance();
    const Operand rhs = ParseAdditive();
    lhs = builder_.Binary(op.kind, Spelling(op), lhs, rhs, op.offset);
  } else if (current_.kind == TokenKind::kIn || current_.kind == TokenKind::kNot) {
    lhs = ParseIn(lhs);
  } else {
    return lhs;
  }
  if (IsComparison(current_.kind) || current_.kind == TokenKind::kIn) {
    Fail(current_.offset,
         fmt::format("comparisons do not chain: {} follows a comparison", lexer_.Quote(current_)),
         "join them with 'and', or add parentheses");
  }
  return lhs;
}

Operand Parser::ParseIn(Operand needle) {
  const size_t op_offset = current_.offset;
  const bool negated = current_.kind == TokenKind::kNot;
  if (negated) {
    Advance();
    if (current_.kind != TokenKind::kIn) {
      Fail(current_.offset, fmt::format("expected 'in' after {}", lexer_.Quote(previous_)));
    }
  }
  Advance();  // 'in'
  if (current_.kind != TokenKind::kLeftParen) {
    Fail(current_.offset, "expected '(' after 'in'", "write a list like x in (1, 2, 3)");
  }
  const size_t open_offset = current_.offset;
  Advance();
  std::vector<Operand> items;
  while (true) {
    items.push_back(ParseOr());
    if (current_.kind != TokenKind::kComma) break;
    Advance();
  }
  ExpectClose("(", open_offset);
  return builder_.In(needle, items, negated, op_offset);
}

Operand Parser::ParseAdditive() {
  Operand lhs = ParseMultiplicative();
  while (current_.kind == TokenKind::kPlus || current_.kind == TokenKind::kMinus) {
    const Token op = current_;
    Advance();
    const Operand rhs = ParseMultiplicative();
    lhs = builder_.Binary(op.kind, Spelling(op), lhs, rhs, op.offset);
  }
  return lhs;
}

Operand Parser::ParseMultiplicative() {
  Operand lhs = ParseUnary();
  while (current_.kind == TokenKind::kStar || current_.kind == TokenKind::kSlash ||
         current_.kind == TokenKind::kPercent) {
    const Token op = current_;
    Advance();
    const Operand rhs = ParseUnary();
    lhs = builder_.Binary(op.kind, Spelling(op), lhs, rhs, op.offset);
  }
  return lhs;
}

Operand Parser::ParseUnary() {
  if (current_.kind != TokenKind::kMinus) return ParsePostfix();
  DepthGuard guard(*this);
  const size_t op_offset = current_.offset;
  Advance();
  // A minus sign on an integer literal is part of it, so that the smallest
  // int64, -9223372036854775808, can be written.
  if (current_.kind == TokenKind::kInt) return ParseInteger(/*negated=*/true, op_offset);
  return builder_.Negate(ParseUnary(), op_offset);
}

// primary ('[' expression ']')*: items of a list.
Operand Parser::ParsePostfix() {
  Operand operand = ParsePrimary();
  while (current_.kind == TokenKind::kLeftBracket) {
    DepthGuard guard(*this);
    const size_t open = current_.offset;
    Advance();
    const Operand index = ParseOr();
    if (current_.kind != TokenKind::kRightBracket) {
      Fail(current_.offset, "expected ']' to close the index", "write e.g. fields[3]");
    }
    Advance();
    operand = builder_.Index(operand, index, open);
  }
  return operand;
}

Operand Parser::ParseInteger(bool negated, size_t offset) {
  constexpr uint64_t kMaxPositive = uint64_t{1} << 63;
  const uint64_t magnitude = current_.magnitude;
  if (!negated && magnitude >= kMaxPositive) {
    Fail(current_.offset, fmt::format("integer {} is out of range", lexer_.Quote(current_)),
         "integers are 64-bit, from -9223372036854775808 to 9223372036854775807; write 1e20 "
         "for a double");
  }
  const auto value = static_cast<int64_t>(negated ? 0 - magnitude : magnitude);
  Advance();
  return builder_.Constant(value, offset);
}

Operand Parser::ParsePrimary() {
  const size_t offset = current_.offset;
  switch (current_.kind) {
    case TokenKind::kInt: return ParseInteger(/*negated=*/false, offset);
    case TokenKind::kDouble: {
      const double value = current_.number;
      Advance();
      return builder_.Constant(value, offset);
    }
    case TokenKind::kString: {
      std::string value = std::move(current_.text);
      Advance();
      return builder_.Constant(std::move(value), offset);
    }
    case TokenKind::kTrue:
    case TokenKind::kFalse: {
      const bool value = current_.kind == TokenKind::kTrue;
      Advance();
      return builder_.Constant(value, offset);
    }
    case TokenKind::kNull: Advance(); return builder_.Constant(std::monostate{}, offset);
    case TokenKind::kIdentifier: return ParseIdentifier();
    case TokenKind::kLeftParen: {
      Advance();
      Operand inner = ParseOr();
      ExpectClose("(", offset);
      return inner;
    }
    default: FailExpectedExpression();
  }
}

Operand Parser::ParseIdentifier() {
  const Token name = std::move(current_);
  Advance();
  if (name.quoted || current_.kind != TokenKind::kLeftParen) {
    return builder_.Field(name.text, name.offset);
  }
  builder_.CheckFunction(name.text, name.offset);
  Advance();
  std::vector<Operand> args;
  if (current_.kind != TokenKind::kRightParen) {
    while (true) {
      args.push_back(ParseOr());
      if (current_.kind != TokenKind::kComma) break;
      Advance();
    }
  }
  ExpectClose(fmt::format("{}(", name.text), name.offset);
  return builder_.Call(name.text, args, name.offset);
}

}  // namespace

Program ParseExpression(std::string_view text, const Schema& schema, const SourceLocation& origin) {
  return Parser(text, schema, origin).Parse();
}

}  // namespace tidemark::engine::internal
