#include "sim/trace/csv_cell.h"

#include <cstdint>
#include <limits>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

using engine::Value;
using engine::ValueType;

BOOST_AUTO_TEST_SUITE(csv_cell)

BOOST_AUTO_TEST_CASE(ints_take_a_sign_and_the_full_64_bit_range) {
  BOOST_TEST((ParseCell("42", ValueType::kInt) == Value(int64_t{42})));
  BOOST_TEST((ParseCell("+7", ValueType::kInt) == Value(int64_t{7})));
  BOOST_TEST((ParseCell("-007", ValueType::kInt) == Value(int64_t{-7})));
  BOOST_TEST((ParseCell("9223372036854775807", ValueType::kInt) ==
              Value(std::numeric_limits<int64_t>::max())));
  BOOST_TEST((ParseCell("-9223372036854775808", ValueType::kInt) ==
              Value(std::numeric_limits<int64_t>::min())));
}

BOOST_AUTO_TEST_CASE(ints_reject_fractions_words_and_overflow_with_a_reason) {
  for (const char* bad : {"1.5", "abc", "", "-", "+", "1e3", "12a", " 1", "0x10", "--1"}) {
    CellError error;
    BOOST_TEST(!ParseCell(bad, ValueType::kInt, &error).has_value(), bad);
    BOOST_TEST(error.message == "expects an int, got " + QuoteForMessage(bad));
  }
  CellError error;
  BOOST_TEST(!ParseCell("9223372036854775808", ValueType::kInt, &error));
  BOOST_TEST(error.message == "expects an int, got '9223372036854775808', which is out of range");
  BOOST_TEST(!ParseCell("-9223372036854775809", ValueType::kInt));
  BOOST_TEST(!ParseCell("99999999999999999999999", ValueType::kInt));
}

BOOST_AUTO_TEST_CASE(doubles_parse_locale_free_and_must_be_finite) {
  BOOST_TEST((ParseCell("21.5", ValueType::kDouble) == Value(21.5)));
  BOOST_TEST((ParseCell("-3", ValueType::kDouble) == Value(-3.0)));
  BOOST_TEST((ParseCell("+.5", ValueType::kDouble) == Value(0.5)));
  BOOST_TEST((ParseCell("1e-3", ValueType::kDouble) == Value(0.001)));
  CellError error;
  BOOST_TEST(!ParseCell("hot", ValueType::kDouble, &error));
  BOOST_TEST(error.message == "expects a double, got 'hot'");
  BOOST_TEST(!ParseCell("21,5", ValueType::kDouble));
  BOOST_TEST(!ParseCell("+-1", ValueType::kDouble));
  for (const char* not_finite : {"nan", "inf", "-infinity", "NaN"}) {
    BOOST_TEST(!ParseCell(not_finite, ValueType::kDouble, &error), not_finite);
    BOOST_TEST(error.message == "expects a finite double, got " + QuoteForMessage(not_finite));
  }
  BOOST_TEST(!ParseCell("1e999", ValueType::kDouble, &error));
  BOOST_TEST(error.message == "expects a double, got '1e999', which is out of range");
}

BOOST_AUTO_TEST_CASE(bools_are_true_or_false_in_any_case) {
  BOOST_TEST((ParseCell("true", ValueType::kBool) == Value(true)));
  BOOST_TEST((ParseCell("FALSE", ValueType::kBool) == Value(false)));
  BOOST_TEST((ParseCell("True", ValueType::kBool) == Value(true)));
  BOOST_TEST(!ParseCell("1", ValueType::kBool));
  BOOST_TEST(!ParseCell("yes", ValueType::kBool));
}

BOOST_AUTO_TEST_CASE(strings_are_taken_as_they_are) {
  BOOST_TEST((ParseCell(" a, \"b\" ", ValueType::kString) == Value(std::string(" a, \"b\" "))));
  BOOST_TEST((ParseCell("", ValueType::kString) == Value(std::string())));
}

BOOST_AUTO_TEST_CASE(a_value_with_spaces_around_it_gets_a_hint_to_remove_them) {
  CellError error;
  BOOST_TEST(!ParseCell(" 12 ", ValueType::kInt, &error));
  BOOST_TEST(error.hint == "remove the spaces around the value");
}

BOOST_AUTO_TEST_CASE(messages_shorten_long_values_and_escape_control_characters) {
  BOOST_TEST(QuoteForMessage("a\nb\x01") == "'a\\nb\\x01'");
  const std::string long_value(100, 'x');
  BOOST_TEST(QuoteForMessage(long_value) == "'" + std::string(40, 'x') + "...'");
  // 41 two-byte characters: the cut falls between characters, never inside one.
  std::string accents;
  for (int i = 0; i < 41; ++i) accents += "\xC3\xA9";
  BOOST_TEST(QuoteForMessage(accents) == "'" + accents.substr(0, 80) + "...'");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
