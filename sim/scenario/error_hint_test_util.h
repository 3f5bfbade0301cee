// Shared by the tests that break one input rule per case and require a
// located error with its message and a hint (error_hints_test.cc here,
// sim/runtime/input_error_hints_test.cc for planning and inline rows).
#ifndef TIDEMARK_SIM_SCENARIO_ERROR_HINT_TEST_UTIL_H_
#define TIDEMARK_SIM_SCENARIO_ERROR_HINT_TEST_UTIL_H_

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "engine/core/input_error_list.h"

namespace tidemark::sim::testing {

struct HintCase {
  const char* rule;
  std::string text;     // a scenario
  const char* message;  // a part of the one error's message
};

// Every error `read()` throws: one, or each of a list; none when it returns.
template <typename Read>
std::vector<engine::InputError> ErrorsThrownBy(Read read) {
  try {
    read();
  } catch (const engine::InputErrorList& list) {
    return list.errors();
  } catch (const engine::InputError& e) {
    return {e};
  }
  return {};
}

// Each case's text, given to `errors_of`, gives exactly one error: at a line,
// with the case's message, and with a hint.
template <typename ErrorsOf>
void CheckEachHasHint(const std::vector<HintCase>& cases, ErrorsOf errors_of) {
  for (const HintCase& c : cases) {
    BOOST_TEST_CONTEXT(c.rule) {
      const std::vector<engine::InputError> errors = errors_of(c.text);
      BOOST_TEST_REQUIRE(errors.size() == 1u);
      const engine::InputError& e = errors.front();
      BOOST_TEST(e.message().find(c.message) != std::string::npos, e.message());
      BOOST_TEST(e.where().line > 0);
      BOOST_TEST(!e.hint().empty(), e.message());
    }
  }
}

}  // namespace tidemark::sim::testing

#endif  // TIDEMARK_SIM_SCENARIO_ERROR_HINT_TEST_UTIL_H_
