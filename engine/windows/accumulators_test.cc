#include "engine/windows/accumulators.h"

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::engine {
namespace {

bool IsEmpty(const Accumulator& acc) {
  return acc.count == 0 && acc.int_sum == 0 && acc.double_sum == 0 &&
         std::holds_alternative<std::monostate>(acc.value);
}

// Numbers each accumulator by its position, so a lost or swapped one shows.
void Fill(Accumulators& accs) {
  for (size_t i = 0; i < accs.size(); ++i) {
    accs[i].count = static_cast<int64_t>(i) + 1;
    accs[i].value = Value(std::string(1, static_cast<char>('a' + i)));
  }
}

bool HoldsFill(const Accumulators& accs, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (accs[i].count != static_cast<int64_t>(i) + 1) return false;
    if (accs[i].value != Value(std::string(1, static_cast<char>('a' + i)))) return false;
  }
  return true;
}

BOOST_AUTO_TEST_SUITE(accumulators)

// Every size change across the in-place limit (2) and back, like a
// std::vector: kept elements keep their values, new ones start empty.
BOOST_AUTO_TEST_CASE(resize_keeps_elements_and_adds_empty_ones_across_the_in_place_limit) {
  for (size_t from = 0; from <= 5; ++from) {
    for (size_t to = 0; to <= 5; ++to) {
      Accumulators accs;
      accs.resize(from);
      Fill(accs);
      accs.resize(to);
      BOOST_TEST_CONTEXT("resize " << from << " -> " << to) {
        BOOST_TEST(accs.size() == to);
        BOOST_TEST(accs.empty() == (to == 0));
        BOOST_TEST(HoldsFill(accs, std::min(from, to)));
        for (size_t i = from; i < to; ++i) BOOST_TEST(IsEmpty(accs[i]));
        BOOST_TEST(static_cast<size_t>(accs.end() - accs.begin()) == to);
      }
    }
  }
}

// A window cleared by a purge and filled again must not see its old values:
// 2 accumulators held "a" and "b"; after clear and resize(2) both are empty.
BOOST_AUTO_TEST_CASE(clear_then_grow_gives_empty_accumulators) {
  for (size_t n : {1, 2, 3, 4}) {
    Accumulators accs;
    accs.resize(n);
    Fill(accs);
    accs.clear();
    BOOST_TEST(accs.empty());
    accs.resize(n);
    for (size_t i = 0; i < n; ++i) BOOST_TEST(IsEmpty(accs[i]), "n " << n << ", element " << i);
  }
}

// Shrinking back into place and growing again: 4 -> 1 keeps "a"; growing
// to 3 gives "a" then two empty ones, not the "b" and "c" that were on the heap.
BOOST_AUTO_TEST_CASE(shrinking_into_place_forgets_the_heap_elements) {
  Accumulators accs;
  accs.resize(4);
  Fill(accs);
  accs.resize(1);
  accs.resize(3);
  BOOST_TEST(HoldsFill(accs, 1));
  BOOST_TEST(IsEmpty(accs[1]));
  BOOST_TEST(IsEmpty(accs[2]));
}

// A walk through sizes on both sides of the in-place limit, against a
// std::vector as the model; each step marks every element with the step, so
// an element a move left behind in place and later shown again differs.
BOOST_AUTO_TEST_CASE(behaves_like_a_vector_through_a_walk_of_sizes) {
  Accumulators accs;
  std::vector<Accumulator> model;
  int64_t step = 0;
  for (size_t n : {2, 4, 1, 2, 0, 3, 5, 2, 1, 4, 3, 0, 2, 1, 2}) {
    ++step;
    accs.resize(n);
    model.resize(n);
    BOOST_REQUIRE(accs.size() == model.size());
    for (size_t i = 0; i < n; ++i) {
      BOOST_TEST_CONTEXT("step " << step << ", size " << n << ", element " << i) {
        BOOST_TEST(accs[i].count == model[i].count);
        BOOST_TEST((accs[i].value == model[i].value));
      }
      model[i].count = accs[i].count = step * 10 + static_cast<int64_t>(i);
      model[i].value = accs[i].value = Value(std::string(static_cast<size_t>(step), 'x'));
    }
  }
}

// A snapshot's copy and the running state diverge without touching each
// other, whether the elements are in place (2) or on the heap (3).
BOOST_AUTO_TEST_CASE(a_copy_is_independent_of_its_original) {
  for (size_t n : {2, 3}) {
    Accumulators original;
    original.resize(n);
    Fill(original);
    Accumulators copy = original;
    copy[0].count = 100;
    copy.resize(n + 2);
    BOOST_TEST(original.size() == n);
    BOOST_TEST(HoldsFill(original, n));
    BOOST_TEST(copy[0].count == 100);
    BOOST_TEST((copy[1].value == Value(std::string("b"))));
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
