// TimerService: the event-time and processing-time timers of one keyed
// operator instance (Flink's InternalTimerServiceImpl, §7.6).
//
// A timer is (timestamp, key, namespace); registering an existing timer or
// deleting a missing one is a no-op. Windows use the window as namespace; a
// keyed process operator can use an empty namespace type (VoidNamespace).
//
// Firing: AdvanceWatermark(W) first sets the current watermark to W, then
// repeatedly removes the earliest timer while its timestamp <= W and calls the
// callback with it. The head is re-read after each callback, so a timer a
// callback registers at or before W fires within the same advance. Timers
// registered outside an advance with a timestamp <= the current time wait for
// the next advance. AdvanceProcessingTime(T) does the same on the processing
// clock, which only the caller moves.
//
// Order (§10.3, deterministic where Flink's heap order is not): ascending
// timestamp, then ascending KeyId (key first-seen order, see KeyTable), then
// namespace order (for windows: start, then end).
//
// Cost: a hash index (open addressing, power-of-two table: no division)
// answers "is this timer registered?", so that re-registering an existing
// timer (a window operator does it for every element) costs one probe. A
// binary min-heap beside it gives the firing order without a node allocation
// per timer. Deleting removes a timer from the index only; its heap entry
// goes stale and is dropped when it reaches the top (a timer deleted and
// registered again leaves two equal entries: whichever is popped first while
// the index holds the timer fires it, the other is stale). The top is always
// live, and the heap is rebuilt when stale entries outnumber live ones, so
// it stays within a constant factor of the registered timers.
//
// Termination is the callback's responsibility: a callback that keeps
// registering timers at or before W never lets an advance finish, exactly as
// in Flink.
#ifndef TIDEMARK_ENGINE_TIMER_SERVICE_H_
#define TIDEMARK_ENGINE_TIMER_SERVICE_H_

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <vector>

#include "engine/core/key_table.h"
#include "engine/core/time.h"
#include "engine/windows/time_window.h"

namespace tidemark::engine {

// The namespace of timers that belong to a key only.
struct VoidNamespace {
  constexpr auto operator<=>(const VoidNamespace&) const = default;
};

template <typename Namespace>
struct Timer {
  Timestamp timestamp;
  KeyId key = 0;
  Namespace ns{};
  constexpr auto operator<=>(const Timer&) const = default;
};

// Hashes of timer namespaces, for TimerService's index.
template <typename Namespace>
struct TimerNamespaceHash;
template <>
struct TimerNamespaceHash<VoidNamespace> {
  size_t operator()(const VoidNamespace&) const { return 0; }
};
template <>
struct TimerNamespaceHash<TimeWindow> {
  size_t operator()(const TimeWindow& w) const {
    return static_cast<size_t>(static_cast<uint64_t>(w.start().millis()) * 0x9e3779b97f4a7c15ULL ^
                               static_cast<uint64_t>(w.end().millis()) ^
                               static_cast<uint64_t>(w.is_global()));
  }
};

namespace internal {

// Murmur3's 64-bit finalizer: every input bit affects the low bits a
// power-of-two table uses.
constexpr uint64_t Mix64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

// A set of trivially copyable values with linear probing and backward-shift
// deletion; for membership only (nothing iterates it).
template <typename T, typename Hash>
class FlatSet {
 public:
  bool Insert(const T& value) {
    // The same timer is often registered twice in a row (a window's trigger
    // timer and its cleanup timer coincide); the last value inserted or found
    // is known to be present until it is erased.
    if (has_last_ && last_ == value) return false;
    has_last_ = true;
    last_ = value;
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    size_t i = Hash{}(value)&mask();
    for (; used_[i]; i = (i + 1) & mask()) {
      if (slots_[i] == value) return false;
    }
    used_[i] = true;
    slots_[i] = value;
    ++size_;
    return true;
  }

  bool Contains(const T& value) const {
    if (size_ == 0) return false;
    for (size_t i = Hash{}(value)&mask(); used_[i]; i = (i + 1) & mask()) {
      if (slots_[i] == value) return true;
    }
    return false;
  }

  size_t size() const { return size_; }

  bool Erase(const T& value) {
    if (has_last_ && last_ == value) has_last_ = false;
    if (size_ == 0) return false;
    size_t i = Hash{}(value)&mask();
    for (;; i = (i + 1) & mask()) {
      if (!used_[i]) return false;
      if (slots_[i] == value) break;
    }
    // Move later members of the probe run back into the hole, unless their
    // home slot lies cyclically after the hole (then they must stay).
    for (size_t j = (i + 1) & mask(); used_[j]; j = (j + 1) & mask()) {
      const size_t home = Hash{}(slots_[j]) & mask();
      const bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
      if (stays) continue;
      slots_[i] = slots_[j];
      i = j;
    }
    used_[i] = false;
    --size_;
    return true;
  }

 private:
  size_t mask() const { return slots_.size() - 1; }
  void Grow() {
    std::vector<T> old_slots = std::move(slots_);
    std::vector<bool> old_used = std::move(used_);
    const size_t capacity = old_slots.empty() ? 16 : old_slots.size() * 2;
    slots_.assign(capacity, T{});
    used_.assign(capacity, false);
    size_ = 0;
    for (size_t i = 0; i < old_slots.size(); ++i) {
      if (!old_used[i]) continue;
      size_t j = Hash{}(old_slots[i]) & mask();
      while (used_[j]) j = (j + 1) & mask();
      used_[j] = true;
      slots_[j] = old_slots[i];
      ++size_;
    }
  }

  std::vector<T> slots_;
  std::vector<bool> used_;
  size_t size_ = 0;
  T last_{};
  bool has_last_ = false;
};

}  // namespace internal

// Up to two timers of one (key, namespace) in one domain that are known to be
// registered, so that registrations repeated for every element of a window
// (the event-time trigger's timer and the cleanup timer: one timer without
// allowed lateness, two with it) cost a comparison instead of a timer-set
// lookup. Skipping them changes nothing: registering a registered timer is a
// no-op.
//
// Knowing nothing is always correct; knowing a timer that is gone is not.
// Whoever removes a timer of the (key, namespace), by deleting it or because
// it fired, must Forget it.
class KnownTimers {
 public:
  bool Contains(Timestamp t) const {
    return (known_[0] && t_[0] == t) || (known_[1] && t_[1] == t);
  }
  // Remembers t, forgetting the older of two others.
  void Add(Timestamp t) {
    if (Contains(t)) return;
    t_[1] = t_[0];
    known_[1] = known_[0];
    t_[0] = t;
    known_[0] = true;
  }
  void Forget(Timestamp t) {
    for (int i = 0; i < 2; ++i) {
      if (known_[i] && t_[i] == t) known_[i] = false;
    }
  }

 private:
  Timestamp t_[2];  // most recent first
  bool known_[2] = {false, false};
};

template <typename Namespace>
class TimerService {
 public:
  using TimerType = Timer<Namespace>;

  Timestamp current_watermark() const { return watermark_; }
  Timestamp current_processing_time() const { return processing_time_; }

  // A copy of a service is a snapshot of its timers (both domains, as Flink's
  // InternalTimerServiceImpl.snapshotTimersForKeyGroup). Restoring one puts
  // the watermark back to Min: Flink keeps the current watermark in a plain
  // field that no snapshot holds, so a restored operator starts without one
  // and its event-time timers wait for a new watermark
  // (InternalTimerServiceImplTest.testSnapshotAndRestore).
  void ResetWatermarkAfterRestore() { watermark_ = Timestamp::Min(); }

  // Returns whether a new timer was added (false: it already existed).
  bool RegisterEventTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return event_timers_.Insert(TimerType{t, key, ns});
  }
  bool DeleteEventTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return event_timers_.Erase(TimerType{t, key, ns});
  }
  bool RegisterProcessingTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return processing_timers_.Insert(TimerType{t, key, ns});
  }
  bool DeleteProcessingTimeTimer(KeyId key, const Namespace& ns, Timestamp t) {
    return processing_timers_.Erase(TimerType{t, key, ns});
  }

  // Sets the watermark to `watermark` (unconditionally, as Flink: monotonicity
  // is the caller's job) and fires every due event-time timer:
  // on_timer(const Timer<Namespace>&).
  template <typename OnTimer>
  void AdvanceWatermark(Timestamp watermark, OnTimer&& on_timer) {
    watermark_ = watermark;
    FireDue(event_timers_, watermark, on_timer);
  }
  // Sets the processing clock to `now` and fires every due processing timer.
  template <typename OnTimer>
  void AdvanceProcessingTime(Timestamp now, OnTimer&& on_timer) {
    processing_time_ = now;
    FireDue(processing_timers_, now, on_timer);
  }

  // Pending timers in firing order, for tests, narration and lint.
  std::set<TimerType> event_timers() const { return event_timers_.Pending(); }
  std::set<TimerType> processing_timers() const { return processing_timers_.Pending(); }
  // The earliest pending processing-time timer's timestamp, or Max if none.
  Timestamp next_processing_time() const { return processing_timers_.NextTimestamp(); }

 private:
  struct Hash {
    size_t operator()(const TimerType& t) const {
      return static_cast<size_t>(
          internal::Mix64(static_cast<uint64_t>(t.timestamp.millis()) * 0x9e3779b97f4a7c15ULL ^
                          (static_cast<uint64_t>(t.key) << 29) ^
                          static_cast<uint64_t>(TimerNamespaceHash<Namespace>{}(t.ns))));
    }
  };
  // One domain's timers: a min-heap for firing order, hashed for membership.
  // Invariant: the heap's top, if any, is registered (in the index).
  //
  // A copy (a checkpoint's snapshot) holds the registered timers only, as a
  // heap without stale entries, and builds its index when it is first changed
  // or asked: most snapshots are dropped unread, and copying the index with
  // them was most of a snapshot's cost (docs/benchmarks.md).
  class Timers {
   public:
    Timers() = default;
    Timers(const Timers& other) : heap_(other.LiveHeap()), indexed_(false) {}
    Timers& operator=(const Timers& other) {
      if (this == &other) return *this;
      heap_ = other.LiveHeap();
      index_ = {};
      indexed_ = false;
      return *this;
    }
    Timers(Timers&&) = default;
    Timers& operator=(Timers&&) = default;

    bool Insert(const TimerType& timer) {
      EnsureIndex();
      if (!index_.Insert(timer)) return false;
      heap_.push_back(timer);
      std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
      return true;
    }
    bool Erase(const TimerType& timer) {
      EnsureIndex();
      if (!index_.Erase(timer)) return false;
      DropStaleTop();
      if (heap_.size() > 2 * index_.size() + kSlack) Rebuild();
      return true;
    }
    // Removes and returns the earliest timer if its timestamp is <= now.
    bool PopDue(Timestamp now, TimerType* timer) {
      if (heap_.empty() || heap_.front().timestamp > now) return false;
      EnsureIndex();
      *timer = heap_.front();
      std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
      heap_.pop_back();
      index_.Erase(*timer);
      DropStaleTop();
      return true;
    }
    Timestamp NextTimestamp() const {
      return heap_.empty() ? Timestamp::Max() : heap_.front().timestamp;
    }
    std::set<TimerType> Pending() const {
      if (!indexed_) return std::set<TimerType>(heap_.begin(), heap_.end());
      std::set<TimerType> pending;
      for (const TimerType& t : heap_) {
        if (index_.Contains(t)) pending.insert(t);
      }
      return pending;
    }

   private:
    static constexpr size_t kSlack = 64;
    // The registered timers, once each, as a min-heap.
    std::vector<TimerType> LiveHeap() const {
      // Every registered timer has an entry in the heap: as many entries as
      // timers means none is stale or repeated.
      if (!indexed_ || heap_.size() == index_.size()) return heap_;
      std::vector<TimerType> live;
      live.reserve(index_.size());
      for (const TimerType& t : heap_) {
        if (index_.Contains(t)) live.push_back(t);
      }
      std::sort(live.begin(), live.end());  // ascending order is a min-heap
      live.erase(std::unique(live.begin(), live.end()), live.end());
      return live;
    }
    void EnsureIndex() {
      if (indexed_) [[likely]]
        return;
      for (const TimerType& t : heap_) index_.Insert(t);
      indexed_ = true;
    }
    void DropStaleTop() {
      while (!heap_.empty() && !index_.Contains(heap_.front())) {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
        heap_.pop_back();
      }
    }
    // Keeps one entry per registered timer; ascending order is a min-heap.
    void Rebuild() {
      std::erase_if(heap_, [&](const TimerType& t) { return !index_.Contains(t); });
      std::sort(heap_.begin(), heap_.end());
      heap_.erase(std::unique(heap_.begin(), heap_.end()), heap_.end());
    }

    std::vector<TimerType> heap_;
    internal::FlatSet<TimerType, Hash> index_;
    bool indexed_ = true;  // false: a copy's heap, whose index is not built yet
  };

  template <typename OnTimer>
  static void FireDue(Timers& timers, Timestamp now, OnTimer& on_timer) {
    TimerType timer;
    while (timers.PopDue(now, &timer)) on_timer(timer);
  }

  Timestamp watermark_ = Timestamp::Min();
  // Flink's test harnesses start the processing clock at Long.MIN_VALUE too;
  // the simulator sets it before the first record.
  Timestamp processing_time_ = Timestamp::Min();
  Timers event_timers_;
  Timers processing_timers_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_TIMER_SERVICE_H_
