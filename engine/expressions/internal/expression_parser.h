// The recursive-descent parser of the expression language (the grammar is in
// engine/expressions/expression.h). It recognises syntax and hands each construct to a
// Builder, which type-checks it; so one left-to-right pass reports the first
// error of either kind.
#ifndef TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PARSER_H_
#define TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PARSER_H_

#include <string_view>

#include "engine/core/input_error.h"
#include "engine/core/schema.h"
#include "engine/expressions/internal/expression_program.h"

namespace tidemark::engine::internal {

// Parses and type-checks `text` against `schema`. Throws InputError located at
// origin.Advanced(byte offset of the offending token), and nothing else.
Program ParseExpression(std::string_view text, const Schema& schema, const SourceLocation& origin);

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PARSER_H_
