#include "sim/recovery/internal/java_number.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

#include "engine/core/check.h"

namespace tidemark::sim::internal {

int64_t JavaLong(double d) {
  if (std::isnan(d)) return 0;
  if (d >= 0x1p63) return std::numeric_limits<int64_t>::max();
  if (d <= -0x1p63) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

// Multiplications only, so no fused multiply-add can change a rounding.
double Power(double base, int64_t exponent) {
  TIDEMARK_CHECK(exponent >= 0);
  double result = 1.0;
  while (exponent > 0) {
    if ((exponent & 1) != 0) result *= base;
    exponent >>= 1;
    if (exponent > 0) base *= base;
  }
  return result;
}

std::string JavaDouble(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";
  // The shortest round-trip digits, locale-free: "[-]d[.ddd]e(+|-)dd".
  char buf[64];
  const auto written = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string_view text(buf, static_cast<size_t>(written.ptr - buf));
  std::string out;
  if (text.front() == '-') {
    out += '-';
    text.remove_prefix(1);
  }
  const size_t e = text.find('e');
  std::string digits;
  for (char c : text.substr(0, e)) {
    if (c != '.') digits += c;
  }
  std::string_view exponent_text = text.substr(e + 1);
  const bool negative_exponent = exponent_text.front() == '-';
  exponent_text.remove_prefix(1);  // the sign
  int exponent = 0;
  std::from_chars(exponent_text.data(), exponent_text.data() + exponent_text.size(), exponent);
  if (negative_exponent) exponent = -exponent;

  if (exponent < -3 || exponent >= 7) {
    out += digits.substr(0, 1) + ".";
    out += digits.size() > 1 ? digits.substr(1) : "0";
    return out + "E" + std::to_string(exponent);
  }
  if (exponent < 0) {
    return out + "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
  }
  const size_t whole = static_cast<size_t>(exponent) + 1;
  if (digits.size() <= whole) return out + digits + std::string(whole - digits.size(), '0') + ".0";
  return out + digits.substr(0, whole) + "." + digits.substr(whole);
}

}  // namespace tidemark::sim::internal
