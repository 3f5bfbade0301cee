#include "sim/scenario/duration_text.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(duration_text)

BOOST_AUTO_TEST_CASE(parses_every_unit_and_bare_milliseconds) {
  BOOST_TEST(ParseDuration("500ms")->millis() == 500);
  BOOST_TEST(ParseDuration("2s")->millis() == 2000);
  BOOST_TEST(ParseDuration("1m")->millis() == 60000);
  BOOST_TEST(ParseDuration("1min")->millis() == 60000);
  BOOST_TEST(ParseDuration("1h")->millis() == 3600000);
  BOOST_TEST(ParseDuration("1d")->millis() == 86400000);
  BOOST_TEST(ParseDuration("250")->millis() == 250);
  BOOST_TEST(ParseDuration("-1s")->millis() == -1000);
}

BOOST_AUTO_TEST_CASE(rejects_malformed_and_overflowing_text) {
  BOOST_TEST(!ParseDuration("").has_value());
  BOOST_TEST(!ParseDuration("s").has_value());
  BOOST_TEST(!ParseDuration("2 s").has_value());
  BOOST_TEST(!ParseDuration("1.5s").has_value());
  BOOST_TEST(!ParseDuration("2sec").has_value());
  BOOST_TEST(!ParseDuration("9223372036854775807d").has_value());
}

BOOST_AUTO_TEST_CASE(formats_with_the_largest_exact_unit) {
  BOOST_TEST(FormatDuration(engine::Duration::Millis(10000)) == "10s");
  BOOST_TEST(FormatDuration(engine::Duration::Millis(1500)) == "1500ms");
  BOOST_TEST(FormatDuration(engine::Duration::Millis(0)) == "0ms");
  BOOST_TEST(FormatDuration(engine::Duration::Millis(7200000)) == "2h");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
