#include "sim/explore/delta_debugging.h"

#include <algorithm>

namespace tidemark::sim {

namespace {

// The granularity-th chunk of `items` split into `granularity` near-equal parts.
std::vector<size_t> Chunk(const std::vector<size_t>& items, size_t granularity, size_t i) {
  const size_t begin = items.size() * i / granularity;
  const size_t end = items.size() * (i + 1) / granularity;
  return {items.begin() + static_cast<std::ptrdiff_t>(begin),
          items.begin() + static_cast<std::ptrdiff_t>(end)};
}

std::vector<size_t> Without(const std::vector<size_t>& items, const std::vector<size_t>& chunk) {
  std::vector<size_t> out;
  std::set_difference(items.begin(), items.end(), chunk.begin(), chunk.end(),
                      std::back_inserter(out));
  return out;
}

}  // namespace

DeltaDebugResult DeltaDebug(size_t n, const std::function<bool(const std::vector<size_t>&)>& fails,
                            size_t max_tests) {
  DeltaDebugResult result;
  for (size_t i = 0; i < n; ++i) result.items.push_back(i);
  auto test = [&](const std::vector<size_t>& subset) {
    ++result.tests;
    return fails(subset);
  };
  size_t granularity = 2;
  while (result.items.size() >= 2) {
    granularity = std::min(granularity, result.items.size());
    bool reduced = false;
    // Try each chunk alone, then each complement.
    for (size_t i = 0; i < granularity && !reduced; ++i) {
      if (result.tests >= max_tests) return result;
      std::vector<size_t> chunk = Chunk(result.items, granularity, i);
      if (test(chunk)) {
        result.items = std::move(chunk);
        granularity = 2;
        reduced = true;
      }
    }
    for (size_t i = 0; i < granularity && !reduced && granularity > 2; ++i) {
      if (result.tests >= max_tests) return result;
      std::vector<size_t> rest = Without(result.items, Chunk(result.items, granularity, i));
      if (test(rest)) {
        result.items = std::move(rest);
        granularity = std::max<size_t>(granularity - 1, 2);
        reduced = true;
      }
    }
    if (reduced) continue;
    if (granularity >= result.items.size()) break;
    granularity = std::min(granularity * 2, result.items.size());
  }
  // A single item, or none: check whether the empty set fails too.
  if (result.items.size() == 1 && result.tests < max_tests && test({})) result.items.clear();
  result.minimal = true;
  return result;
}

}  // namespace tidemark::sim
