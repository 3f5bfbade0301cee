#include "engine/windows/merging_window_set.h"

namespace tidemark::engine {

size_t MergingWindowSet::Find(const TimeWindow& w) const {
  const auto it =
      std::lower_bound(entries_.begin(), entries_.end(), w,
                       [](const Entry& e, const TimeWindow& x) { return e.window < x; });
  if (it == entries_.end() || it->window != w) return entries_.size();
  return static_cast<size_t>(it - entries_.begin());
}

std::optional<TimeWindow> MergingWindowSet::StateWindow(const TimeWindow& w) const {
  const size_t i = Find(w);
  if (i == entries_.size()) return std::nullopt;
  return entries_[i].state_window;
}

void MergingWindowSet::RetireWindow(const TimeWindow& w) {
  const size_t i = Find(w);
  TIDEMARK_CHECK(i != entries_.size());
  entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
}

std::vector<MergeGroup> MergeTimeWindows(std::vector<TimeWindow> candidates) {
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  std::vector<MergeGroup> groups;
  MergeGroup current;
  for (const TimeWindow& w : candidates) {
    if (!current.members.empty() && current.cover.Intersects(w)) {
      current.cover = current.cover.Cover(w);
      current.members.push_back(w);
      continue;
    }
    if (current.members.size() > 1) groups.push_back(std::move(current));
    current = MergeGroup{w, {w}};
  }
  if (current.members.size() > 1) groups.push_back(std::move(current));
  return groups;
}

}  // namespace tidemark::engine
