// The parsing functions of §11.5 (split, size, [i], json_get, regex_extract)
// and if(...), with values worked out by hand on SensorRow
// (expression_test_util.h) and on literal texts.
#include <boost/test/unit_test.hpp>

#include "engine/expressions/expression.h"
#include "engine/expressions/expression_test_util.h"

namespace tidemark::engine {
namespace {

using testing::Eval;
using testing::SensorSchema;
using testing::TestOrigin;

std::string ErrorOf(std::string_view text) {
  try {
    Expression::Compile(text, SensorSchema(), TestOrigin());
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

BOOST_AUTO_TEST_SUITE(expression_parsing)

// Java's String.split on a literal: trailing empty strings go, inner ones stay.
BOOST_AUTO_TEST_CASE(split_keeps_inner_empty_items_and_drops_trailing_ones) {
  BOOST_TEST(Eval("split('a,b,,c', ',')") == "list [a, b, , c]");
  BOOST_TEST(Eval("size(split('a,b,,', ','))") == "int 2");
  BOOST_TEST(Eval("size(split(',', ','))") == "int 0");
  BOOST_TEST(Eval("size(split('', ','))") == "int 1");  // "".split(",") is [""]
  BOOST_TEST(Eval("split(client_ip, '.')[3]") == "string 17");
  BOOST_TEST(Eval("split(client_ip, '.')[4]") == "null null");  // out of range
  BOOST_TEST(Eval("split(client_ip, '.')[-1]") == "null null");
  BOOST_TEST(Eval("size(split(maybe_string, ','))") == "null null");
}

BOOST_AUTO_TEST_CASE(json_get_reads_one_value_by_path) {
  BOOST_TEST(Eval(R"(json_get('{"message": "a,b", "n": 3}', 'message'))") == "string a,b");
  BOOST_TEST(Eval(R"(json_get('{"n": 3}', 'n'))") == "string 3");
  BOOST_TEST(Eval(R"(json_get('{"a": {"b": [1, {"c": "\\u00e9"}]}}', 'a.b[1].c'))") ==
             "string \xc3\xa9");
  BOOST_TEST(Eval(R"(json_get('{"a": [1, 2]}', 'a'))") == "string [1, 2]");
  BOOST_TEST(Eval(R"(json_get('{"a": 1}', 'b'))") == "null null");
  BOOST_TEST(Eval(R"(json_get('{"a": null}', 'a'))") == "null null");
  BOOST_TEST(Eval("json_get('not json', 'a')") == "null null");
  BOOST_TEST(Eval(R"(json_get('{"a": "unterminated', 'a'))") == "null null");
}

BOOST_AUTO_TEST_CASE(json_get_survives_deep_nesting) {
  std::string deep(100000, '[');
  BOOST_TEST(Eval("json_get('" + deep + "', '[0]')") == "null null");
}

BOOST_AUTO_TEST_CASE(regex_extract_takes_a_group_or_the_whole_match) {
  BOOST_TEST(Eval("regex_extract(client_ip, '([0-9]+)$', 1)") == "string 17");
  BOOST_TEST(Eval("regex_extract(sensor_id, '[a-z]+')") == "string s");
  BOOST_TEST(Eval("regex_extract(sensor_id, 'x')") == "null null");
  BOOST_TEST(Eval("regex_extract(sensor_id, '(s)', 2)") == "null null");
}

BOOST_AUTO_TEST_CASE(if_takes_a_branch_and_a_null_condition_takes_the_else) {
  BOOST_TEST(Eval("if(count > 5, 'many', 'few')") == "string many");
  BOOST_TEST(Eval("if(maybe_bool, 1, 2.5)") == "double 2.5");
  BOOST_TEST(Eval("if(is_test, 1, 2)") == "int 2");
}

BOOST_AUTO_TEST_CASE(lists_are_checked_when_compiled) {
  BOOST_TEST(ErrorOf("split(city, ',') = split(city, ',')").find("cannot compare lists") !=
             std::string::npos);
  BOOST_TEST(ErrorOf("city[0]").find("cannot index a string") != std::string::npos);
  BOOST_TEST(ErrorOf("split(city, ',')['a']").find("a list index must be an int") !=
             std::string::npos);
  BOOST_TEST(ErrorOf("string(split(city, ','))").find("cannot convert a list") !=
             std::string::npos);
  BOOST_TEST(ErrorOf("regex_extract(city, city)").find("expects a string literal") !=
             std::string::npos);
  BOOST_TEST(ErrorOf("regex_extract(city, '(')").find("invalid regular expression") !=
             std::string::npos);
  BOOST_TEST(ErrorOf("json_get(city, 'a..b')").find("invalid JSON path") != std::string::npos);
  BOOST_TEST(ErrorOf("if(count, 1, 2)").find("if expects a bool") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
