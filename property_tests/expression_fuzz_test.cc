// Properties of expression compilation and evaluation on malformed text
// (engine/expressions/expression.h):
//
// 1. Random bytes and random token soup never crash, hang or throw anything
//    but an InputError located inside the text.
// 2. The same holds for mutations (byte insertions, deletions, replacements,
//    token splices) of valid expressions.
// The grammar's precedence is checked in expression_precedence_property_test.cc.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "engine/expressions/expression.h"
#include "property_tests/gen/expression_gen.h"

namespace tidemark::engine {
namespace {

using props::FuzzSchema;
using props::RandomRecord;

SourceLocation RandomOrigin() {
  return SourceLocation{"fuzz.yaml", *rc::gen::inRange(1, 10000), *rc::gen::inRange(1, 300)};
}

// Compiles `text` and, if that succeeds, evaluates it; asserts that the only
// possible failure is an InputError located within the text.
void CompilesOrFailsCleanly(const std::string& text) {
  const SourceLocation origin = RandomOrigin();
  try {
    const Expression expression = Expression::Compile(text, FuzzSchema(), origin);
    RC_ASSERT(expression.text() == text);
    const Record record = RandomRecord();
    const Value value = expression.Evaluate(record);
    RC_ASSERT(TypeOf(value) == expression.type() || TypeOf(value) == ValueType::kNull);
    if (expression.type() == ValueType::kBool) (void)expression.EvaluateCondition(record);
    RC_CLASSIFY(true, "compiled");
  } catch (const InputError& e) {
    RC_ASSERT(e.where().file == origin.file);
    RC_ASSERT(e.where().line == origin.line);
    RC_ASSERT(e.where().column >= origin.column);
    RC_ASSERT(e.where().column <= origin.column + static_cast<int>(text.size()));
    RC_ASSERT(!e.message().empty());
  }
}

// A byte: any at all, or (as often) one the lexer has a rule for.
char FuzzByte() {
  static const std::string kAlphabet = "()'\"`\\,+-*/%=<>!&| \t_.eE019azAZ";
  return *rc::gen::oneOf(rc::gen::arbitrary<char>(), rc::gen::elementOf(kAlphabet));
}

const std::vector<std::string>& Vocabulary() {
  static const std::vector<std::string> tokens = {"ts",
                                                  "count",
                                                  "temperature",
                                                  "ratio",
                                                  "city",
                                                  "`odd name`",
                                                  "is_test",
                                                  "flag",
                                                  "tmp",
                                                  "lower",
                                                  "upper",
                                                  "substr",
                                                  "length",
                                                  "starts_with",
                                                  "ends_with",
                                                  "contains",
                                                  "abs",
                                                  "int",
                                                  "double",
                                                  "string",
                                                  "bool",
                                                  "is_null",
                                                  "coalesce",
                                                  "nope",
                                                  "(",
                                                  ")",
                                                  ",",
                                                  "+",
                                                  "-",
                                                  "*",
                                                  "/",
                                                  "%",
                                                  "=",
                                                  "==",
                                                  "!=",
                                                  "<>",
                                                  "<",
                                                  "<=",
                                                  ">",
                                                  ">=",
                                                  "and",
                                                  "or",
                                                  "not",
                                                  "&&",
                                                  "||",
                                                  "!",
                                                  "in",
                                                  "true",
                                                  "false",
                                                  "null",
                                                  "0",
                                                  "1",
                                                  "-1",
                                                  "9223372036854775807",
                                                  "9223372036854775808",
                                                  "1.5",
                                                  "2e3",
                                                  "1e999",
                                                  "'a'",
                                                  "'B\\''",
                                                  "\"x\"",
                                                  "'",
                                                  "\"",
                                                  "`",
                                                  "\\",
                                                  " ",
                                                  "&",
                                                  "|",
                                                  "#",
                                                  "."};
  return tokens;
}

std::string TokenSoup() {
  const auto tokens =
      *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(Vocabulary()));
  std::string text;
  for (const std::string& token : tokens) {
    text += token;
    if (*rc::gen::inRange(0, 3) != 0) text += ' ';
  }
  return text;
}

BOOST_AUTO_TEST_SUITE(expression_fuzz)

RC_BOOST_PROP(random_bytes_compile_or_fail_with_a_located_input_error, ()) {
  std::string text;
  const int size = *rc::gen::inRange(0, 80);
  for (int i = 0; i < size; ++i) text += FuzzByte();
  CompilesOrFailsCleanly(text);
}

RC_BOOST_PROP(random_token_soup_compiles_or_fails_with_a_located_input_error, ()) {
  CompilesOrFailsCleanly(TokenSoup());
}

const std::vector<std::string>& ValidExpressions() {
  static const std::vector<std::string> corpus = {
      "temperature > 30",
      "lower(city) in ('berlin', 'paris') and not is_test",
      "substr(city, length(city) - 1, 1) = '7'",
      "double(count) / 2.0",
      "coalesce(ts, count, 0) % 7 <> -1 || !flag",
      "`odd name` + \"x\\\"y\" != upper(city)",
      "abs(ratio - 1.5e2) <= 2 and count not in (1, 2, null)",
      "is_null(ratio) or starts_with(string(ts), '1') && bool('TRUE')",
      "-(-9223372036854775808) * (ts + 1) / int('42')",
      "((((count))))",
  };
  return corpus;
}

std::string Mutate(std::string text) {
  const int mutations = *rc::gen::inRange(1, 4);
  for (int i = 0; i < mutations; ++i) {
    const size_t pos = *rc::gen::inRange<size_t>(0, text.size() + 1);
    switch (*rc::gen::inRange(0, 5)) {
      case 0: text.insert(pos, 1, FuzzByte()); break;
      case 1:
        if (pos < text.size()) text.erase(pos, *rc::gen::inRange<size_t>(1, 4));
        break;
      case 2:
        if (pos < text.size()) text[pos] = FuzzByte();
        break;
      case 3: text.insert(pos, *rc::gen::elementOf(Vocabulary())); break;
      default: {  // duplicate a slice somewhere else
        const size_t from = *rc::gen::inRange<size_t>(0, text.size() + 1);
        const size_t length = *rc::gen::inRange<size_t>(0, 12);
        text.insert(pos, text.substr(from, length));
      }
    }
  }
  return text;
}

RC_BOOST_PROP(mutated_valid_expressions_compile_or_fail_with_a_located_input_error, ()) {
  CompilesOrFailsCleanly(Mutate(*rc::gen::elementOf(ValidExpressions())));
}

BOOST_AUTO_TEST_CASE(the_mutation_corpus_is_valid) {
  for (const std::string& text : ValidExpressions()) {
    BOOST_CHECK_NO_THROW(Expression::Compile(text, FuzzSchema(), SourceLocation{"f", 1, 1}));
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
