#include "engine/core/nearest_name.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::engine {
namespace {

BOOST_AUTO_TEST_SUITE(nearest_name)

BOOST_AUTO_TEST_CASE(suggests_the_closest_field_for_a_typo) {
  const std::vector<std::string> fields = {"sensor_id", "ts", "temperature"};
  BOOST_TEST(NearestName("temprature", fields).value() == "temperature");
  BOOST_TEST(NearestName("sensorid", fields).value() == "sensor_id");
}

BOOST_AUTO_TEST_CASE(suggests_nothing_when_no_name_is_close) {
  BOOST_TEST(!NearestName("humidity", {"sensor_id", "ts", "temperature"}).has_value());
  BOOST_TEST(UnknownNameHint("humidity", {"a", "b"}) == "expected one of 'a', 'b'");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
