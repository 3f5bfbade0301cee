// EventQueue: the simulator's agenda of actions on the virtual processing
// clock.
//
// Actions come out by time; actions due at the same time come out in an order
// drawn from the seeded PRNG (each gets a random rank when pushed), then by
// insertion. Every legal interleaving of simultaneous actions can therefore
// occur, and a given seed always picks the same one.
//
// The earliest entry may wait in a slot in front of the heap: most pushes
// (a channel delivery due now) are the next action to run, and the slot spares
// them a heap push and pop. The order is the same total order either way:
// the slot only ever holds an entry that precedes everything in the heap.
#ifndef TIDEMARK_SIM_EVENT_QUEUE_H_
#define TIDEMARK_SIM_EVENT_QUEUE_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/check.h"
#include "engine/time.h"
#include "sim/prng.h"

namespace tidemark::sim {

template <typename Action>
class EventQueue {
 public:
  explicit EventQueue(Prng prng) : prng_(prng) {}

  void Push(engine::Timestamp at, Action action) {
    Entry entry{at, prng_.Next(), next_sequence_++, std::move(action)};
    if (front_) {
      if (!Later{}(*front_, entry)) {
        HeapPush(std::move(entry));
        return;
      }
      HeapPush(std::move(*front_));
    } else if (!heap_.empty() && Later{}(entry, heap_.front())) {
      HeapPush(std::move(entry));
      return;
    }
    front_ = std::move(entry);
  }

  bool empty() const { return !front_ && heap_.empty(); }
  size_t size() const { return heap_.size() + (front_ ? 1 : 0); }
  // REQUIRES: !empty().
  engine::Timestamp next_time() const { return front_ ? front_->at : heap_.front().at; }

  // REQUIRES: !empty().
  Action Pop(engine::Timestamp* at) {
    TIDEMARK_CHECK(!empty());
    if (front_) {
      *at = front_->at;
      Action action = std::move(front_->action);
      front_.reset();
      return action;
    }
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    Entry top = std::move(heap_.back());
    heap_.pop_back();
    *at = top.at;
    return std::move(top.action);
  }

 private:
  struct Entry {
    engine::Timestamp at;
    uint64_t rank;
    uint64_t sequence;
    Action action;
  };
  // Heap order: true when `a` comes out after `b`. Sequences are unique, so
  // this is a strict total order.
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.at != b.at) return a.at > b.at;
      if (a.rank != b.rank) return a.rank > b.rank;
      return a.sequence > b.sequence;
    }
  };

  void HeapPush(Entry entry) {
    heap_.push_back(std::move(entry));
    std::push_heap(heap_.begin(), heap_.end(), Later{});
  }

  Prng prng_;
  uint64_t next_sequence_ = 0;
  std::optional<Entry> front_;  // when set, precedes every entry of heap_
  std::vector<Entry> heap_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EVENT_QUEUE_H_
