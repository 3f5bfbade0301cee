// `tidemark explore SCENARIO --seeds N [--shard I/K] [--jobs J] [--json FILE]`
// runs N seeded schedules, groups them by outcome, explains and reproduces
// every divergence; `--merge A.json B.json ...` merges shards instead of
// running, giving exactly the unsharded result.
#include <cstdio>
#include <functional>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "app/ci_output.h"
#include "app/commands.h"
#include "app/parallel_for.h"
#include "app/root_option.h"
#include "app/shard_option.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "reports/campaign/explore_report.h"
#include "sim/session/explore_campaign.h"
#include "sim/session/open_job.h"

namespace tidemark::app {

namespace {

struct ExploreFlags {
  std::string scenario;
  uint64_t seeds = 100;
  std::string shard = "0/1";
  std::optional<uint64_t> shard_count;  // with --shard auto
  unsigned jobs = 0;
  std::string json;
  std::string repro_dir = "tidemark-repro";
  bool no_repro = false;
  bool ordered = false;
  bool no_invariants = false;
  uint64_t failures = 0;
  std::vector<std::string> merge;
  std::vector<std::string> traces;  // SOURCE=FILE
  RootFlags paths;                  // --root, --allow-outside-root
};

void RunExplore(const ExploreFlags& flags, int* exit_code) {
  sim::JobPlan plan =
      sim::OpenJob(flags.scenario, {.paths = flags.paths.Confinement(), .traces = flags.traces});
  sim::ExploreRequest request{
      .scenario = flags.scenario,
      .seeds = flags.seeds,
      .options = {
          .order = flags.ordered ? sim::OutcomeOrder::kArrival : sim::OutcomeOrder::kMultiset,
          .invariants =
              flags.no_invariants ? sim::InvariantChecks::kNone : sim::InvariantChecks::kEveryRun,
          .failures = flags.failures}};
  if (!flags.no_repro) request.repro_dir = flags.repro_dir;
  const sim::ForEach on_threads = [&flags](size_t n, std::string_view stage,
                                           const std::function<void(size_t)>& body) {
    ParallelFor(n, flags.jobs, std::string(stage), body);
  };
  sim::ExploreCampaign campaign;
  if (!flags.merge.empty()) {
    campaign = sim::MergeExploreCampaign(
        std::move(plan), request, flags.merge,
        [](const std::string& file) {
          return reports::ParseExploreJson(ReadShardFile(file), file);
        },
        on_threads);
  } else {
    request.shard = ResolveShard(flags.shard, flags.shard_count);
    campaign = sim::RunExploreCampaign(std::move(plan), request, on_threads);
  }
  for (const sim::ExploreReproFile& f : campaign.repros) WriteOutputFile(f.path, f.repro.text);
  std::fputs(reports::FormatExploreText(campaign).c_str(), stdout);
  if (!flags.json.empty()) WriteOutputFile(flags.json, reports::FormatExploreJson(campaign));
  *exit_code = campaign.failed() ? kExitCheckFailed : kExitOk;
}

}  // namespace

void AddExploreCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ExploreFlags>();
  CLI::App* cmd = app.add_subcommand(
      "explore", "Run many seeded schedules; group outcomes; explain and reproduce divergences");
  cmd->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  AddRootOptions(cmd, &flags->paths);
  cmd->add_option("--seeds", flags->seeds, "Run seeds 0..N-1")
      ->check(WholeNumber(0, MaxOf<uint64_t>()))
      ->capture_default_str();
  cmd->add_option("--shard", flags->shard,
                  "I/K: run only the seeds s with s mod K == I; auto: I and K from the CI or batch "
                  "system's job number (docs/ci.md)")
      ->capture_default_str();
  cmd->add_option("--shard-count", flags->shard_count,
                  "K for --shard auto where the system does not say it (a Kubernetes Indexed Job)")
      ->check(WholeNumber(0, MaxOf<uint64_t>()));
  cmd->add_option("--jobs,-j", flags->jobs, "Threads (0: one per core)")
      ->check(WholeNumber(0, kMaxJobs))
      ->capture_default_str();
  cmd->add_option("--json", flags->json, "Write the campaign (every run) as JSON to FILE");
  cmd->add_option("--repro-dir", flags->repro_dir, "Where reproductions are written")
      ->capture_default_str();
  cmd->add_flag("--no-repro", flags->no_repro, "Explain divergences but do not shrink them");
  cmd->add_flag("--ordered", flags->ordered,
                "Outcomes compare sinks in arrival order (default: as multisets)");
  cmd->add_flag("--no-invariants", flags->no_invariants, "Skip the invariant checks (faster)");
  cmd->add_option("--failures", flags->failures,
                  "Each run also fails N times, at tasks and times its seed picks, and is "
                  "compared with the same seed without failures (docs/explore-and-sweep.md)")
      ->check(WholeNumber(0, 1000))
      ->capture_default_str();
  cmd->add_option("--trace", flags->traces, "SOURCE=FILE: read this source from FILE instead");
  cmd->add_option("--merge", flags->merge,
                  "Merge these shard JSON files (of this scenario) instead of running");
  cmd->callback([flags, exit_code] { RunExplore(*flags, exit_code); });
}

}  // namespace tidemark::app
