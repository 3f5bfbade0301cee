#include "sim/check/aligned_diff.h"

#include <string>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

// "=" match, "~" differ, "-" missing, "+" unexpected, one per step.
std::string Steps(const std::string& expected, const std::string& actual) {
  const auto pairs = AlignSequences(expected.size(), actual.size(),
                                    [&](size_t e, size_t a) { return expected[e] == actual[a]; });
  std::string out;
  for (const AlignedPair& p : pairs) {
    switch (p.kind) {
      case AlignedPair::Kind::kMatch: out += '='; break;
      case AlignedPair::Kind::kDiffer: out += '~'; break;
      case AlignedPair::Kind::kMissing: out += '-'; break;
      case AlignedPair::Kind::kUnexpected: out += '+'; break;
    }
  }
  return out;
}

BOOST_AUTO_TEST_SUITE(aligned_diff)

// A record dropped from the middle is missing alone; the rest still match
// (a positional diff would report every later record as different).
BOOST_AUTO_TEST_CASE(missing_record_shifts_nothing) {
  BOOST_TEST(Steps("abcde", "abde") == "==-==");
  BOOST_TEST(Steps("abde", "abcde") == "==+==");
}

BOOST_AUTO_TEST_CASE(changed_record_pairs_with_its_counterpart) {
  BOOST_TEST(Steps("abcde", "abXde") == "==~==");
}

BOOST_AUTO_TEST_CASE(everything_different_pairs_position_by_position) {
  BOOST_TEST(Steps("abc", "xyzw") == "~~~+");
  BOOST_TEST(Steps("", "xy") == "++");
  BOOST_TEST(Steps("ab", "") == "--");
}

// The longest common subsequence of "axbyc" and "abc" keeps a, b, c.
BOOST_AUTO_TEST_CASE(keeps_the_longest_common_subsequence) {
  BOOST_TEST(Steps("axbyc", "abc") == "=-=-=");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
