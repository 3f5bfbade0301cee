// Evaluation of each operator and function, with values worked out by hand on
// SensorRow (see expression_test_util.h).
#include "engine/expressions/expression.h"

#include <boost/test/unit_test.hpp>

#include "engine/expressions/expression_test_util.h"

namespace tidemark::engine {
namespace {

using testing::Eval;
using testing::SensorRow;
using testing::SensorSchema;
using testing::TestOrigin;

ValueType TypeOfText(std::string_view text) {
  return Expression::Compile(text, SensorSchema(), TestOrigin()).type();
}

BOOST_AUTO_TEST_SUITE(expression)

BOOST_AUTO_TEST_CASE(literals_have_their_written_value) {
  BOOST_TEST(Eval("42") == "int 42");
  BOOST_TEST(Eval("-9223372036854775808") == "int -9223372036854775808");
  BOOST_TEST(Eval("9223372036854775807") == "int 9223372036854775807");
  BOOST_TEST(Eval("1.5") == "double 1.5");
  BOOST_TEST(Eval("2e3") == "double 2000");
  BOOST_TEST(Eval("1.5E-1") == "double 0.15");
  BOOST_TEST(Eval(R"('it\'s')") == "string it's");
  BOOST_TEST(Eval(R"("say \"hi\" \\ bye")") == R"(string say "hi" \ bye)");
  BOOST_TEST(Eval("''") == "string ");
  BOOST_TEST(Eval("true") == "bool true");
  BOOST_TEST(Eval("FALSE") == "bool false");
  BOOST_TEST(Eval("null") == "null null");
}

BOOST_AUTO_TEST_CASE(fields_are_read_by_name_or_backquoted_name) {
  BOOST_TEST(Eval("temperature") == "double 31.5");
  BOOST_TEST(Eval("city") == "string Berlin");
  BOOST_TEST(Eval("`odd name`") == "int 3");
  BOOST_TEST(Eval("`ts` + 1") == "int 1001");
  BOOST_TEST(Eval("maybe_int") == "null null");
}

BOOST_AUTO_TEST_CASE(int_arithmetic_stays_int_and_truncates_toward_zero) {
  BOOST_TEST(Eval("count * 2 + 1") == "int 15");
  BOOST_TEST(Eval("7 / 2") == "int 3");
  BOOST_TEST(Eval("-7 / 2") == "int -3");
  BOOST_TEST(Eval("7 % 3") == "int 1");
  BOOST_TEST(Eval("-7 % 3") == "int -1");     // the sign of the dividend
  BOOST_TEST(Eval("10 - 4 - 3") == "int 3");  // left-associative
  BOOST_TEST(Eval("-count") == "int -7");
  BOOST_TEST(Eval("- -count") == "int 7");
}

BOOST_AUTO_TEST_CASE(int_arithmetic_wraps_around) {
  BOOST_TEST(Eval("9223372036854775807 + 1") == "int -9223372036854775808");
  BOOST_TEST(Eval("-9223372036854775808 - 1") == "int 9223372036854775807");
  BOOST_TEST(Eval("4611686018427387904 * 2") == "int -9223372036854775808");
  BOOST_TEST(Eval("-9223372036854775808 / -1") == "int -9223372036854775808");
  BOOST_TEST(Eval("-9223372036854775808 % -1") == "int 0");
  BOOST_TEST(Eval("-(-9223372036854775808)") == "int -9223372036854775808");
}

BOOST_AUTO_TEST_CASE(division_or_remainder_by_zero_is_null) {
  BOOST_TEST(Eval("count / 0") == "null null");
  BOOST_TEST(Eval("count % 0") == "null null");
  BOOST_TEST(Eval("temperature / 0") == "null null");
  BOOST_TEST(Eval("1.5 % 0.0") == "null null");
}

BOOST_AUTO_TEST_CASE(a_double_operand_makes_the_result_double) {
  BOOST_TEST(Eval("double(count) / 2.0") == "double 3.5");
  BOOST_TEST(Eval("count / 2.0") == "double 3.5");
  BOOST_TEST(Eval("temperature - 1") == "double 30.5");
  BOOST_TEST(Eval("5.5 % 2") == "double 1.5");
  BOOST_TEST(Eval("-temperature") == "double -31.5");
  BOOST_TEST((TypeOfText("count + 1") == ValueType::kInt));
  BOOST_TEST((TypeOfText("count + 1.5") == ValueType::kDouble));
}

BOOST_AUTO_TEST_CASE(plus_concatenates_strings) {
  BOOST_TEST(Eval("'ab' + 'cd'") == "string abcd");
  BOOST_TEST(Eval("city + '/' + sensor_id") == "string Berlin/s-1");
  BOOST_TEST(Eval("city + string(count)") == "string Berlin7");
}

BOOST_AUTO_TEST_CASE(comparisons_of_numbers_strings_and_bools) {
  BOOST_TEST(Eval("temperature > 30") == "bool true");
  BOOST_TEST(Eval("ts = 1000") == "bool true");
  BOOST_TEST(Eval("ts == 1000") == "bool true");
  BOOST_TEST(Eval("ts != 1000") == "bool false");
  BOOST_TEST(Eval("ts <> 999") == "bool true");
  BOOST_TEST(Eval("count < 7.5") == "bool true");
  BOOST_TEST(Eval("count <= 7") == "bool true");
  BOOST_TEST(Eval("count >= 8") == "bool false");
  BOOST_TEST(Eval("7 = 7.0") == "bool true");
  BOOST_TEST(Eval("'abc' < 'abd'") == "bool true");
  BOOST_TEST(Eval("'B' < 'a'") == "bool true");  // byte order
  BOOST_TEST(Eval("city = 'Berlin'") == "bool true");
  BOOST_TEST(Eval("false < true") == "bool true");
  BOOST_TEST(Eval("is_test = false") == "bool true");
}

BOOST_AUTO_TEST_CASE(logic_operators_in_words_and_symbols) {
  BOOST_TEST(Eval("true and false") == "bool false");
  BOOST_TEST(Eval("true AND true") == "bool true");
  BOOST_TEST(Eval("false or true") == "bool true");
  BOOST_TEST(Eval("not true") == "bool false");
  BOOST_TEST(Eval("!true") == "bool false");
  BOOST_TEST(Eval("true && !false") == "bool true");
  BOOST_TEST(Eval("false || false") == "bool false");
  BOOST_TEST(Eval("not not true") == "bool true");
}

BOOST_AUTO_TEST_CASE(precedence_is_or_and_not_comparison_additive_multiplicative_unary) {
  BOOST_TEST(Eval("1 + 2 * 3") == "int 7");
  BOOST_TEST(Eval("(1 + 2) * 3") == "int 9");
  BOOST_TEST(Eval("2 * 3 % 4") == "int 2");  // (2 * 3) % 4, left to right
  BOOST_TEST(Eval("-2 * 3") == "int -6");
  BOOST_TEST(Eval("1 + 2 = 3") == "bool true");
  BOOST_TEST(Eval("true or true and false") == "bool true");  // true or (true and false)
  BOOST_TEST(Eval("(true or true) and false") == "bool false");
  BOOST_TEST(Eval("not false and false") == "bool false");  // (not false) and false
  BOOST_TEST(Eval("not count = 7") == "bool false");        // not (count = 7)
  BOOST_TEST(Eval("not count in (1, 2)") == "bool true");   // not (count in (1, 2))
}

BOOST_AUTO_TEST_CASE(in_lists_match_any_value) {
  BOOST_TEST(Eval("lower(city) in ('berlin', 'paris') and not is_test") == "bool true");
  BOOST_TEST(Eval("count in (1, 7)") == "bool true");
  BOOST_TEST(Eval("count in (1, 2)") == "bool false");
  BOOST_TEST(Eval("count not in (1, 7)") == "bool false");
  BOOST_TEST(Eval("count NOT IN (1, 2)") == "bool true");
  BOOST_TEST(Eval("count in (1.5, 7.0)") == "bool true");
  BOOST_TEST(Eval("temperature in (31, 31.5)") == "bool true");
  BOOST_TEST(Eval("count in (count + 0)") == "bool true");
}

BOOST_AUTO_TEST_CASE(null_operands_give_null) {
  BOOST_TEST(Eval("maybe_int + 1") == "null null");
  BOOST_TEST(Eval("maybe_double * 2") == "null null");
  BOOST_TEST(Eval("maybe_string + 'x'") == "null null");
  BOOST_TEST(Eval("maybe_int > 1") == "null null");
  BOOST_TEST(Eval("maybe_int = null") == "null null");
  BOOST_TEST(Eval("lower(maybe_string)") == "null null");
  BOOST_TEST(Eval("substr(city, maybe_int, 2)") == "null null");
  BOOST_TEST(Eval("int(maybe_string)") == "null null");
  BOOST_TEST(Eval("not maybe_bool") == "null null");
  BOOST_TEST(Eval("-maybe_int") == "null null");
  BOOST_TEST(Eval("null + 1") == "null null");
  BOOST_TEST((TypeOfText("null + 1") == ValueType::kInt));
  BOOST_TEST((TypeOfText("'a' + null") == ValueType::kString));
  BOOST_TEST((TypeOfText("null") == ValueType::kNull));
}

BOOST_AUTO_TEST_CASE(and_or_use_three_valued_logic) {
  BOOST_TEST(Eval("false and maybe_bool") == "bool false");
  BOOST_TEST(Eval("maybe_bool and false") == "bool false");
  BOOST_TEST(Eval("true and maybe_bool") == "null null");
  BOOST_TEST(Eval("true or maybe_bool") == "bool true");
  BOOST_TEST(Eval("maybe_bool or true") == "bool true");
  BOOST_TEST(Eval("false or maybe_bool") == "null null");
  BOOST_TEST(Eval("maybe_bool or maybe_bool") == "null null");
}

BOOST_AUTO_TEST_CASE(in_with_nulls_follows_sql) {
  BOOST_TEST(Eval("count in (7, null)") == "bool true");
  BOOST_TEST(Eval("count in (1, null)") == "null null");
  BOOST_TEST(Eval("count not in (1, null)") == "null null");
  BOOST_TEST(Eval("maybe_int in (1, 2)") == "null null");
  BOOST_TEST(Eval("count in (maybe_int, 7)") == "bool true");
}

BOOST_AUTO_TEST_CASE(a_null_condition_counts_as_false) {
  const Expression e = Expression::CompileCondition("maybe_int > 1", SensorSchema(), TestOrigin());
  BOOST_TEST(!e.EvaluateCondition(SensorRow()));
  const Expression negated =
      Expression::CompileCondition("not (maybe_int > 1)", SensorSchema(), TestOrigin());
  BOOST_TEST(!negated.EvaluateCondition(SensorRow()));
  const Expression hot =
      Expression::CompileCondition("temperature > 30", SensorSchema(), TestOrigin());
  BOOST_TEST(hot.EvaluateCondition(SensorRow()));
}

BOOST_AUTO_TEST_CASE(is_null_and_coalesce_see_nulls) {
  BOOST_TEST(Eval("is_null(maybe_int)") == "bool true");
  BOOST_TEST(Eval("is_null(count)") == "bool false");
  BOOST_TEST(Eval("is_null(null)") == "bool true");
  BOOST_TEST(Eval("coalesce(maybe_int, 5)") == "int 5");
  BOOST_TEST(Eval("coalesce(count, 5)") == "int 7");
  BOOST_TEST(Eval("coalesce(maybe_int, maybe_int, count)") == "int 7");
  BOOST_TEST(Eval("coalesce(maybe_int, 2.5)") == "double 2.5");
  BOOST_TEST(Eval("coalesce(count, 2.5)") == "double 7");
  BOOST_TEST(Eval("coalesce(maybe_string, 'none')") == "string none");
  BOOST_TEST(Eval("coalesce(maybe_int, null)") == "null null");
}

BOOST_AUTO_TEST_CASE(string_functions) {
  BOOST_TEST(Eval("lower(city)") == "string berlin");
  BOOST_TEST(Eval("upper(city)") == "string BERLIN");
  BOOST_TEST(Eval("LOWER('ÄB')") ==
             "string \xc3\x84"
             "b");  // ASCII only
  BOOST_TEST(Eval("length(client_ip)") == "int 9");
  BOOST_TEST(Eval("length('')") == "int 0");
  BOOST_TEST(Eval("starts_with(client_ip, '10.')") == "bool true");
  BOOST_TEST(Eval("ends_with(client_ip, '17')") == "bool true");
  BOOST_TEST(Eval("ends_with(client_ip, '10')") == "bool false");
  BOOST_TEST(Eval("contains(city, 'erl')") == "bool true");
  BOOST_TEST(Eval("contains(city, '')") == "bool true");
}

BOOST_AUTO_TEST_CASE(substr_is_zero_based_and_clamps) {
  BOOST_TEST(Eval("substr(client_ip, length(client_ip) - 1, 1) = '7'") == "bool true");
  BOOST_TEST(Eval("substr('hello', 1, 3)") == "string ell");
  BOOST_TEST(Eval("substr('hello', 2)") == "string llo");
  BOOST_TEST(Eval("substr('hello', 3, 10)") == "string lo");
  BOOST_TEST(Eval("substr('hello', -2, 3)") == "string hel");
  BOOST_TEST(Eval("substr('hello', 9, 1)") == "string ");
  BOOST_TEST(Eval("substr('hello', 1, -1)") == "string ");
  BOOST_TEST(Eval("substr(upper('hello'), 1, 3)") == "string ELL");
  BOOST_TEST(Eval("substr(upper(city), 2) + substr(city, 0, 2)") == "string RLINBe");
}

BOOST_AUTO_TEST_CASE(abs_of_ints_and_doubles) {
  BOOST_TEST(Eval("abs(-3)") == "int 3");
  BOOST_TEST(Eval("abs(3)") == "int 3");
  BOOST_TEST(Eval("abs(-2.5)") == "double 2.5");
  BOOST_TEST(Eval("abs(-9223372036854775808)") == "int -9223372036854775808");  // wraps
}

BOOST_AUTO_TEST_CASE(casts_convert_or_give_null) {
  BOOST_TEST(Eval("int('42')") == "int 42");
  BOOST_TEST(Eval("int('-42')") == "int -42");
  BOOST_TEST(Eval("int('4x')") == "null null");
  BOOST_TEST(Eval("int(' 4')") == "null null");
  BOOST_TEST(Eval("int('')") == "null null");
  BOOST_TEST(Eval("int(3.9)") == "int 3");
  BOOST_TEST(Eval("int(-3.9)") == "int -3");
  BOOST_TEST(Eval("int(1e30)") == "null null");
  BOOST_TEST(Eval("int(true)") == "int 1");
  BOOST_TEST(Eval("int(count)") == "int 7");
  BOOST_TEST(Eval("double('2.5')") == "double 2.5");
  BOOST_TEST(Eval("double('1e3')") == "double 1000");
  BOOST_TEST(Eval("double('x')") == "null null");
  BOOST_TEST(Eval("double(count)") == "double 7");
  BOOST_TEST(Eval("double(false)") == "double 0");
  BOOST_TEST(Eval("string(2.0)") == "string 2");
  BOOST_TEST(Eval("string(temperature)") == "string 31.5");
  BOOST_TEST(Eval("string(-5)") == "string -5");
  BOOST_TEST(Eval("string(true)") == "string true");
  BOOST_TEST(Eval("string(city)") == "string Berlin");
  BOOST_TEST(Eval("bool('TRUE')") == "bool true");
  BOOST_TEST(Eval("bool('false')") == "bool false");
  BOOST_TEST(Eval("bool('yes')") == "null null");
  BOOST_TEST(Eval("bool(0)") == "bool false");
  BOOST_TEST(Eval("bool(0.5)") == "bool true");
  BOOST_TEST(Eval("bool(is_test)") == "bool false");
}

BOOST_AUTO_TEST_CASE(function_names_and_keywords_ignore_case) {
  BOOST_TEST(Eval("LOWER(city) IN ('berlin') AND NOT is_test") == "bool true");
  BOOST_TEST(Eval("Length(city) = 6 Or False") == "bool true");
}

BOOST_AUTO_TEST_CASE(whitespace_between_tokens_is_free) {
  BOOST_TEST(Eval(" \tlength ( city )\n>\r5 ") == "bool true");
  BOOST_TEST(Eval("count*2+1") == "int 15");
  BOOST_TEST(Eval("count--1") == "int 8");
}

BOOST_AUTO_TEST_CASE(referenced_fields_lists_each_field_once_in_order) {
  const Expression e =
      Expression::Compile("count + count * ts > `odd name`", SensorSchema(), TestOrigin());
  BOOST_TEST((e.referenced_fields() == std::vector<std::string>{"count", "ts", "odd name"}));
  BOOST_TEST(e.text() == "count + count * ts > `odd name`");
}

BOOST_AUTO_TEST_CASE(copies_evaluate_alike_on_many_records) {
  const Expression original =
      Expression::Compile("upper(city) + '-' + string(count * 2)", SensorSchema(), TestOrigin());
  const Expression copy = original;  // NOLINT(performance-unnecessary-copy-initialization)
  Record row = SensorRow();
  for (int64_t i = 0; i < 3; ++i) {
    row.values[5] = i;
    row.values[3] = std::string(static_cast<size_t>(i) + 1, 'x');
    BOOST_TEST(testing::Show(copy.Evaluate(row)) == testing::Show(original.Evaluate(row)));
  }
  BOOST_TEST(testing::Show(copy.Evaluate(row)) == "string XXX-4");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
