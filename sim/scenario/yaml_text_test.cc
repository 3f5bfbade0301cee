#include "sim/scenario/yaml_text.h"

#include <string>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(yaml_text)

BOOST_AUTO_TEST_CASE(yaml_scalars_read_back_as_the_same_value) {
  BOOST_TEST(YamlScalar(std::string("sensor_1")) == "sensor_1");
  BOOST_TEST(YamlScalar(std::string("true")) == "\"true\"");
  BOOST_TEST(YamlScalar(std::string("10.0.0.1")) == "\"10.0.0.1\"");
  BOOST_TEST(YamlScalar(std::string("a: b")) == "\"a: b\"");
  BOOST_TEST(YamlScalar(std::string("say \"x\"")) == "\"say \\\"x\\\"\"");
  BOOST_TEST(YamlScalar(engine::Value{}) == "null");
  BOOST_TEST(YamlScalar(21.75) == "21.75");
  BOOST_TEST(YamlScalar(int64_t{-3}) == "-3");
  // A list (§11.5) as the trace and expectation syntax writes it, quoted so
  // that YAML does not read a sequence.
  BOOST_TEST(YamlScalar(engine::StringList{"a", "b"}) == "\"[a, b]\"");
}

// The block of `expect:` goes, up to the next top-level key; the rest stays
// byte for byte, comments included; without the key the block is appended.
BOOST_AUTO_TEST_CASE(a_top_level_block_is_replaced_in_place_or_appended) {
  const std::string text = "name: x  # kept\nexpect:\n  a: []\n\n  b: []\nsinks: {a: {}}\n";
  BOOST_TEST(ReplaceTopLevelBlock(text, "expect", "expect:\n  a: [{v: 1}]\n") ==
             "name: x  # kept\nexpect:\n  a: [{v: 1}]\nsinks: {a: {}}\n");
  BOOST_TEST(ReplaceTopLevelBlock("name: x", "ledger", "ledger: {}\n") == "name: x\nledger: {}\n");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
