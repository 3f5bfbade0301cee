#include "engine/core/input_error.h"

#include <string>

#include <boost/test/unit_test.hpp>

namespace tidemark::engine {
namespace {

BOOST_AUTO_TEST_SUITE(input_error)

// A 5 MB type name once gave 5 MB of stderr. A quoted run of input is cut at
// 200 characters: 'xxx...x...' with 200 x's, the rest of the message kept.
BOOST_AUTO_TEST_CASE(cuts_long_echoed_input) {
  const std::string huge(5'000'000, 'x');
  const InputError e({"s.yaml", 3, 7}, "unknown type '" + huge + "' for field 'a'",
                     "hint '" + huge + "'");
  const std::string cut = std::string(200, 'x') + "...";
  BOOST_TEST(e.message() == "unknown type '" + cut + "' for field 'a'");
  BOOST_TEST(e.hint() == "hint '" + cut + "'");
  BOOST_TEST(std::string(e.what()) == "s.yaml:3:7: error: unknown type '" + cut +
                                          "' for field 'a'\n  hint: hint '" + cut + "'");
}

// Characters, not bytes: 250 two-byte characters keep 200 of them, whole.
BOOST_AUTO_TEST_CASE(cuts_on_a_character_boundary) {
  std::string accents;
  for (int i = 0; i < 250; ++i) accents += "\xC3\xA9";
  const InputError e({"s.yaml", 1, 1}, "bad '" + accents + "'");
  BOOST_TEST(e.message() == "bad '" + accents.substr(0, 400) + "...'");
}

// Short messages, and long ones without long quoted input, are as written,
// up to 2000 characters.
BOOST_AUTO_TEST_CASE(leaves_ordinary_messages_alone) {
  const std::string long_text(300, 'y');
  BOOST_TEST(InputError({}, "the scenario's seed 'x'").message() == "the scenario's seed 'x'");
  BOOST_TEST(InputError({}, long_text).message() == long_text);
  BOOST_TEST(InputError({}, std::string(3000, 'z')).message() == std::string(2000, 'z') + "...");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
