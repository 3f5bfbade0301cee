// SweepCampaign: `tidemark sweep` as a use case — one scenario run once per
// point of a grid of settings (sim/explore/sweep.h), or a shard's share of
// the points, measuring the late-data / latency trade-off at each; or the
// shards' points merged into the whole grid. The command line prints and
// writes it (reports/campaign/sweep_report.h).
#ifndef TIDEMARK_SIM_SESSION_SWEEP_CAMPAIGN_H_
#define TIDEMARK_SIM_SESSION_SWEEP_CAMPAIGN_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/explore/explore.h"
#include "sim/explore/sweep.h"
#include "sim/session/for_each.h"
#include "sim/session/open_job.h"

namespace tidemark::sim {

struct SweepPointResult {
  uint64_t index = 0;  // in the full grid
  SweepPoint point;
  SweepMetrics metrics;
};

struct SweepCampaign {
  std::string scenario;  // the path as given
  std::string name;
  uint64_t scenario_hash = 0;
  std::vector<SweepSetting> settings;
  uint64_t points = 0;  // in the full grid
  Shard shard;
  std::vector<SweepPointResult> results;  // by index
};

struct SweepRequest {
  std::string scenario = {};  // the scenario file
  OpenOptions open = {};      // its confinement and --trace overrides
  std::vector<std::string> settings =
      {};  // "KEY=V1,V2" or "KEY=FROM..TO:STEP", as --set gives them
  Shard shard = {};
};

// Every point's settings are applied (and refused) before anything runs.
// Throws engine::InputError.
SweepCampaign RunSweepCampaign(const SweepRequest& request, const ForEach& for_each);

// The points of the shard files (each read back by `read_shard`, which
// throws engine::InputError for a file that is not one), checked to be one
// complete sweep of `request`, merged into the whole grid.
SweepCampaign MergeSweepCampaign(
    const SweepRequest& request, const std::vector<std::string>& files,
    const std::function<SweepCampaign(const std::string& file)>& read_shard);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_SWEEP_CAMPAIGN_H_
