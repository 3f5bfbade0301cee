#include "engine/core/input_error_list.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::engine {
namespace {

InputError At(int line, int column, const std::string& message) {
  return InputError({"s.yaml", line, column}, message);
}

BOOST_AUTO_TEST_SUITE(input_error_list)

BOOST_AUTO_TEST_CASE(one_error_is_thrown_as_it_is) {
  try {
    ThrowAll({At(3, 1, "bad")});
  } catch (const InputErrorList&) {
    BOOST_FAIL("a single error came as a list");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()) == "s.yaml:3:1: error: bad");
  }
}

// Found in the order 12:1, 3:9, 3:2; printed 3:2, 3:9, 12:1. The first in file
// order is where() and message(), for callers that read one error.
BOOST_AUTO_TEST_CASE(several_are_printed_in_file_order) {
  try {
    ThrowAll({At(12, 1, "c"), At(3, 9, "b"), At(3, 2, "a")});
    BOOST_FAIL("nothing thrown");
  } catch (const InputErrorList& e) {
    BOOST_TEST(std::string(e.what()) ==
               "s.yaml:3:2: error: a\ns.yaml:3:9: error: b\ns.yaml:12:1: error: c");
    BOOST_TEST(e.where().line == 3);
    BOOST_TEST(e.message() == "a");
    BOOST_TEST(e.errors().size() == 3u);
  }
}

// 25 errors: the first 20 shown (lines 1..20), "and 5 more errors".
BOOST_AUTO_TEST_CASE(shows_twenty_and_counts_the_rest) {
  InputErrorCollector collector;
  for (int line = 25; line >= 1; --line) collector.Add(At(line, 1, "x"));
  BOOST_TEST(collector.size() == 25u);
  try {
    collector.ThrowIfAny();
    BOOST_FAIL("nothing thrown");
  } catch (const InputErrorList& e) {
    BOOST_TEST(e.errors().size() == 20u);
    BOOST_TEST(e.errors().back().where().line == 20);
    BOOST_TEST(e.left_out() == 5u);
    const std::string text = e.what();
    BOOST_TEST(text.substr(text.rfind('\n') + 1) == "and 5 more errors");
  }
}

// A list added to a collector is flattened, its count of left-out errors kept.
BOOST_AUTO_TEST_CASE(lists_are_flattened) {
  InputErrorCollector inner;
  inner.Add(At(5, 1, "inner-a"));
  inner.Add(At(7, 1, "inner-b"));
  InputErrorCollector outer;
  outer.Add(At(6, 1, "outer"));
  try {
    inner.ThrowIfAny();
  } catch (const InputError& e) {
    outer.Add(e);
  }
  try {
    outer.ThrowIfAny();
    BOOST_FAIL("nothing thrown");
  } catch (const InputErrorList& e) {
    BOOST_TEST(std::string(e.what()) ==
               "s.yaml:5:1: error: inner-a\ns.yaml:6:1: error: outer\ns.yaml:7:1: error: inner-b");
  }
  InputErrorCollector none;
  BOOST_CHECK_NO_THROW(none.ThrowIfAny());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
