// Every kind of compile error, with the exact location it must point at. The
// origin is s.yaml line 12 column 9, so byte offset k of the text is column
// 9 + k.
#include <boost/test/unit_test.hpp>

#include "engine/expressions/expression.h"
#include "engine/expressions/expression_test_util.h"

namespace tidemark::engine {
namespace {

using testing::SensorSchema;
using testing::TestOrigin;

struct Failure {
  std::string file;
  int line = 0;
  int column = 0;
  std::string message;
  std::string hint;
};

Failure CompileError(std::string_view text) {
  try {
    Expression::Compile(text, SensorSchema(), TestOrigin());
  } catch (const InputError& e) {
    return {e.where().file, e.where().line, e.where().column, e.message(), e.hint()};
  }
  BOOST_FAIL("expected an InputError for: " << text);
  return {};
}

// The column of byte `offset` of the text.
int Col(int offset) { return 9 + offset; }

BOOST_AUTO_TEST_SUITE(expression_errors)

BOOST_AUTO_TEST_CASE(unknown_field_points_at_it_and_suggests_the_nearest_name) {
  const Failure f = CompileError("temprature > 30");
  BOOST_TEST(f.file == "s.yaml");
  BOOST_TEST(f.line == 12);
  BOOST_TEST(f.column == 9);
  BOOST_TEST(f.message == "unknown field 'temprature'");
  BOOST_TEST(f.hint == "did you mean 'temperature'?");

  const Failure later = CompileError("count > 1 and `sensor id` = 'a'");
  BOOST_TEST(later.column == Col(14));
  BOOST_TEST(later.message == "unknown field 'sensor id'");
  BOOST_TEST(later.hint == "did you mean 'sensor_id'?");
}

BOOST_AUTO_TEST_CASE(a_function_name_used_as_a_field_says_how_to_call_it) {
  const Failure f = CompileError("lower = 'x'");
  BOOST_TEST(f.column == Col(0));
  BOOST_TEST(f.message == "unknown field 'lower'");
  BOOST_TEST(f.hint == "'lower' is a function: call it as lower(...)");
}

BOOST_AUTO_TEST_CASE(unknown_function_points_at_its_name_with_a_hint) {
  const Failure f = CompileError("count + lenght(city)");
  BOOST_TEST(f.column == Col(8));
  BOOST_TEST(f.message == "unknown function 'lenght'");
  BOOST_TEST(f.hint == "did you mean 'length'?");

  const Failure field = CompileError("city(1)");
  BOOST_TEST(field.message == "unknown function 'city'");
  BOOST_TEST(field.hint == "'city' is a field, not a function");
}

BOOST_AUTO_TEST_CASE(comparing_incompatible_types_points_at_the_operator) {
  const Failure f = CompileError("temperature > 'hot'");
  BOOST_TEST(f.column == Col(12));
  BOOST_TEST(f.message == "cannot compare double with string");
  BOOST_TEST(CompileError("is_test = 1").message == "cannot compare bool with int");
}

BOOST_AUTO_TEST_CASE(function_argument_types_are_checked) {
  const Failure f = CompileError("lower(ts)");
  BOOST_TEST(f.column == Col(0));
  BOOST_TEST(f.message == "lower expects a string, got int");

  const Failure arg = CompileError("1 = 1 or substr(city, 'a') = ''");
  BOOST_TEST(arg.column == Col(9));
  BOOST_TEST(arg.message == "substr expects an int as argument 2, got string");
  BOOST_TEST(CompileError("abs(city)").message == "abs expects a number, got string");
  BOOST_TEST(CompileError("contains(city, 1)").message ==
             "contains expects a string as argument 2, got int");
  BOOST_TEST(CompileError("coalesce(count, city)").message ==
             "coalesce expects arguments of one type, got int and string");
}

BOOST_AUTO_TEST_CASE(wrong_argument_counts_are_reported) {
  BOOST_TEST(CompileError("substr(city)").message == "substr expects 2 or 3 arguments, got 1");
  BOOST_TEST(CompileError("lower(city, city)").message == "lower expects 1 argument, got 2");
  BOOST_TEST(CompileError("lower()").message == "lower expects 1 argument, got 0");
  BOOST_TEST(CompileError("contains(city)").message == "contains expects 2 arguments, got 1");
  BOOST_TEST(CompileError("coalesce(count)").message ==
             "coalesce expects at least 2 arguments, got 1");
}

BOOST_AUTO_TEST_CASE(operator_type_errors_point_at_the_operator) {
  const Failure plus = CompileError("city + 1");
  BOOST_TEST(plus.column == Col(5));
  BOOST_TEST(plus.message == "cannot apply '+' to string and int");
  BOOST_TEST(plus.hint == "convert the other side with string(...) to concatenate");
  BOOST_TEST(CompileError("city * 2").message == "cannot apply '*' to string and int");
  BOOST_TEST(CompileError("is_test - 1").message == "cannot apply '-' to bool and int");

  const Failure negate = CompileError("-city");
  BOOST_TEST(negate.column == Col(0));
  BOOST_TEST(negate.message == "cannot negate a string");

  const Failure logic = CompileError("count && true");
  BOOST_TEST(logic.column == Col(6));
  BOOST_TEST(logic.message == "'&&' expects bool operands, got int and bool");

  const Failure negation = CompileError("not count");
  BOOST_TEST(negation.column == Col(0));
  BOOST_TEST(negation.message == "'not' expects a bool, got int");

  const Failure in = CompileError("count in (1, 'a')");
  BOOST_TEST(in.column == Col(13));
  BOOST_TEST(in.message == "cannot compare int with string in an 'in' list");
}

BOOST_AUTO_TEST_CASE(a_missing_operand_names_the_operator_before_it) {
  const Failure f = CompileError("is_test and");
  BOOST_TEST(f.column == Col(11));
  BOOST_TEST(f.message == "expected an expression after 'and'");

  const Failure plus = CompileError("count + * 2");
  BOOST_TEST(plus.column == Col(8));
  BOOST_TEST(plus.message == "expected an expression after '+'");

  const Failure empty = CompileError("");
  BOOST_TEST(empty.column == Col(0));
  BOOST_TEST(empty.message == "expected an expression");
  BOOST_TEST(CompileError("   ").column == Col(3));
  BOOST_TEST(CompileError("()").message == "expected an expression after '('");
  BOOST_TEST(CompileError("lower(,)").message == "expected an expression after '('");
}

BOOST_AUTO_TEST_CASE(unclosed_parentheses_name_the_opening_column) {
  const Failure f = CompileError("(count + 1");
  BOOST_TEST(f.column == Col(10));
  BOOST_TEST(f.message == "expected ')' to close '(' at column 9");

  const Failure call = CompileError("1 = length(city");
  BOOST_TEST(call.column == Col(15));
  BOOST_TEST(call.message == "expected ')' to close 'length(' at column 13");

  const Failure list = CompileError("count in (1, 2 3)");
  BOOST_TEST(list.column == Col(15));
  BOOST_TEST(list.message == "expected ')' to close '(' at column 18");
}

BOOST_AUTO_TEST_CASE(text_after_a_complete_expression_is_an_error) {
  const Failure f = CompileError("count 1");
  BOOST_TEST(f.column == Col(6));
  BOOST_TEST(f.message == "expected an operator or the end of the expression, got '1'");

  const Failure paren = CompileError("count)");
  BOOST_TEST(paren.column == Col(5));
  BOOST_TEST(paren.message == "unexpected ')' without a matching '('");
}

BOOST_AUTO_TEST_CASE(comparisons_do_not_chain) {
  const Failure f = CompileError("1 < count < 3");
  BOOST_TEST(f.column == Col(10));
  BOOST_TEST(f.message == "comparisons do not chain: '<' follows a comparison");
  BOOST_TEST(CompileError("count in (1) = true").column == Col(13));
}

BOOST_AUTO_TEST_CASE(in_needs_a_parenthesised_list) {
  const Failure f = CompileError("count in 1");
  BOOST_TEST(f.column == Col(9));
  BOOST_TEST(f.message == "expected '(' after 'in'");

  const Failure not_in = CompileError("count not 1");
  BOOST_TEST(not_in.column == Col(10));
  BOOST_TEST(not_in.message == "expected 'in' after 'not'");
  BOOST_TEST(CompileError("count in ()").message == "expected an expression after '('");
}

BOOST_AUTO_TEST_CASE(strings_must_be_closed_and_escapes_known) {
  const Failure f = CompileError("city = 'berlin");
  BOOST_TEST(f.column == Col(7));
  BOOST_TEST(f.message == "unterminated string");
  BOOST_TEST(f.hint == "close it with '");
  BOOST_TEST(CompileError("city = 'abc\\'").message == "unterminated string");
  BOOST_TEST(CompileError("city = 'abc\\").message == "unterminated string");

  const Failure escape = CompileError(R"(city = 'a\qb')");
  BOOST_TEST(escape.column == Col(9));
  BOOST_TEST(escape.message == R"(unknown escape '\q')");

  const Failure quoted = CompileError("`city = 1");
  BOOST_TEST(quoted.column == Col(0));
  BOOST_TEST(quoted.message == "unterminated quoted field name");
  BOOST_TEST(CompileError("`` = 1").message == "empty quoted field name");
}

BOOST_AUTO_TEST_CASE(numbers_must_be_well_formed_and_in_range) {
  const Failure big = CompileError("count > 99999999999999999999");
  BOOST_TEST(big.column == Col(8));
  BOOST_TEST(big.message == "integer '99999999999999999999' is out of range");

  const Failure just_over = CompileError("9223372036854775808");
  BOOST_TEST(just_over.column == Col(0));
  BOOST_TEST(just_over.message == "integer '9223372036854775808' is out of range");
  BOOST_TEST(CompileError("-9223372036854775809").message ==
             "integer '9223372036854775809' is out of range");

  const Failure huge = CompileError("1e999");
  BOOST_TEST(huge.message == "number '1e999' is out of range for a double");

  const Failure word = CompileError("count > 12abc");
  BOOST_TEST(word.column == Col(8));
  BOOST_TEST(word.message == "invalid number '12abc'");
  BOOST_TEST(CompileError("1.").message == "invalid number '1.'");
  BOOST_TEST(CompileError("1.2.3").message == "invalid number '1.2.3'");
}

BOOST_AUTO_TEST_CASE(stray_characters_are_shown_escaped) {
  const Failure amp = CompileError("is_test & true");
  BOOST_TEST(amp.column == Col(8));
  BOOST_TEST(amp.message == "unexpected character '&'");
  BOOST_TEST(amp.hint == "write 'and' or '&&'");
  BOOST_TEST(CompileError("count # 1").message == "unexpected character '#'");
  BOOST_TEST(CompileError("count \x01").message == "unexpected character '\\x01'");
  BOOST_TEST(CompileError("count \xc3\xa9").message == "unexpected character '\\xc3'");
}

BOOST_AUTO_TEST_CASE(deep_nesting_is_a_located_error_not_a_crash) {
  const std::string parens = std::string(300, '(') + "1" + std::string(300, ')');
  const Failure f = CompileError(parens);
  BOOST_TEST(f.message == "expression nests too deeply (more than 200 levels)");
  BOOST_TEST(f.column == Col(200));  // the 201st level starts after the 200th '('

  std::string sum = "1";
  for (int i = 0; i < 300; ++i) sum += "+1";
  const Failure chain = CompileError(sum);
  BOOST_TEST(chain.message == "expression nests too deeply (more than 200 levels)");
  BOOST_TEST(chain.column == Col(1 + 2 * 199));  // the 200th '+' makes depth 201

  const Failure minus = CompileError(std::string(1000, '-') + "count");
  BOOST_TEST(minus.message == "expression nests too deeply (more than 200 levels)");
  const Failure nots = CompileError(std::string(1000, '!') + "true");
  BOOST_TEST(nots.message == "expression nests too deeply (more than 200 levels)");

  // 199 levels of parentheses are fine.
  BOOST_TEST(testing::Eval(std::string(199, '(') + "1" + std::string(199, ')')) == "int 1");
}

BOOST_AUTO_TEST_CASE(a_condition_must_be_bool_at_the_start_of_the_expression) {
  try {
    Expression::CompileCondition("  temperature * 2", SensorSchema(), TestOrigin());
    BOOST_FAIL("expected an InputError");
  } catch (const InputError& e) {
    BOOST_TEST(e.where().column == Col(2));
    BOOST_TEST(e.message() == "condition must be bool, got double");
  }
  BOOST_CHECK_THROW(Expression::CompileCondition("null", SensorSchema(), TestOrigin()), InputError);
  BOOST_TEST((Expression::CompileCondition("maybe_bool", SensorSchema(), TestOrigin()).type() ==
              ValueType::kBool));
}

BOOST_AUTO_TEST_CASE(the_printed_error_names_file_line_column_and_hint) {
  try {
    Expression::Compile("temprature > 30", SensorSchema(), TestOrigin());
    BOOST_FAIL("expected an InputError");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()) ==
               "s.yaml:12:9: error: unknown field 'temprature'\n"
               "  hint: did you mean 'temperature'?");
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
