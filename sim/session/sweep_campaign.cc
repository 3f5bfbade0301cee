#include "sim/session/sweep_campaign.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/explore/shard_tally.h"

namespace tidemark::sim {

namespace {

bool SameSettings(const std::vector<SweepSetting>& a, const std::vector<SweepSetting>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].values != b[i].values) return false;
  }
  return true;
}

// The campaign's header and grid, every point's settings tried on the job
// before anything runs.
SweepCampaign PlanSweep(const SweepRequest& request, const JobPlan& plan,
                        std::vector<SweepPoint>& grid) {
  SweepCampaign campaign;
  campaign.scenario = request.scenario;
  campaign.name = plan.info.name;
  campaign.scenario_hash = JobInputHash(plan);
  for (const std::string& s : request.settings) campaign.settings.push_back(ParseSweepSetting(s));
  grid = SweepGrid(campaign.settings);
  campaign.points = grid.size();
  for (const SweepPoint& point : grid) plan.source->CheckSettings(point);
  return campaign;
}

}  // namespace

SweepCampaign RunSweepCampaign(const SweepRequest& request, const ForEach& for_each) {
  const JobPlan plan = OpenJob(request.scenario, request.open);
  std::vector<SweepPoint> grid;
  SweepCampaign campaign = PlanSweep(request, plan, grid);
  campaign.shard = request.shard;
  for (uint64_t j = 0; j < grid.size(); ++j) {
    if (campaign.shard.Owns(j)) campaign.results.push_back({j, grid[j], {}});
  }
  for_each(campaign.results.size(), "sweep", [&](size_t i) {
    campaign.results[i].metrics = MeasurePoint(plan, campaign.results[i].point);
  });
  return campaign;
}

SweepCampaign MergeSweepCampaign(
    const SweepRequest& request, const std::vector<std::string>& files,
    const std::function<SweepCampaign(const std::string& file)>& read_shard) {
  const JobPlan plan = OpenJob(request.scenario, request.open);
  std::vector<SweepPoint> grid;
  SweepCampaign campaign = PlanSweep(request, plan, grid);
  ShardTally tally(files.size());
  for (const std::string& file : files) {
    const SweepCampaign part = read_shard(file);
    if (part.scenario_hash != campaign.scenario_hash ||
        !SameSettings(part.settings, campaign.settings)) {
      throw engine::InputError({file, 0, 0}, "this shard swept another scenario or other settings",
                               "merge files of one `tidemark sweep` command line");
    }
    tally.Add(part.shard, file);
    campaign.results.insert(campaign.results.end(), part.results.begin(), part.results.end());
  }
  tally.CheckComplete();
  std::sort(campaign.results.begin(), campaign.results.end(),
            [](const SweepPointResult& a, const SweepPointResult& b) { return a.index < b.index; });
  if (campaign.results.size() != campaign.points) {
    throw engine::InputError({"--merge", 0, 0}, "the shards do not cover every point");
  }
  return campaign;
}

}  // namespace tidemark::sim
