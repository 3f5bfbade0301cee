#include "sim/recovery/failover_regions.h"

#include <numeric>

namespace tidemark::sim {

namespace {

uint32_t Root(std::vector<uint32_t>& parent, uint32_t v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]];  // path halving
    v = parent[v];
  }
  return v;
}

}  // namespace

FailoverRegions::FailoverRegions(size_t subtasks,
                                 std::span<const std::pair<uint32_t, uint32_t>> links) {
  std::vector<uint32_t> parent(subtasks);
  std::iota(parent.begin(), parent.end(), 0u);
  for (const auto& [a, b] : links) {
    const uint32_t ra = Root(parent, a);
    const uint32_t rb = Root(parent, b);
    // The smaller root wins, so a region's root is its smallest subtask.
    if (ra < rb) parent[rb] = ra;
    if (rb < ra) parent[ra] = rb;
  }
  region_.assign(subtasks, 0);
  std::vector<uint32_t> region_of_root(subtasks, UINT32_MAX);
  for (uint32_t v = 0; v < subtasks; ++v) {
    const uint32_t root = Root(parent, v);
    if (region_of_root[root] == UINT32_MAX) {
      region_of_root[root] = static_cast<uint32_t>(members_.size());
      members_.emplace_back();
    }
    region_[v] = region_of_root[root];
    members_[region_[v]].push_back(v);
  }
}

std::vector<uint32_t> FailoverRegions::ToRestart(uint32_t failed,
                                                 RestartPlan::Failover failover) const {
  if (failover == RestartPlan::Failover::kRegion) return members_[region_[failed]];
  std::vector<uint32_t> all(region_.size());
  std::iota(all.begin(), all.end(), 0u);
  return all;
}

}  // namespace tidemark::sim
