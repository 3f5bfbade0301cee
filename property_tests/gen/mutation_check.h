// ExpectCaught: the verdict of a mutation test that plants a bug in a
// property. The property must fail (ExpectFailure) and RapidCheck must shrink
// its counterexample to fewer than 10 records, small enough to read.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_MUTATION_CHECK_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_MUTATION_CHECK_H_

#include <functional>

#include <boost/test/unit_test.hpp>

#include "property_tests/gen/counterexample.h"

namespace tidemark::props {

inline void ExpectCaught(const std::function<void()>& property) {
  const MutationOutcome outcome = ExpectFailure(property);
  BOOST_TEST_MESSAGE("shrunk to " << outcome.shrunk_size << " records: " << outcome.message);
  BOOST_TEST(outcome.failed);
  BOOST_TEST(outcome.shrunk_size < 10u);
}

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_MUTATION_CHECK_H_
