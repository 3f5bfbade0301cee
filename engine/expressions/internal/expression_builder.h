// The semantic half of compiling an expression: the parser calls a Builder for
// each construct it recognises, and the Builder type-checks it and emits typed
// nodes into a Program (see expression_program.h).
//
// Every check throws InputError at the location the parser passes in (the
// operator's, function name's or field's byte offset), so type errors point at
// the construct that is wrong. Operands of type null (the literal `null`, or
// something built from it) are accepted wherever a value is, and fold to a
// null constant of the result type.
#ifndef TIDEMARK_ENGINE_INTERNAL_EXPRESSION_BUILDER_H_
#define TIDEMARK_ENGINE_INTERNAL_EXPRESSION_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/schema.h"
#include "engine/expressions/internal/expression_lexer.h"
#include "engine/expressions/internal/expression_program.h"

namespace tidemark::engine::internal {

// A node of the program being built, and the byte offset where its text starts.
struct Operand {
  uint32_t node = 0;
  size_t offset = 0;
};

class Builder {
 public:
  Builder(const Schema& schema, const SourceLocation& origin) : schema_(schema), origin_(origin) {}

  ValueType TypeOf(const Operand& operand) const { return program_.nodes[operand.node].type; }

  Operand Constant(Value value, size_t offset);
  // A field by name; throws "unknown field" with a nearest-name hint.
  Operand Field(const std::string& name, size_t offset);
  // Unary minus and not.
  Operand Negate(Operand operand, size_t op_offset);
  Operand Not(Operand operand, std::string_view spelling, size_t op_offset);
  // + - * / % = != < <= > >= and or, by token kind; `spelling` as written.
  Operand Binary(TokenKind op, std::string_view spelling, Operand lhs, Operand rhs,
                 size_t op_offset);
  Operand In(Operand needle, const std::vector<Operand>& items, bool negated, size_t op_offset);
  // Throws "unknown function" unless `name` (any case) names a function.
  void CheckFunction(const std::string& name, size_t offset) const;
  Operand Call(const std::string& name, const std::vector<Operand>& args, size_t offset);
  // list[index]: the item as a string, null when out of range.
  Operand Index(Operand list, Operand index, size_t offset);

  Program Finish(Operand root) &&;

 private:
  Operand Emit(Node node, const std::vector<Operand>& args, size_t offset);
  Operand NullOf(ValueType type, size_t offset);
  Operand ToDouble(Operand operand);
  Operand Arithmetic(TokenKind op, std::string_view spelling, Operand lhs, Operand rhs,
                     size_t op_offset);
  Operand Comparison(TokenKind op, Operand lhs, Operand rhs, size_t op_offset);
  Operand Logic(TokenKind op, std::string_view spelling, Operand lhs, Operand rhs,
                size_t op_offset);
  Operand StringFunction(const std::string& name, const std::vector<Operand>& args, size_t offset);
  Operand OtherFunction(const std::string& name, const std::vector<Operand>& args, size_t offset);
  Operand ParsingFunction(const std::string& name, const std::vector<Operand>& args, size_t offset);
  Operand RegexExtract(const std::vector<Operand>& args, size_t offset);
  void CheckJsonPath(const Operand& path) const;
  ValueType CommonType(const std::string& function, const std::vector<Operand>& args, size_t first,
                       size_t offset) const;
  void ExpectArgument(const std::string& function, const std::vector<Operand>& args, size_t i,
                      ValueType expected, size_t offset) const;
  [[noreturn]] void Fail(size_t offset, std::string message, std::string hint = "") const;

  const Schema& schema_;
  SourceLocation origin_;
  Program program_;
};

// The function names, lower case, for hints and docs.
const std::vector<std::string>& FunctionNames();

bool IsNumeric(ValueType t);
// "a string", "an int": a type as a message names it.
std::string WithArticle(ValueType t);
// ASCII lower case.
std::string Lowered(std::string_view s);

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_EXPRESSION_BUILDER_H_
