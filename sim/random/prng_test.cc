#include "sim/random/prng.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(prng)

// Pinned outputs: xoshiro256** seeded by SplitMix64, computed with an
// independent Python transcription of the published algorithms. If these
// change, every recorded seed replays a different schedule.
BOOST_AUTO_TEST_CASE(first_outputs_are_pinned) {
  Prng zero(0);
  BOOST_TEST(zero.Next() == 11091344671253066420ULL);
  BOOST_TEST(zero.Next() == 13793997310169335082ULL);
  BOOST_TEST(zero.Next() == 1900383378846508768ULL);
  Prng answer(42);
  BOOST_TEST(answer.Next() == 1546998764402558742ULL);
  BOOST_TEST(answer.Next() == 6990951692964543102ULL);
}

BOOST_AUTO_TEST_CASE(components_get_independent_streams) {
  Prng a = Prng::ForComponent(7, "channel-latency");
  Prng b = Prng::ForComponent(7, "rebalance");
  Prng a_again = Prng::ForComponent(7, "channel-latency");
  const uint64_t first_a = a.Next();
  BOOST_TEST(first_a != b.Next());
  BOOST_TEST(first_a == a_again.Next());
}

BOOST_AUTO_TEST_CASE(bounded_draws_stay_in_range_and_cover_it) {
  Prng prng(3);
  bool seen[5] = {};
  for (int i = 0; i < 1000; ++i) {
    const int64_t v = prng.Between(-2, 2);
    BOOST_REQUIRE(v >= -2 && v <= 2);
    seen[v + 2] = true;
  }
  for (bool s : seen) BOOST_TEST(s);
  BOOST_TEST(prng.Below(1) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
