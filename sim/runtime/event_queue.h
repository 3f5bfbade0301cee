// EventQueue: the simulator's agenda of actions on the virtual processing
// clock.
//
// Actions come out by time; actions due at the same time come out in an order
// drawn from the seeded PRNG (each gets a random rank when pushed), then by
// insertion. Every legal interleaving of simultaneous actions can therefore
// occur, and a given seed always picks the same one.
//
// The earliest entries wait in a short sorted run in front of the heap: most
// pushes (a channel delivery due now) are among the next actions to run, and
// the run spares them a heap push and pop. The order is the same total order
// either way: the run only ever holds entries that precede everything in the
// heap (when it overflows, its latest entry moves to the heap).
// Likewise an action that is never pending twice at once (a source's next
// row) may be pushed to a lane of its own, which holds one entry and spares it
// the heap; Pop takes the least entry of the slot, the heap and the lanes.
// And actions that many share a due time with (the sources' periodic ticks)
// may be pushed to a calendar of one bucket per time (bucket_calendar.h),
// which spares them the heap's log n moves at high parallelism.
#ifndef TIDEMARK_SIM_RUNTIME_EVENT_QUEUE_H_
#define TIDEMARK_SIM_RUNTIME_EVENT_QUEUE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/check.h"
#include "engine/core/time.h"
#include "sim/random/prng.h"
#include "sim/runtime/bucket_calendar.h"

namespace tidemark::sim {

template <typename Action>
class EventQueue {
 public:
  explicit EventQueue(Prng prng) : prng_(prng) {}

  void Push(engine::Timestamp at, Action action) {
    Entry entry{at, prng_.Next(), next_sequence_++, std::move(action)};
    if (!heap_.empty() && Later{}(entry, heap_.front())) {
      HeapPush(std::move(entry));
      return;
    }
    // The run is kept latest first, so that its least entry is at the back.
    const auto at_or_after =
        std::upper_bound(front_.begin(), front_.end(), entry,
                         [](const Entry& a, const Entry& b) { return Later{}(a, b); });
    front_.insert(at_or_after, std::move(entry));
    if (front_.size() > kMaxFront) {
      HeapPush(std::move(front_.front()));
      front_.erase(front_.begin());
    }
  }

  // Like Push, into lane `lane` (0, 1, ...). The rank is drawn as Push draws
  // it, so a lane changes no order. REQUIRES: the lane holds no entry.
  void PushToLane(size_t lane, engine::Timestamp at, Action action) {
    if (lane >= lanes_.size()) lanes_.resize(lane + 1);
    TIDEMARK_CHECK(!lanes_[lane]);
    lanes_[lane] = Entry{at, prng_.Next(), next_sequence_++, std::move(action)};
    ++lane_entries_;
  }

  // Like Push, into the calendar. The rank is drawn as Push draws it, so the
  // calendar changes no order.
  void PushToCalendar(engine::Timestamp at, Action action) {
    calendar_.Push(Entry{at, prng_.Next(), next_sequence_++, std::move(action)});
  }

  // Drops every action for which `drop(action)` holds: what a failed task
  // had on the agenda. The others keep their order (ranks and sequence
  // numbers stay; the heap is rebuilt under the same total order).
  template <typename Predicate>
  void RemoveIf(Predicate drop) {
    std::erase_if(front_, [&](const Entry& e) { return drop(e.action); });
    const size_t before = heap_.size();
    std::erase_if(heap_, [&](const Entry& e) { return drop(e.action); });
    if (heap_.size() != before) std::make_heap(heap_.begin(), heap_.end(), Later{});
    calendar_.RemoveIf([&](const Entry& e) { return drop(e.action); });
    for (std::optional<Entry>& lane : lanes_) {
      if (lane && drop(lane->action)) {
        lane.reset();
        --lane_entries_;
      }
    }
  }
  // Whether lane `lane` holds an entry.
  bool LaneHeld(size_t lane) const { return lane < lanes_.size() && lanes_[lane].has_value(); }

  bool empty() const {
    return front_.empty() && heap_.empty() && calendar_.empty() && lane_entries_ == 0;
  }
  size_t size() const { return heap_.size() + front_.size() + calendar_.size() + lane_entries_; }
  // REQUIRES: !empty().
  engine::Timestamp next_time() const { return EntryAt(Least()).at; }
  // REQUIRES: !empty(). The action Pop would return next.
  const Action& next_action() const { return EntryAt(Least()).action; }

  // REQUIRES: !empty().
  Action Pop(engine::Timestamp* at) {
    TIDEMARK_CHECK(!empty());
    const size_t where = Least();
    if (where == kInFront) {
      *at = front_.back().at;
      Action action = std::move(front_.back().action);
      front_.pop_back();
      return action;
    }
    if (where == kInCalendar) {
      Entry least = calendar_.PopLeast();
      *at = least.at;
      return std::move(least.action);
    }
    if (where != kInHeap) {
      std::optional<Entry>& held = lanes_[where];
      *at = held->at;
      Action action = std::move(held->action);
      held.reset();
      --lane_entries_;
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

  // Where the least entry is: kInFront, kInHeap (its top), kInCalendar or a
  // lane's index. REQUIRES: !empty().
  static constexpr size_t kInHeap = SIZE_MAX;
  static constexpr size_t kInFront = SIZE_MAX - 1;
  static constexpr size_t kInCalendar = SIZE_MAX - 2;
  size_t Least() const {
    size_t where = !front_.empty() ? kInFront : kInHeap;
    const Entry* best = !front_.empty() ? &front_.back() : heap_.empty() ? nullptr : &heap_.front();
    if (!calendar_.empty() && (best == nullptr || Later{}(*best, calendar_.least()))) {
      where = kInCalendar;
      best = &calendar_.least();
    }
    if (lane_entries_ == 0) return where;
    for (size_t lane = 0; lane < lanes_.size(); ++lane) {
      if (lanes_[lane] && (best == nullptr || Later{}(*best, *lanes_[lane]))) {
        where = lane;
        best = &*lanes_[lane];
      }
    }
    return where;
  }
  const Entry& EntryAt(size_t where) const {
    if (where == kInCalendar) return calendar_.least();
    return where == kInHeap ? heap_.front() : where == kInFront ? front_.back() : *lanes_[where];
  }

  void HeapPush(Entry entry) {
    heap_.push_back(std::move(entry));
    std::push_heap(heap_.begin(), heap_.end(), Later{});
  }

  Prng prng_;
  uint64_t next_sequence_ = 0;
  static constexpr size_t kMaxFront = 16;
  std::vector<Entry> front_;  // latest first; each precedes every entry of heap_
  std::vector<Entry> heap_;
  BucketCalendar<Entry, Later> calendar_;
  std::vector<std::optional<Entry>> lanes_;
  size_t lane_entries_ = 0;  // lanes holding an entry
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_EVENT_QUEUE_H_
