// Java hashCode of key values, as Flink computes it before key-group
// assignment (§6.4). keyBy routing depends on these
// exact 32-bit values, so each Value type maps to one Java type:
//   - int64 is a java.lang.Long: (int)(v ^ (v >>> 32)). An "int" field in a
//     scenario is a Long key, NOT an Integer (Integer 5 and Long 5 happen to
//     agree, but negative values differ: Integer -1 -> -1, Long -1 -> 0). For
//     Integer keys use JavaIntHashCode and hand the hash to the key-group code.
//   - double is a java.lang.Double: Long hash of doubleToLongBits (every NaN
//     becomes the canonical 0x7ff8000000000000; 0.0 and -0.0 differ).
//   - bool is a java.lang.Boolean: true 1231, false 1237.
//   - string is a java.lang.String: h = 31*h + c over UTF-16 code units. The
//     bytes are decoded as UTF-8; characters beyond the BMP contribute their
//     two surrogates. Invalid UTF-8 decodes as Java's new String(bytes, UTF_8)
//     does: each maximal ill-formed subpart (Unicode 3.9, "best practice")
//     becomes one U+FFFD.
//   - null hashes to 0 (as a null Tuple field does); a null key itself is
//     rejected by Flink ("Assigned key must not be null!") before hashing.
// All functions allocate nothing.
#ifndef TIDEMARK_ENGINE_JAVA_HASH_H_
#define TIDEMARK_ENGINE_JAVA_HASH_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/core/value.h"

namespace tidemark::engine {

constexpr int32_t JavaIntHashCode(int32_t v) { return v; }
constexpr int32_t JavaLongHashCode(int64_t v) {
  const uint64_t bits = static_cast<uint64_t>(v);
  return static_cast<int32_t>(static_cast<uint32_t>(bits ^ (bits >> 32)));
}
constexpr int32_t JavaBooleanHashCode(bool v) { return v ? 1231 : 1237; }
int32_t JavaDoubleHashCode(double v);
// `utf8` is decoded to UTF-16 as described above.
int32_t JavaStringHashCode(std::string_view utf8);

// The hashCode of the Java object a Value stands for (see the header comment).
int32_t JavaHashCode(const Value& value);

// Flink TupleN.hashCode for a composite key: h(f0), then h = 31*h + h(fi).
int32_t JavaTupleHashCode(std::span<const Value> fields);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_JAVA_HASH_H_
