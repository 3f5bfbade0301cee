// The recursive-descent parser of the expression language (the grammar is in
// engine/expression.h). It recognises syntax and hands each construct to a
// Builder, which type-checks it; so one left-to-right pass reports the first
// error of either kind.
#ifndef TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PARSER_H_
#define TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PARSER_H_

#include <string_view>

#include "engine/input_error.h"
#include "engine/internal/expression_program.h"
#include "engine/schema.h"

namespace tidemark::engine::internal {

// Parses and type-checks `text` against `schema`. Throws InputError located at
// origin.Advanced(byte offset of the offending token), and nothing else.
Program ParseExpression(std::string_view text, const Schema& schema, const SourceLocation& origin);

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PARSER_H_
