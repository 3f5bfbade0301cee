#include "engine/expressions/expression.h"

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/expressions/internal/expression_parser.h"
#include "engine/expressions/internal/expression_program.h"

namespace tidemark::engine {

Expression::Expression(std::string text, std::shared_ptr<const internal::Program> program)
    : text_(std::move(text)), program_(std::move(program)) {}

Expression Expression::Compile(std::string_view text, const Schema& schema,
                               const SourceLocation& origin) {
  auto program =
      std::make_shared<const internal::Program>(internal::ParseExpression(text, schema, origin));
  return Expression(std::string(text), std::move(program));
}

Expression Expression::CompileCondition(std::string_view text, const Schema& schema,
                                        const SourceLocation& origin) {
  Expression expression = Compile(text, schema, origin);
  if (expression.type() != ValueType::kBool) {
    const size_t start = text.find_first_not_of(" \t\r\n");
    throw InputError(origin.Advanced(static_cast<int>(start == std::string_view::npos ? 0 : start)),
                     fmt::format("condition must be bool, got {}", TypeName(expression.type())),
                     "compare it, for example x > 0 or s != ''");
  }
  return expression;
}

ValueType Expression::type() const { return program_->nodes[program_->root].type; }

Value Expression::Evaluate(const Record& record) const {
  return internal::Evaluate(*program_, program_->root, record).ToValue();
}

bool Expression::EvaluateCondition(const Record& record) const {
  TIDEMARK_CHECK(type() == ValueType::kBool);
  const internal::Datum result = internal::Evaluate(*program_, program_->root, record);
  return !result.is_null() && result.boolean();
}

std::vector<std::string> Expression::referenced_fields() const {
  return program_->referenced_fields;
}

}  // namespace tidemark::engine
