// IndexedMinHeap: a binary min-heap of slot indices 0..n-1 keyed by Timestamp,
// with O(log n) insert, erase and re-key of any slot. The StatusWatermarkValve
// keeps its aligned channels in one, as Flink keeps them in a HeapPriorityQueue.
//
// Among equal keys the top is whichever the heap shape yields; callers that
// need every holder of the minimum scan for it.
#ifndef TIDEMARK_ENGINE_INTERNAL_INDEXED_MIN_HEAP_H_
#define TIDEMARK_ENGINE_INTERNAL_INDEXED_MIN_HEAP_H_

#include <cstddef>
#include <utility>
#include <vector>

#include "engine/core/check.h"
#include "engine/core/time.h"

namespace tidemark::engine::internal {

class IndexedMinHeap {
 public:
  explicit IndexedMinHeap(int capacity)
      : position_(static_cast<size_t>(capacity), kAbsent), key_(static_cast<size_t>(capacity)) {
    heap_.reserve(static_cast<size_t>(capacity));
  }

  bool empty() const { return heap_.empty(); }
  bool Contains(int slot) const { return position_[Index(slot)] != kAbsent; }
  // REQUIRES: !empty().
  int Top() const { return heap_.front(); }
  Timestamp TopKey() const { return key_[Index(heap_.front())]; }
  Timestamp Key(int slot) const { return key_[Index(slot)]; }

  // REQUIRES: !Contains(slot).
  void Insert(int slot, Timestamp key) {
    TIDEMARK_CHECK(!Contains(slot));
    key_[Index(slot)] = key;
    heap_.push_back(slot);
    position_[Index(slot)] = static_cast<int>(heap_.size()) - 1;
    SiftUp(heap_.size() - 1);
  }

  // No-op if the slot is absent.
  void Erase(int slot) {
    if (!Contains(slot)) return;
    const size_t at = static_cast<size_t>(position_[Index(slot)]);
    Swap(at, heap_.size() - 1);
    heap_.pop_back();
    position_[Index(slot)] = kAbsent;
    if (at < heap_.size()) Restore(at);
  }

  // REQUIRES: Contains(slot).
  void Update(int slot, Timestamp key) {
    TIDEMARK_CHECK(Contains(slot));
    key_[Index(slot)] = key;
    Restore(static_cast<size_t>(position_[Index(slot)]));
  }

 private:
  static constexpr int kAbsent = -1;

  static size_t Index(int slot) { return static_cast<size_t>(slot); }
  Timestamp KeyAt(size_t at) const { return key_[Index(heap_[at])]; }

  void Swap(size_t a, size_t b) {
    std::swap(heap_[a], heap_[b]);
    position_[Index(heap_[a])] = static_cast<int>(a);
    position_[Index(heap_[b])] = static_cast<int>(b);
  }
  void Restore(size_t at) {
    if (at > 0 && KeyAt(at) < KeyAt((at - 1) / 2)) {
      SiftUp(at);
    } else {
      SiftDown(at);
    }
  }
  void SiftUp(size_t at) {
    while (at > 0 && KeyAt(at) < KeyAt((at - 1) / 2)) {
      Swap(at, (at - 1) / 2);
      at = (at - 1) / 2;
    }
  }
  void SiftDown(size_t at) {
    for (;;) {
      size_t smallest = at;
      const size_t left = 2 * at + 1;
      const size_t right = left + 1;
      if (left < heap_.size() && KeyAt(left) < KeyAt(smallest)) smallest = left;
      if (right < heap_.size() && KeyAt(right) < KeyAt(smallest)) smallest = right;
      if (smallest == at) return;
      Swap(at, smallest);
      at = smallest;
    }
  }

  std::vector<int> heap_;
  std::vector<int> position_;
  std::vector<Timestamp> key_;
};

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_INDEXED_MIN_HEAP_H_
