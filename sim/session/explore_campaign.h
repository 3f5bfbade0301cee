// ExploreCampaign: `tidemark explore` as a use case — seeds 0..N-1 of one
// scenario run (or a shard's share of them), grouped by outcome, every
// divergence explained and, on request, shrunk to a reproduction; or the
// shards' runs merged into exactly the unsharded campaign. The command line
// prints and writes it (reports/campaign/explore_report.h), the library
// returns it.
#ifndef TIDEMARK_SIM_SESSION_EXPLORE_CAMPAIGN_H_
#define TIDEMARK_SIM_SESSION_EXPLORE_CAMPAIGN_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/explore/divergence.h"
#include "sim/explore/explore.h"
#include "sim/explore/reproduction.h"
#include "sim/planner/job_plan.h"
#include "sim/session/for_each.h"

namespace tidemark::sim {

struct ExploreReproFile {
  std::string path;
  Reproduction repro;
};

struct ExploreCampaign {
  std::string scenario;  // the path as given
  std::string name;      // the scenario's name
  uint64_t scenario_hash = 0;
  uint64_t seeds = 0;  // the campaign: seeds 0..seeds-1
  Shard shard;
  OutcomeOrder order = OutcomeOrder::kMultiset;
  bool deterministic = false;  // the scenario demands one outcome
  uint64_t failures = 0;       // --failures: per run, at points the seed picks
  std::vector<SeedRun> runs;   // sorted by seed
  std::vector<OutcomeGroup> outcomes;
  // Complete campaigns only (not one shard of several): one per outcome
  // beyond the first, with its reproduction when one was made.
  std::vector<Divergence> divergences;
  // With failures: outcomes that differ from the failure-free run beyond
  // those explained.
  uint64_t unexplained = 0;
  std::vector<ExploreReproFile> repros;

  size_t RunsWithViolations() const;
  // Exit status 1: an invariant failed, or a deterministic scenario diverged
  // (without failures: with them, outcomes differ by where the job fails).
  bool failed() const;
};

struct ExploreRequest {
  std::string scenario = {};  // the path as given: names the campaign and its reproductions
  uint64_t seeds = 100;
  Shard shard = {};
  ExploreOptions options = {};
  // Where reproductions go (named SCENARIO.outcome-N.yaml); nullopt: divergences
  // are explained but not shrunk.
  std::optional<std::string> repro_dir = {};
  // Whether the campaign names its input by hashing the scenario's files, as
  // shard files must (a scenario given as text has no file to hash).
  enum class InputHash { kCompute, kSkip } input_hash = InputHash::kCompute;
};

// A campaign's header: everything but its runs. Throws engine::InputError
// when the scenario's files cannot be read to hash them.
ExploreCampaign PlanCampaign(const JobPlan& plan, const ExploreRequest& request);

// Runs the request's share of seeds; with a whole campaign (one shard) also
// groups, explains and shrinks (the reproductions' texts, for the caller to
// write). Throws engine::InputError.
ExploreCampaign RunExploreCampaign(JobPlan plan, const ExploreRequest& request,
                                   const ForEach& for_each);

// The runs of the shard files (each read back by `read_shard`, which throws
// engine::InputError for a file that is not one), checked to be one complete
// campaign of `request`, merged, and then grouped, explained and shrunk as
// one unsharded campaign.
ExploreCampaign MergeExploreCampaign(
    JobPlan plan, const ExploreRequest& request, const std::vector<std::string>& files,
    const std::function<ExploreCampaign(const std::string& file)>& read_shard,
    const ForEach& for_each);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_EXPLORE_CAMPAIGN_H_
