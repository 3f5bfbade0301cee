#include "engine/key_table.h"

#include <boost/test/unit_test.hpp>

#include <limits>
#include <string>

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

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
