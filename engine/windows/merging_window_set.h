// MergingWindowSet: one key's session windows, as Flink's MergingWindowSet
// (§3.7): a map from each visible window to its *state window*, the window
// under whose name the merged contents are stored.
//
// Invariant: the visible windows are pairwise non-intersecting (not even
// touching), because every addition merges with all windows it touches. They
// are kept sorted by start, so merging a new window only inspects its
// neighbours and needs no allocation.
//
// Determinism (§10.4): where Flink picks "any" member (HashSet order), the
// result's state window is the state window of the merged member with the
// smallest start, and the other members are reported in ascending start order.
#ifndef TIDEMARK_ENGINE_MERGING_WINDOW_SET_H_
#define TIDEMARK_ENGINE_MERGING_WINDOW_SET_H_

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "engine/core/check.h"
#include "engine/windows/time_window.h"

namespace tidemark::engine {

class MergingWindowSet {
 public:
  struct Entry {
    TimeWindow window;        // visible window (what triggers and results see)
    TimeWindow state_window;  // where its contents live
  };

  // Adds `new_window` and merges it with every window it intersects, returning
  // the window the element belongs to (the merge result, or new_window).
  // When existing windows are merged into a larger one, calls
  //   merge_fn(const TimeWindow& result, std::span<const Entry> merged)
  // before the set changes. `merged` holds the pre-existing members in start
  // order (never the new window itself, which has no state); merged[0]'s
  // state window becomes the result's state window and the others' state
  // windows are to be merged into it. Not called when the new window lies
  // inside one existing window without extending it (no merge happens).
  template <typename MergeFn>
  TimeWindow AddWindow(const TimeWindow& new_window, MergeFn&& merge_fn);

  // The state window of visible window w, if w is in the set.
  std::optional<TimeWindow> StateWindow(const TimeWindow& w) const;

  // Drops w from the set. REQUIRES: w is in the set (Flink: IllegalStateException
  // "Window <w> is not in in-flight window set.", unreachable from the operator).
  void RetireWindow(const TimeWindow& w);

  bool empty() const { return entries_.empty(); }
  // Visible windows in ascending start order.
  std::span<const Entry> entries() const { return entries_; }

 private:
  size_t Find(const TimeWindow& w) const;

  std::vector<Entry> entries_;
};

// Flink's TimeWindow.mergeWindows over an arbitrary candidate list (§3.6):
// sort by start, sweep, and report every group of more than one distinct
// window with its covering window. Members are in ascending (start, end)
// order. The set above applies the same rule incrementally; this general form
// serves custom candidate lists and tests.
struct MergeGroup {
  TimeWindow cover;
  std::vector<TimeWindow> members;
};
std::vector<MergeGroup> MergeTimeWindows(std::vector<TimeWindow> candidates);

template <typename MergeFn>
TimeWindow MergingWindowSet::AddWindow(const TimeWindow& new_window, MergeFn&& merge_fn) {
  // Flink sorts the candidates stably by start with the new window last, then
  // sweeps. Only the group containing the new window can have several
  // members, because existing windows never touch each other.
  const auto first_after =
      std::upper_bound(entries_.begin(), entries_.end(), new_window.start(),
                       [](Timestamp start, const Entry& e) { return start < e.window.start(); });
  size_t lo = static_cast<size_t>(first_after - entries_.begin());
  TimeWindow cover = new_window;
  if (lo > 0 && entries_[lo - 1].window.Intersects(new_window)) {
    --lo;
    cover = entries_[lo].window.Cover(new_window);
  }
  size_t hi = static_cast<size_t>(first_after - entries_.begin());
  while (hi < entries_.size() && cover.Intersects(entries_[hi].window)) {
    cover = cover.Cover(entries_[hi].window);
    ++hi;
  }
  const bool duplicate = hi - lo == 1 && entries_[lo].window == new_window;
  if (hi == lo || duplicate) {
    // No merge reported. Flink then maps new_window to itself, even when an
    // equal window already existed (its previous state window is forgotten).
    if (duplicate) {
      entries_[lo].state_window = new_window;
    } else {
      entries_.insert(entries_.begin() + static_cast<std::ptrdiff_t>(lo),
                      Entry{new_window, new_window});
    }
    return new_window;
  }
  // A member equal to the new window would touch every other member.
  TIDEMARK_CHECK(entries_[lo].window != new_window);
  if (hi - lo == 1 && entries_[lo].window == cover) return cover;  // absorbed, no merge
  merge_fn(cover, std::span<const Entry>(entries_.data() + lo, hi - lo));
  const TimeWindow state_window = entries_[lo].state_window;
  entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(lo + 1),
                 entries_.begin() + static_cast<std::ptrdiff_t>(hi));
  entries_[lo] = Entry{cover, state_window};
  return cover;
}

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_MERGING_WINDOW_SET_H_
