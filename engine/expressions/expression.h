// Expression: a compiled, type-checked formula over the fields of a record, as
// written in a scenario's `filter`, `map` and routing rules
// (`temperature > 30`, `lower(city) in ('berlin', 'paris') and not is_test`).
//
// Compile parses and type-checks once, against a Schema; every error is an
// InputError pointing at the byte of the text that is wrong. The compiled form
// refers to fields by index and is specialised by type, so Evaluate does no
// name lookups and no type dispatch, and numeric and boolean expressions
// never allocate. An Expression is immutable and cheap to copy (its program is
// shared); evaluating it from several threads at once is safe.
//
// The language (docs/expressions.md is the user's version of this):
//
//   expression := or
//   or         := and ( ('or' | '||') and )*
//   and        := not ( ('and' | '&&') not )*
//   not        := ('not' | '!') not | comparison
//   comparison := additive [ compare_op additive
//                          | ['not'] 'in' '(' expression (',' expression)* ')' ]
//   compare_op := '=' | '==' | '!=' | '<>' | '<' | '<=' | '>' | '>='
//   additive   := multiplicative ( ('+' | '-') multiplicative )*
//   multiplicative := unary ( ('*' | '/' | '%') unary )*
//   unary      := '-' unary | primary
//   primary    := integer | double | string | 'true' | 'false' | 'null'
//               | field | function '(' [expression (',' expression)*] ')'
//               | '(' expression ')'
//
// - Keywords (and, or, not, in, true, false, null) and function names are
//   case-insensitive; field names are not. A field is an identifier
//   [A-Za-z_][A-Za-z0-9_]* or any name in backquotes: `odd name`.
// - Integers are int64 (a literal out of range is an error; a leading minus is
//   part of the literal, so -9223372036854775808 is allowed). Doubles are
//   written 1.5, 2e3 or 1.5e-3. Strings take single or double quotes; a
//   backslash escapes \\ \' \" \` and writes \n and \t.
// - Comparisons do not chain: `a < b < c` is an error.
// - Types are checked at compile time. int op int gives int; if either side is
//   a double, the int is converted and the result is a double. int arithmetic
//   wraps around (two's complement, as in Java). `+` on two strings
//   concatenates. Comparisons take two numbers, two strings (byte order) or
//   two bools (false < true).
// - Null: a field may hold null, and `null` is a literal. Arithmetic,
//   comparisons, `in` and functions give null when an operand is null, except:
//   and/or use SQL's three-valued logic (false and null = false, true or null =
//   true), is_null(x) is never null, and coalesce(a, b, ...) gives its first
//   non-null argument. `x in (...)` is true on a match, else null if the list
//   holds a null, else false. Division or remainder by zero gives null (for
//   ints and doubles alike); remainder takes the sign of the dividend.
//   A condition (filter, rule) that evaluates to null counts as false.
// - Functions:
//     lower(s) upper(s)          ASCII case mapping
//     length(s)                  length in bytes
//     substr(s, start[, len])    bytes [start, start + len), 0-based; start and
//                                len are clamped to the string, so out-of-range
//                                values give a shorter or empty string
//     starts_with(s, p) ends_with(s, p) contains(s, p)
//     abs(n)                     int or double; abs of the smallest int wraps
//     int(x) double(x) string(x) bool(x)
//                                conversions. double -> int truncates toward
//                                zero (NaN or out of range: null); string ->
//                                int/double must be the whole string (else
//                                null); string -> bool accepts true/false in any
//                                case (else null); bool -> number is 1 or 0;
//                                number -> bool is x != 0; string(double)
//                                prints the shortest round-trip form ("2" for
//                                2.0).
//     is_null(x)                 true when x is null
//     coalesce(a, b, ...)        first non-null argument; arguments of one type
//                                (ints and doubles mix as double)
// - Nesting is limited to 200 levels (parentheses, prefix operators and the
//   tree of operators), so no input can exhaust the stack.
// - Columns in errors count bytes from `origin`; a newline in the text counts
//   as whitespace, not as the start of a new line.
#ifndef TIDEMARK_ENGINE_EXPRESSION_H_
#define TIDEMARK_ENGINE_EXPRESSION_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/core/value.h"

namespace tidemark::engine {

namespace internal {
struct Program;
}  // namespace internal

class Expression {
 public:
  // Parses and type-checks `text` against `schema`. `origin` is where the text
  // starts in its file (the YAML scalar's position); errors point at
  // origin.Advanced(byte offset of the bad token). Throws InputError on any
  // syntax or type error, and nothing else.
  static Expression Compile(std::string_view text, const Schema& schema,
                            const SourceLocation& origin);
  // Compile, and also require a bool result: otherwise throws "condition must
  // be bool, got double" at the start of the expression.
  static Expression CompileCondition(std::string_view text, const Schema& schema,
                                     const SourceLocation& origin);

  // The static result type. kNull only for expressions built from the literal
  // null alone (`null`, `null + null`), which always evaluate to null.
  ValueType type() const;

  // The value on `record`: of type(), or null.
  // REQUIRES: record.values conforms to the schema given to Compile.
  Value Evaluate(const Record& record) const;

  // Evaluate as a filter or rule: null counts as false.
  // REQUIRES: type() == ValueType::kBool, and as for Evaluate.
  bool EvaluateCondition(const Record& record) const;

  const std::string& text() const { return text_; }

  // The fields the expression reads, in order of first appearance.
  std::vector<std::string> referenced_fields() const;

 private:
  Expression(std::string text, std::shared_ptr<const internal::Program> program);

  std::string text_;
  std::shared_ptr<const internal::Program> program_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_EXPRESSION_H_
