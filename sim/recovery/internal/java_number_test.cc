#include "sim/recovery/internal/java_number.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim::internal {
namespace {

BOOST_AUTO_TEST_SUITE(java_number)

// JLS 5.1.3: truncation towards zero; out of range saturates; NaN is 0.
BOOST_AUTO_TEST_CASE(java_long_truncates_and_saturates) {
  BOOST_TEST(JavaLong(2.9) == 2);
  BOOST_TEST(JavaLong(-2.9) == -2);
  BOOST_TEST(JavaLong(5062.5) == 5062);
  BOOST_TEST(JavaLong(1e19) == std::numeric_limits<int64_t>::max());
  BOOST_TEST(JavaLong(-1e19) == std::numeric_limits<int64_t>::min());
  BOOST_TEST(JavaLong(std::numeric_limits<double>::infinity()) ==
             std::numeric_limits<int64_t>::max());
  BOOST_TEST(JavaLong(std::nan("")) == 0);
}

// 1.5^33 = 3^33 / 2^33 and 3^33 = 5559060566555523 < 2^53: every square and
// product on the way is exact, so the result is too.
BOOST_AUTO_TEST_CASE(power_is_exact_while_the_powers_are) {
  BOOST_TEST(Power(1.5, 0) == 1.0);
  BOOST_TEST(Power(1.5, 11) == 86.49755859375);  // 177147 / 2048
  BOOST_TEST(Power(1.5, 33) * 0x1p33 == 5559060566555523.0);
  BOOST_TEST(Power(2.0, 1023) == 0x1p1023);
  // Past the double range the power is infinite, as Math.pow's.
  BOOST_TEST(std::isinf(Power(2.0, 1024)));
}

// Java's Double.toString: "1.5", "2.0", "0.001"; scientific below 1e-3 and
// from 1e7 on, with one digit before the point and "E" without a plus sign.
BOOST_AUTO_TEST_CASE(java_double_prints_as_java) {
  BOOST_TEST(JavaDouble(1.5) == "1.5");
  BOOST_TEST(JavaDouble(0.1) == "0.1");
  BOOST_TEST(JavaDouble(2.0) == "2.0");
  BOOST_TEST(JavaDouble(0.0) == "0.0");
  BOOST_TEST(JavaDouble(-2.5) == "-2.5");
  BOOST_TEST(JavaDouble(60000.0) == "60000.0");
  BOOST_TEST(JavaDouble(123456.789) == "123456.789");
  BOOST_TEST(JavaDouble(0.001) == "0.001");
  BOOST_TEST(JavaDouble(0.0001) == "1.0E-4");
  BOOST_TEST(JavaDouble(1.2345e-5) == "1.2345E-5");
  BOOST_TEST(JavaDouble(9999999.0) == "9999999.0");
  BOOST_TEST(JavaDouble(1e7) == "1.0E7");
  BOOST_TEST(JavaDouble(12345678.9) == "1.23456789E7");
  BOOST_TEST(JavaDouble(1e21) == "1.0E21");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim::internal
