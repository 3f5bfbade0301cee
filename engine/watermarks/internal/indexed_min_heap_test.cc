// IndexedMinHeap against a brute-force minimum over a fixed pseudo-random
// sequence of inserts, erases and re-keys.
#include "engine/watermarks/internal/indexed_min_heap.h"

#include <cstdint>
#include <optional>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::engine::internal {
namespace {

BOOST_AUTO_TEST_SUITE(indexed_min_heap)

BOOST_AUTO_TEST_CASE(top_is_always_the_minimum_of_the_present_slots) {
  constexpr int kSlots = 13;
  IndexedMinHeap heap(kSlots);
  std::vector<std::optional<int64_t>> model(kSlots);
  uint64_t state = 12345;  // a fixed LCG: the test is the same on every run
  auto next = [&state](uint64_t bound) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return (state >> 33) % bound;
  };
  for (int step = 0; step < 5000; ++step) {
    const int slot = static_cast<int>(next(kSlots));
    const int64_t key = static_cast<int64_t>(next(50));
    const uint64_t op = next(3);
    if (op == 0 && !heap.Contains(slot)) {
      heap.Insert(slot, Timestamp::Millis(key));
      model[static_cast<size_t>(slot)] = key;
    } else if (op == 1) {
      heap.Erase(slot);
      model[static_cast<size_t>(slot)].reset();
    } else if (heap.Contains(slot)) {
      heap.Update(slot, Timestamp::Millis(key));
      model[static_cast<size_t>(slot)] = key;
    }
    std::optional<int64_t> min;
    for (const auto& k : model) {
      if (k && (!min || *k < *min)) min = k;
    }
    BOOST_TEST_REQUIRE(heap.empty() == !min.has_value());
    if (min) {
      BOOST_TEST_REQUIRE(heap.TopKey().millis() == *min);
      BOOST_TEST_REQUIRE(model[static_cast<size_t>(heap.Top())].value() == *min);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine::internal
