// EventQueue: the simulator's agenda of actions on the virtual processing
// clock.
//
// Actions come out by time; actions due at the same time come out in an order
// drawn from the seeded PRNG (each gets a random rank when pushed), then by
// insertion. Every legal interleaving of simultaneous actions can therefore
// occur, and a given seed always picks the same one.
#ifndef TIDEMARK_SIM_EVENT_QUEUE_H_
#define TIDEMARK_SIM_EVENT_QUEUE_H_

#include <cstdint>
#include <queue>
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
    heap_.push(Entry{at, prng_.Next(), next_sequence_++, std::move(action)});
  }

  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  // REQUIRES: !empty().
  engine::Timestamp next_time() const { return heap_.top().at; }

  // REQUIRES: !empty().
  Action Pop(engine::Timestamp* at) {
    TIDEMARK_CHECK(!heap_.empty());
    Entry top = heap_.top();
    heap_.pop();
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
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.at != b.at) return a.at > b.at;
      if (a.rank != b.rank) return a.rank > b.rank;
      return a.sequence > b.sequence;
    }
  };

  Prng prng_;
  uint64_t next_sequence_ = 0;
  std::priority_queue<Entry, std::vector<Entry>, Later> heap_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EVENT_QUEUE_H_
