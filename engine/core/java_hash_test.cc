// Java hashCode of key values (§6.4). Reference values
// are Java's: String.hashCode, Long.hashCode, Double.hashCode, Boolean.hashCode.
#include "engine/core/java_hash.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::engine {
namespace {

BOOST_AUTO_TEST_SUITE(java_hash)

BOOST_AUTO_TEST_CASE(strings_hash_like_java_strings) {
  // §6.4/§6.5: h = 31*h + c over UTF-16 units, int wraparound.
  BOOST_TEST(JavaHashCode(Value{std::string("")}) == 0);
  BOOST_TEST(JavaHashCode(Value{std::string("a")}) == 97);
  BOOST_TEST(JavaHashCode(Value{std::string("b")}) == 98);
  BOOST_TEST(JavaHashCode(Value{std::string("key1")}) == 3288498);
  BOOST_TEST(JavaHashCode(Value{std::string("key2")}) == 3288499);
  BOOST_TEST(JavaHashCode(Value{std::string("user-1")}) == -836031825);
  BOOST_TEST(JavaHashCode(Value{std::string("hello")}) == 99162322);
  // Longer than the four bytes hashed at a time, with a remainder:
  // "hello world".hashCode() in Java, and h = 31*h + c by hand for the other.
  BOOST_TEST(JavaHashCode(Value{std::string("hello world")}) == 1794106052);
  BOOST_TEST(JavaHashCode(Value{std::string("sensor-000123")}) == 306374517);
}

BOOST_AUTO_TEST_CASE(non_ascii_strings_hash_their_utf16_code_units) {
  BOOST_TEST(JavaStringHashCode("\xC3\xA9") == 233);  // U+00E9: one unit
  // U+1F600 is the surrogate pair D83D DE00: 0xD83D * 31 + 0xDE00.
  BOOST_TEST(JavaStringHashCode("\xF0\x9F\x98\x80") == 0xD83D * 31 + 0xDE00);
  // ASCII then not: 'a' (97), then U+00E9 (233): 97 * 31 + 233 = 3240; and
  // back to ASCII: 3240 * 31 + 'b' (98) = 100538.
  BOOST_TEST(JavaStringHashCode("a\xC3\xA9") == 3240);
  BOOST_TEST(JavaStringHashCode("a\xC3\xA9"
                                "b") == 100538);
}

BOOST_AUTO_TEST_CASE(invalid_utf8_becomes_one_replacement_per_maximal_subpart) {
  // As Java's new String(bytes, UTF_8): U+FFFD = 65533.
  BOOST_TEST(JavaStringHashCode("\xFF") == 65533);
  // E0 needs A0..BF next, so E0 and 80 are two separate ill-formed bytes.
  BOOST_TEST(JavaStringHashCode("a\xE0\x80\x62") == JavaStringHashCode("a\uFFFD\uFFFDb"));
  // A truncated 4-byte sequence is one maximal subpart: one U+FFFD.
  BOOST_TEST(JavaStringHashCode("x\xF0\x9F\x98y") == JavaStringHashCode("x\uFFFDy"));
  // Encoded surrogates are ill-formed: ED may only be followed by 80..9F.
  BOOST_TEST(JavaStringHashCode("\xED\xA0\x80") == JavaStringHashCode("\uFFFD\uFFFD\uFFFD"));
}

BOOST_AUTO_TEST_CASE(int_values_hash_as_java_longs) {
  // §6.4: Long hash = (int)(v ^ (v >>> 32)).
  BOOST_TEST(JavaHashCode(Value{int64_t{0}}) == 0);
  BOOST_TEST(JavaHashCode(Value{int64_t{1}}) == 1);
  BOOST_TEST(JavaHashCode(Value{int64_t{42}}) == 42);
  BOOST_TEST(JavaHashCode(Value{int64_t{-1}}) == 0);  // Integer -1 would be -1
  BOOST_TEST(JavaHashCode(Value{int64_t{1'000'000'000'000}}) == -727379736);
  BOOST_TEST(JavaIntHashCode(-1) == -1);
}

BOOST_AUTO_TEST_CASE(booleans_and_null_hash_like_java) {
  BOOST_TEST(JavaHashCode(Value{true}) == 1231);
  BOOST_TEST(JavaHashCode(Value{false}) == 1237);
  BOOST_TEST(JavaHashCode(Value{}) == 0);
}

BOOST_AUTO_TEST_CASE(doubles_hash_their_canonical_bits_as_longs) {
  // 1.5 = 0x3FF8000000000000 -> 0x3FF80000 ^ 0.
  BOOST_TEST(JavaDoubleHashCode(1.5) == 0x3FF80000);
  BOOST_TEST(JavaDoubleHashCode(0.0) == 0);
  BOOST_TEST(JavaDoubleHashCode(-0.0) == static_cast<int32_t>(0x80000000u));
  // Every NaN is the canonical 0x7ff8000000000000.
  BOOST_TEST(JavaDoubleHashCode(std::numeric_limits<double>::quiet_NaN()) == 0x7FF80000);
  BOOST_TEST(JavaDoubleHashCode(-std::numeric_limits<double>::quiet_NaN()) == 0x7FF80000);
}

BOOST_AUTO_TEST_CASE(tuples_combine_fields_left_to_right) {
  // Tuple2("a", 1L): 31 * 97 + 1; a null field counts 0; Tuple1 is its field.
  const std::vector<Value> pair = {std::string("a"), int64_t{1}};
  BOOST_TEST(JavaTupleHashCode(pair) == 31 * 97 + 1);
  const std::vector<Value> with_null = {Value{}, std::string("a")};
  BOOST_TEST(JavaTupleHashCode(with_null) == 97);
  const std::vector<Value> single = {std::string("key1")};
  BOOST_TEST(JavaTupleHashCode(single) == 3288498);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
