#include "sim/session/explore_campaign.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/explore/shard_tally.h"

namespace tidemark::sim {

namespace {

// With failures: the outcomes whose first run differs from the same seed
// without failures are explained against that run — those where a replayed
// record was judged differently first, then by outcome; at most this many
// (duplicates alone make many outcomes).
constexpr size_t kMaxFailureDivergences = 10;

void ExplainFailures(const Explorer& explorer, ExploreCampaign& campaign,
                     std::vector<size_t>& numbers) {
  std::vector<std::pair<bool, size_t>> differing;  // (!lateness_changed, outcome index)
  for (size_t g = 0; g < campaign.outcomes.size(); ++g) {
    const OutcomeGroup& group = campaign.outcomes[g];
    const auto run = std::find_if(campaign.runs.begin(), campaign.runs.end(),
                                  [&](const SeedRun& r) { return r.seed == group.first_seed; });
    if (run == campaign.runs.end() || run->outcome == run->failure_free_outcome) continue;
    differing.emplace_back(!run->lateness_changed, g);
  }
  std::stable_sort(differing.begin(), differing.end());
  const size_t explained = std::min(differing.size(), kMaxFailureDivergences);
  campaign.unexplained = differing.size() - explained;
  for (size_t i = 0; i < explained; ++i) {
    const size_t g = differing[i].second;
    campaign.divergences.push_back(ExplainFailureDivergence(explorer, campaign.outcomes[g]));
    numbers.push_back(g + 1);
  }
}

// Explains every divergence of a whole campaign and, with a repro folder,
// shrinks each to a reproduction.
void Explain(const Explorer& explorer, const ExploreRequest& request, ExploreCampaign& campaign,
             const ForEach& for_each) {
  std::vector<size_t> numbers;  // of each divergence's outcome, from 1
  if (request.options.failures > 0) {
    ExplainFailures(explorer, campaign, numbers);
  } else {
    for (size_t g = 1; g < campaign.outcomes.size(); ++g) {
      campaign.divergences.push_back(
          ExplainDivergence(explorer, campaign.outcomes[0], campaign.outcomes[g]));
      numbers.push_back(g + 1);
    }
  }
  if (!request.repro_dir) return;
  const std::string stem = std::filesystem::path(request.scenario).stem().string();
  std::vector<ExploreReproFile> repros(campaign.divergences.size());
  for_each(repros.size(), "shrinking", [&](size_t d) {
    const Divergence& div = campaign.divergences[d];
    repros[d].path = (std::filesystem::path(*request.repro_dir) /
                      fmt::format("{}.outcome-{}.yaml", stem, numbers[d]))
                         .string();
    repros[d].repro =
        div.against_failure_free
            ? ShrinkFailureDivergence(explorer, div.other.first_seed, repros[d].path)
            : ShrinkDivergence(explorer, div.base.first_seed, div.other.first_seed, repros[d].path);
  });
  campaign.repros = std::move(repros);
}

// Groups the runs and, for a whole campaign, explains them.
void Conclude(const Explorer& explorer, const ExploreRequest& request, ExploreCampaign& campaign,
              const ForEach& for_each) {
  campaign.outcomes = GroupOutcomes(campaign.runs);
  if (campaign.shard.count == 1) Explain(explorer, request, campaign, for_each);
}

}  // namespace

size_t ExploreCampaign::RunsWithViolations() const {
  size_t n = 0;
  for (const SeedRun& run : runs) n += run.violations.empty() ? 0 : 1;
  return n;
}

bool ExploreCampaign::failed() const {
  return RunsWithViolations() > 0 || (deterministic && failures == 0 && outcomes.size() > 1);
}

ExploreCampaign PlanCampaign(const JobPlan& plan, const ExploreRequest& request) {
  ExploreCampaign campaign;
  campaign.scenario = request.scenario;
  campaign.name = plan.info.name;
  if (request.input_hash == ExploreRequest::InputHash::kCompute) {
    campaign.scenario_hash = JobInputHash(plan);
  }
  campaign.seeds = request.seeds;
  campaign.shard = request.shard;
  campaign.order = request.options.order;
  campaign.deterministic = plan.info.deterministic;
  campaign.failures = request.options.failures;
  return campaign;
}

ExploreCampaign RunExploreCampaign(JobPlan plan, const ExploreRequest& request,
                                   const ForEach& for_each) {
  ExploreCampaign campaign = PlanCampaign(plan, request);
  const Explorer explorer(std::move(plan), request.options);
  std::vector<uint64_t> seeds;
  for (uint64_t s = 0; s < request.seeds; ++s) {
    if (request.shard.Owns(s)) seeds.push_back(s);
  }
  campaign.runs.resize(seeds.size());
  for_each(seeds.size(), "explore", [&](size_t i) { campaign.runs[i] = explorer.Run(seeds[i]); });
  Conclude(explorer, request, campaign, for_each);
  return campaign;
}

ExploreCampaign MergeExploreCampaign(
    JobPlan plan, const ExploreRequest& request, const std::vector<std::string>& files,
    const std::function<ExploreCampaign(const std::string& file)>& read_shard,
    const ForEach& for_each) {
  ExploreCampaign campaign = PlanCampaign(plan, request);
  campaign.shard = Shard{};
  const Explorer explorer(std::move(plan), request.options);
  ShardTally tally(files.size());
  for (const std::string& file : files) {
    const ExploreCampaign part = read_shard(file);
    if (part.scenario_hash != campaign.scenario_hash || part.seeds != campaign.seeds ||
        part.order != campaign.order || part.failures != campaign.failures) {
      throw engine::InputError(
          {file, 0, 0},
          "this shard ran another campaign (scenario, traces, --seeds, "
          "--failures or --ordered differ)",
          fmt::format("merge files of `explore {} --seeds {}`", campaign.scenario, campaign.seeds));
    }
    tally.Add(part.shard, file);
    campaign.runs.insert(campaign.runs.end(), part.runs.begin(), part.runs.end());
  }
  tally.CheckComplete();
  std::sort(campaign.runs.begin(), campaign.runs.end(),
            [](const SeedRun& a, const SeedRun& b) { return a.seed < b.seed; });
  for (uint64_t i = 0; i < campaign.runs.size(); ++i) {
    if (campaign.runs[i].seed != i) {
      throw engine::InputError({"--merge", 0, 0}, fmt::format("seed {} is missing or repeated", i),
                               "give each shard's file once");
    }
  }
  if (campaign.runs.size() != campaign.seeds) {
    throw engine::InputError({"--merge", 0, 0}, "the shards do not cover every seed");
  }
  Conclude(explorer, request, campaign, for_each);
  return campaign;
}

}  // namespace tidemark::sim
