// BucketCalendar: agenda entries of which many fall due at the same time,
// kept in one bucket per time.
//
// Every source subtask ticks on the same grid (each auto-watermark interval),
// so at parallelism 1,000 a thousand ticks wait for each grid time. In a
// binary heap each of them pays about log2(n) moves on the way in and twice
// that on the way out; here a push appends to its time's bucket, and a bucket
// is sorted once, when it becomes the earliest, then taken from its back.
// Entries come out in the same total order a heap ordered by `Later` gives.
#ifndef TIDEMARK_SIM_RUNTIME_BUCKET_CALENDAR_H_
#define TIDEMARK_SIM_RUNTIME_BUCKET_CALENDAR_H_

#include <algorithm>
#include <bit>
#include <cstddef>
#include <utility>
#include <vector>

#include "engine/core/check.h"

namespace tidemark::sim {

// Entry has members `at` (its due time) and `rank` (a uniform 64-bit draw);
// Later(a, b) holds when `a` comes out after `b`, a strict total order by
// `at`, then `rank`, then whatever else breaks ties.
template <typename Entry, typename Later>
class BucketCalendar {
 public:
  void Push(Entry entry) {
    ++size_;
    // Buckets are kept latest first; a tick is due one interval ahead, so its
    // bucket is nearly always the first, and there are seldom more than two.
    size_t where = 0;
    while (where < buckets_.size() && entry.at < buckets_[where].at) ++where;
    if (where == buckets_.size() || buckets_[where].at != entry.at) {
      buckets_.insert(buckets_.begin() + static_cast<std::ptrdiff_t>(where),
                      Bucket{entry.at, TakeSpare(), /*sorted=*/false});
    }
    Bucket& bucket = buckets_[where];
    if (bucket.sorted) {
      // Kept latest first, so that the least entry is at the back.
      bucket.entries.insert(
          std::upper_bound(bucket.entries.begin(), bucket.entries.end(), entry, Later{}),
          std::move(entry));
    } else {
      bucket.entries.push_back(std::move(entry));
    }
    SortEarliest();
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  // REQUIRES: !empty(). The least entry.
  const Entry& least() const { return buckets_.back().entries.back(); }

  // REQUIRES: !empty(). Removes and returns the least entry.
  Entry PopLeast() {
    TIDEMARK_CHECK(!empty());
    std::vector<Entry>& entries = buckets_.back().entries;
    Entry entry = std::move(entries.back());
    entries.pop_back();
    --size_;
    if (entries.empty()) {
      spare_.push_back(std::move(entries));
      buckets_.pop_back();
      SortEarliest();
    }
    return entry;
  }

  // Drops every entry for which `drop(entry)` holds; the others keep their
  // order.
  template <typename Predicate>
  void RemoveIf(Predicate drop) {
    for (Bucket& bucket : buckets_) size_ -= std::erase_if(bucket.entries, drop);
    std::erase_if(buckets_, [](const Bucket& b) { return b.entries.empty(); });
    SortEarliest();
  }

 private:
  struct Bucket {
    decltype(Entry::at) at;
    std::vector<Entry> entries;
    bool sorted;  // latest first; always true of the earliest bucket
  };

  void SortEarliest() {
    if (buckets_.empty() || buckets_.back().sorted) return;
    SortLatestFirst(buckets_.back().entries);
    buckets_.back().sorted = true;
  }

  // Entries of one time differ in rank, uniform 64-bit draws, then in
  // insertion. Dealt out by the rank's top bits into about one slot per
  // entry, they are nearly in order; an insertion sort by the full order then
  // settles the few sharing a slot. About a third of std::sort's work for a
  // thousand ticks; with fewer entries std::sort does as well.
  void SortLatestFirst(std::vector<Entry>& entries) {
    const size_t n = entries.size();
    if (n < 64) {
      std::sort(entries.begin(), entries.end(), Later{});
      return;
    }
    const int bits = std::bit_width(n);  // 2^bits slots, between n and 2n
    const int shift = 64 - bits;
    const size_t slots = size_t{1} << bits;
    starts_.assign(slots + 1, 0);
    // Slot 0 holds the largest ranks: latest first.
    const auto slot = [&](const Entry& e) {
      return slots - 1 - static_cast<size_t>(e.rank >> shift);
    };
    for (const Entry& e : entries) ++starts_[slot(e) + 1];
    for (size_t i = 1; i <= slots; ++i) starts_[i] += starts_[i - 1];
    dealt_.resize(n);
    for (Entry& e : entries) dealt_[starts_[slot(e)]++] = std::move(e);
    entries.swap(dealt_);
    for (size_t i = 1; i < n; ++i) {
      if (!Later{}(entries[i], entries[i - 1])) continue;
      Entry moving = std::move(entries[i]);
      size_t j = i;
      for (; j > 0 && Later{}(moving, entries[j - 1]); --j) entries[j] = std::move(entries[j - 1]);
      entries[j] = std::move(moving);
    }
  }

  // An emptied bucket's storage, reused so that a steady grid of ticks stops
  // allocating once every bucket has grown to the parallelism.
  std::vector<Entry> TakeSpare() {
    if (spare_.empty()) return {};
    std::vector<Entry> entries = std::move(spare_.back());
    spare_.pop_back();
    return entries;
  }

  std::vector<Bucket> buckets_;  // latest first, each holding at least one entry
  std::vector<std::vector<Entry>> spare_;
  std::vector<size_t> starts_;  // SortLatestFirst's slot boundaries
  std::vector<Entry> dealt_;    // and its entries dealt out
  size_t size_ = 0;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_BUCKET_CALENDAR_H_
