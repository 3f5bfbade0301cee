// `expect:` blocks read from hostile scenario text: every refusal is a
// located InputError, never a yaml-cpp exception.
#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "sim/check/expectation_kinds.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// The error's first line, "no error", or "not an InputError".
std::string ErrorOf(const std::string& text) {
  try {
    ParseScenarioSpec(text, "s.yaml", "/nonexistent");
  } catch (const engine::InputError& e) {
    const std::string what = e.what();
    return what.substr(0, what.find('\n'));
  } catch (...) {
    return "not an InputError";
  }
  return "no error";
}

BOOST_AUTO_TEST_SUITE(records_expectation)

// Found by fuzz_scenario (seed 20261203): an `output:` entry whose one key is
// a flow sequence made yaml-cpp throw TypedBadConversion out of the loader.
BOOST_AUTO_TEST_CASE(an_output_entry_keyed_by_a_sequence_is_a_located_error) {
  const std::string error = ErrorOf(R"(sources:
  s:
    events:
      - {k: a, ts: 1}
    schema: {k: string, ts: int}
    event_time: ts
sinks: {s: {}}
expect:
  s:
    output:
      - {[k]: 1}
)");
  BOOST_TEST(error != "not an InputError");
  BOOST_TEST(error != "no error");
  BOOST_TEST(error.rfind("s.yaml:11:", 0) == 0, error);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
