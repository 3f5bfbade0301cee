// FailoverRegions: which subtasks restart together when one of them fails.
//
// Flink's default failover strategy restarts the failed subtask's pipelined
// region (RestartPipelinedRegionFailoverStrategy): in a streaming job every
// exchange is pipelined, so a region is a connected component of the subtask
// graph. An all-to-all connection (key_by, rebalance) joins every subtask of
// both ends; a forward one joins subtask i to subtask i only. The `full`
// strategy (RestartAllFailoverStrategy) restarts every subtask
// (docs/checkpoints.md, "Failover").
//
// Regions are numbered by their smallest subtask, so the numbering depends on
// the graph alone.
#ifndef TIDEMARK_SIM_RECOVERY_FAILOVER_REGIONS_H_
#define TIDEMARK_SIM_RECOVERY_FAILOVER_REGIONS_H_

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "sim/graph/fault_tolerance.h"

namespace tidemark::sim {

class FailoverRegions {
 public:
  // `subtasks` vertices, joined by `links` (a channel or a chained edge
  // between two subtasks). REQUIRES every index < subtasks.
  FailoverRegions(size_t subtasks, std::span<const std::pair<uint32_t, uint32_t>> links);

  uint32_t RegionOf(uint32_t subtask) const { return region_[subtask]; }
  size_t regions() const { return members_.size(); }
  // The subtasks of a region, ascending.
  const std::vector<uint32_t>& Members(uint32_t region) const { return members_[region]; }

  // The subtasks that restart when `failed` fails, ascending: its region, or
  // every subtask under full failover.
  std::vector<uint32_t> ToRestart(uint32_t failed, RestartPlan::Failover failover) const;

 private:
  std::vector<uint32_t> region_;                // by subtask
  std::vector<std::vector<uint32_t>> members_;  // by region
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RECOVERY_FAILOVER_REGIONS_H_
