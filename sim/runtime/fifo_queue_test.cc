#include "sim/runtime/fifo_queue.h"

#include <deque>
#include <string>

#include <boost/test/unit_test.hpp>

#include "sim/random/prng.h"

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(fifo_queue)

// Interleaved pushes and pops, with the ring wrapping and growing while
// elements sit in it, give exactly the order a std::deque gives.
BOOST_AUTO_TEST_CASE(keeps_first_in_first_out_order_across_wraps_and_growth) {
  FifoQueue<std::string> queue;
  std::deque<std::string> reference;
  Prng script(42);
  int next = 0;
  for (int step = 0; step < 2000; ++step) {
    // Push more than pop early on (growth), then about evenly (wrapping).
    const bool push = reference.empty() || script.Below(step < 500 ? 3 : 2) != 0;
    if (push) {
      const std::string value = "v" + std::to_string(next++);
      queue.push_back(std::string(value));
      reference.push_back(value);
    } else {
      BOOST_TEST_REQUIRE(queue.front() == reference.front());
      queue.pop_front();
      reference.pop_front();
    }
    BOOST_TEST_REQUIRE(queue.size() == reference.size());
  }
  while (!reference.empty()) {
    BOOST_TEST_REQUIRE(queue.front() == reference.front());
    queue.pop_front();
    reference.pop_front();
  }
  BOOST_TEST(queue.empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
