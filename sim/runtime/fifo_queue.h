// FifoQueue: a first-in first-out queue in one growing ring buffer.
//
// A channel pushes and pops an element per record; std::deque allocates and
// frees a block every few elements doing so, this allocates only when the
// queue outgrows its largest size so far.
#ifndef TIDEMARK_SIM_RUNTIME_FIFO_QUEUE_H_
#define TIDEMARK_SIM_RUNTIME_FIFO_QUEUE_H_

#include <cstddef>
#include <utility>
#include <vector>

#include "engine/core/check.h"

namespace tidemark::sim {

template <typename T>
class FifoQueue {
 public:
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  // REQUIRES: !empty().
  T& front() { return slots_[head_]; }
  const T& front() const { return slots_[head_]; }
  // The i-th element from the front. REQUIRES: i < size().
  const T& operator[](size_t i) const { return slots_[(head_ + i) & (slots_.size() - 1)]; }

  void push_back(T&& value) {
    if (size_ == slots_.size()) Grow();
    slots_[(head_ + size_) & (slots_.size() - 1)] = std::move(value);
    ++size_;
  }

  // Appends a slot and returns it for the caller to overwrite: it holds what
  // it last held (a value moved from, or default-constructed). Writing into
  // the slot in place spares building the value elsewhere and moving it.
  T& push_back_slot() {
    if (size_ == slots_.size()) Grow();
    T& slot = slots_[(head_ + size_) & (slots_.size() - 1)];
    ++size_;
    return slot;
  }

  // REQUIRES: !empty(). The slot keeps its (moved-from) value for reuse.
  void pop_front() {
    TIDEMARK_CHECK(size_ > 0);
    head_ = (head_ + 1) & (slots_.size() - 1);
    --size_;
  }

  // Drops every element (a failed task's channel), keeping the slots.
  void clear() {
    head_ = 0;
    size_ = 0;
  }

 private:
  // Doubles the capacity (a power of two), unrolling the ring into place.
  // It starts at one slot: a job of parallelism p has p * p channels after a
  // keyBy, most holding one element at a time, so a larger first block
  // multiplied the memory of wide jobs for nothing.
  void Grow() {
    std::vector<T> grown(slots_.empty() ? 1 : slots_.size() * 2);
    for (size_t i = 0; i < size_; ++i)
      grown[i] = std::move(slots_[(head_ + i) & (slots_.size() - 1)]);
    slots_ = std::move(grown);
    head_ = 0;
  }

  std::vector<T> slots_;  // size a power of two, or 0
  size_t head_ = 0;
  size_t size_ = 0;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_FIFO_QUEUE_H_
