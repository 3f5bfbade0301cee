// Java's number semantics where Flink's output depends on them: the (long)
// cast of a double, Math.pow's exact cases, and Double.toString. The runtime
// room uses them to compute and print what Flink computes and prints.
//
// Everything here is deterministic across platforms: integer arithmetic and
// single IEEE-754 operations (correctly rounded by the standard) only, no
// libm call whose last bit may vary.
#ifndef TIDEMARK_SIM_RECOVERY_INTERNAL_JAVA_NUMBER_H_
#define TIDEMARK_SIM_RECOVERY_INTERNAL_JAVA_NUMBER_H_

#include <cstdint>
#include <string>

namespace tidemark::sim::internal {

// Java's (long) d (JLS 5.1.3): towards zero, saturating at the long range,
// NaN to 0. (In C++ the cast of an out-of-range double is undefined.)
int64_t JavaLong(double d);

// base^exponent by squaring, in double multiplications only. Java's Math.pow
// may differ from the exact power by an ulp, and by platform; this does not
// vary. When every power on the way is exact, so is the result, and equals
// what an exact pow returns (fdlibm's StrictMath.pow is exact there): for 1.5
// up to exponent 33 (3^33 < 2^53), for 2 up to 1023. REQUIRES exponent >= 0.
double Power(double base, int64_t exponent);

// Java's Double.toString as JDK 19 and later print it (the shortest decimal
// that reads back as the same double; older JDKs sometimes print one digit
// more): plain with at least one fraction digit when 1e-3 <= |d| < 1e7
// ("1.5", "60000.0", "0.001"), else "d.dddE<n>" ("1.0E7", "1.0E-4").
std::string JavaDouble(double d);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RECOVERY_INTERNAL_JAVA_NUMBER_H_
