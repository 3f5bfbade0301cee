#include "engine/core/key_table.h"

#include <limits>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::engine {
namespace {

BOOST_AUTO_TEST_SUITE(key_table)

// §10.3: key ids follow first-seen order, the timer tie-breaker.
BOOST_AUTO_TEST_CASE(ids_follow_first_seen_order_and_types_stay_distinct) {
  KeyTable keys;
  BOOST_TEST(keys.Intern(Value(std::string("key2"))) == 0u);
  BOOST_TEST(keys.Intern(Value(std::string("key1"))) == 1u);
  BOOST_TEST(keys.Intern(Value(std::string("key2"))) == 0u);
  BOOST_TEST(keys.Intern(Value(int64_t{1})) == 2u);
  BOOST_TEST(keys.Intern(Value(1.0)) == 3u);
  BOOST_TEST(keys.Find(Value(std::string("key1"))).value() == 1u);
  BOOST_TEST(!keys.Find(Value(std::string("nope"))).has_value());
  BOOST_TEST(std::get<std::string>(keys.key(1)) == "key1");
  BOOST_TEST(keys.size() == 4u);
}

// Java Double.equals: NaN equals NaN, 0.0 differs from -0.0.
BOOST_AUTO_TEST_CASE(double_keys_compare_like_java_boxed_doubles) {
  KeyTable keys;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  BOOST_TEST(keys.Intern(Value(nan)) == keys.Intern(Value(-nan)));
  BOOST_TEST(keys.Intern(Value(0.0)) != keys.Intern(Value(-0.0)));
  BOOST_TEST(keys.size() == 3u);
}

// String keys are compared a word at a time by length class (below 4, 4-7,
// 8-16, longer); keys differing in one byte anywhere, or only in length, or
// holding zero bytes stay distinct, and the ids survive the table growing.
BOOST_AUTO_TEST_CASE(string_keys_of_every_length_stay_distinct) {
  KeyTable keys;
  std::vector<std::string> seen;
  for (size_t len = 0; len <= 40; ++len) {
    const std::string base(len, 'a');
    seen.push_back(base);
    for (size_t pos = 0; pos < len; ++pos) {
      std::string other = base;
      other[pos] = pos % 2 == 0 ? 'b' : '\0';
      seen.push_back(other);
    }
  }
  for (size_t i = 0; i < seen.size(); ++i) {
    BOOST_TEST(keys.Intern(Value(seen[i])) == i);
  }
  for (size_t i = 0; i < seen.size(); ++i) {
    BOOST_TEST(keys.Intern(Value(seen[i])) == i);
    BOOST_TEST(keys.Find(Value(seen[i])).value() == i);
    BOOST_TEST(std::get<std::string>(keys.key(static_cast<KeyId>(i))) == seen[i]);
  }
  BOOST_TEST(keys.size() == seen.size());
  BOOST_TEST(!keys.Find(Value(std::string(41, 'a'))).has_value());
  // A string is never equal to a key of another type with the same text.
  BOOST_TEST(keys.Intern(Value(int64_t{97})) == seen.size());
  BOOST_TEST(!keys.Find(Value(std::string("1"))).has_value());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
