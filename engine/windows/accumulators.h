// Accumulator: the running state of one aggregate; Accumulators: a window's
// list of them, the first few held in place.
//
// Why in place: a checkpoint's snapshot shares window state with the running
// operator, and the first change to a key after a checkpoint copies that key's
// windows (copy-on-write, docs/checkpoints.md "What a snapshot holds"). With
// the accumulators in a vector of their own, every window copied cost one more
// allocation, and the snapshot's release one more free: the largest part of
// what checkpointing added to a windowed job (docs/benchmarks.md, "The cost of
// checkpointing"). Most windowed jobs aggregate one or two values (a count and
// a statistic); those live inside the window's state, and longer lists (and a
// reduce's record) go to the heap as before.
#ifndef TIDEMARK_ENGINE_ACCUMULATORS_H_
#define TIDEMARK_ENGINE_ACCUMULATORS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/value.h"

namespace tidemark::engine {

// The running state of one aggregate.
struct Accumulator {
  int64_t count = 0;      // values taken (non-null ones for count/sum/min/max/avg)
  int64_t int_sum = 0;    // sum/avg of an int field, wrapping like Java long
  double double_sum = 0;  // sum/avg of a double field
  Value value;            // min/max/first/last; collect: the list body "a, b"; reduce: a field
};

// A vector of Accumulators as far as the Aggregator needs one: a size, indexed
// access, and resize with default-constructed new elements.
class Accumulators {
 public:
  static constexpr size_t kInPlace = 2;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Accumulator* data() { return size_ <= kInPlace ? in_place_.data() : heap_.data(); }
  const Accumulator* data() const { return size_ <= kInPlace ? in_place_.data() : heap_.data(); }
  Accumulator& operator[](size_t i) { return data()[i]; }
  const Accumulator& operator[](size_t i) const { return data()[i]; }
  Accumulator& front() { return data()[0]; }
  const Accumulator& front() const { return data()[0]; }
  const Accumulator* begin() const { return data(); }
  const Accumulator* end() const { return data() + size_; }

  // Keeps the first min(n, size()) accumulators; new ones start empty.
  void resize(size_t n);
  void clear() { resize(0); }

 private:
  // Invariants: with size_ <= kInPlace, the elements are in_place_'s first
  // size_ and heap_ is empty; otherwise they are heap_ (of size_ elements).
  // Slots of in_place_ not holding an element are default, so that growing
  // yields empty accumulators and nothing (a collected string) stays alive.
  size_t size_ = 0;
  std::array<Accumulator, kInPlace> in_place_{};
  std::vector<Accumulator> heap_;
};

inline void Accumulators::resize(size_t n) {
  if (n == size_) return;
  if (n <= kInPlace) {
    if (size_ > kInPlace) {
      for (size_t i = 0; i < n; ++i) in_place_[i] = std::move(heap_[i]);
      heap_ = {};
    } else {
      for (size_t i = n; i < size_; ++i) in_place_[i] = Accumulator{};
    }
  } else if (size_ <= kInPlace) {
    heap_.reserve(n);
    for (size_t i = 0; i < size_; ++i) {
      heap_.push_back(std::move(in_place_[i]));
      in_place_[i] = Accumulator{};
    }
    heap_.resize(n);
  } else {
    heap_.resize(n);
  }
  size_ = n;
}

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_ACCUMULATORS_H_
