// `tidemark explore SCENARIO --seeds N [--shard I/K] [--jobs J] [--json FILE]`
// runs N seeded schedules, groups them by outcome, explains and reproduces
// every divergence; `--merge A.json B.json ...` merges shards instead of
// running, giving exactly the unsharded result.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "app/ci_output.h"
#include "app/commands.h"
#include "app/parallel_for.h"
#include "app/root_option.h"
#include "app/shard_option.h"
#include "app/trace_override.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "reports/campaign/explore_report.h"
#include "sim/explore/explore.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"

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

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw engine::InputError({path, 0, 0}, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The runs of every shard file, checked to be one complete campaign.
std::vector<sim::SeedRun> MergeShards(const reports::ExploreReport& self,
                                      const std::vector<std::string>& files) {
  std::vector<sim::SeedRun> runs;
  std::vector<bool> seen;
  uint64_t count = 0;
  for (const std::string& file : files) {
    const reports::ExploreReport part = reports::ParseExploreJson(ReadFile(file), file);
    if (part.scenario_hash != self.scenario_hash || part.seeds != self.seeds ||
        part.order != self.order || part.failures != self.failures) {
      throw engine::InputError(
          {file, 0, 0},
          "this shard ran another campaign (scenario, traces, --seeds, "
          "--failures or --ordered differ)",
          fmt::format("merge files of `explore {} --seeds {}`", self.scenario, self.seeds));
    }
    if (count == 0) {
      count = part.shard.count;
      seen.assign(count, false);
    }
    if (part.shard.count != count || seen[part.shard.index]) {
      throw engine::InputError({file, 0, 0},
                               fmt::format("shard {}/{} does not fit the other files",
                                           part.shard.index, part.shard.count),
                               "give each shard I/K of one K exactly once");
    }
    seen[part.shard.index] = true;
    runs.insert(runs.end(), part.runs.begin(), part.runs.end());
  }
  for (uint64_t i = 0; i < count; ++i) {
    if (!seen[i]) {
      throw engine::InputError({"--merge", 0, 0}, fmt::format("shard {}/{} is missing", i, count),
                               "give every shard's JSON file");
    }
  }
  std::sort(runs.begin(), runs.end(),
            [](const sim::SeedRun& a, const sim::SeedRun& b) { return a.seed < b.seed; });
  for (uint64_t i = 0; i < runs.size(); ++i) {
    if (runs[i].seed != i) {
      throw engine::InputError({"--merge", 0, 0}, fmt::format("seed {} is missing or repeated", i),
                               "give each shard's file once");
    }
  }
  if (runs.size() != self.seeds) {
    throw engine::InputError({"--merge", 0, 0}, "the shards do not cover every seed");
  }
  return runs;
}

// With --failures: the outcomes whose first run differs from the same seed
// without failures, explained against that run — those where a replayed
// record was judged differently first, then by outcome; at most
// kMaxFailureDivergences (duplicates alone make many outcomes).
constexpr size_t kMaxFailureDivergences = 10;

void ExplainFailures(const sim::Explorer& explorer, reports::ExploreReport& report,
                     std::vector<size_t>& numbers) {
  std::vector<std::pair<bool, size_t>> differing;  // (!lateness_changed, outcome index)
  for (size_t g = 0; g < report.outcomes.size(); ++g) {
    const sim::OutcomeGroup& group = report.outcomes[g];
    const auto run =
        std::find_if(report.runs.begin(), report.runs.end(),
                     [&](const sim::SeedRun& r) { return r.seed == group.first_seed; });
    if (run == report.runs.end() || run->outcome == run->failure_free_outcome) continue;
    differing.emplace_back(!run->lateness_changed, g);
  }
  std::stable_sort(differing.begin(), differing.end());
  const size_t explained = std::min(differing.size(), kMaxFailureDivergences);
  report.unexplained = differing.size() - explained;
  for (size_t i = 0; i < explained; ++i) {
    const size_t g = differing[i].second;
    report.divergences.push_back(sim::ExplainFailureDivergence(explorer, report.outcomes[g]));
    numbers.push_back(g + 1);
  }
}

void Explain(const sim::Explorer& explorer, const ExploreFlags& flags,
             reports::ExploreReport& report) {
  const std::string stem = std::filesystem::path(flags.scenario).stem().string();
  std::vector<size_t> numbers;  // of each divergence's outcome, from 1
  if (flags.failures > 0) {
    ExplainFailures(explorer, report, numbers);
  } else {
    for (size_t g = 1; g < report.outcomes.size(); ++g) {
      report.divergences.push_back(
          sim::ExplainDivergence(explorer, report.outcomes[0], report.outcomes[g]));
      numbers.push_back(g + 1);
    }
  }
  if (flags.no_repro) return;
  std::vector<reports::ExploreReproFile> repros(report.divergences.size());
  ParallelFor(repros.size(), flags.jobs, "shrinking", [&](size_t d) {
    const sim::Divergence& div = report.divergences[d];
    repros[d].path = (std::filesystem::path(flags.repro_dir) /
                      fmt::format("{}.outcome-{}.yaml", stem, numbers[d]))
                         .string();
    repros[d].repro =
        div.against_failure_free
            ? sim::ShrinkFailureDivergence(explorer, div.other.first_seed, repros[d].path)
            : sim::ShrinkDivergence(explorer, div.base.first_seed, div.other.first_seed,
                                    repros[d].path);
  });
  for (const reports::ExploreReproFile& f : repros) WriteOutputFile(f.path, f.repro.text);
  report.repros = std::move(repros);
}

void RunExplore(const ExploreFlags& flags, int* exit_code) {
  sim::ScenarioSpec spec = sim::LoadScenario(flags.scenario, flags.paths.Confinement());
  ApplyTraceOverrides(flags.traces, spec);
  sim::JobPlan plan = sim::PlanJob(std::move(spec));
  reports::ExploreReport report;
  report.scenario = flags.scenario;
  report.name = plan.spec.name;
  report.scenario_hash = sim::ScenarioInputHash(plan.spec);
  report.seeds = flags.seeds;
  report.order = flags.ordered ? sim::OutcomeOrder::kArrival : sim::OutcomeOrder::kMultiset;
  report.deterministic = plan.spec.deterministic;
  report.failures = flags.failures;
  report.shard = flags.merge.empty() ? ResolveShard(flags.shard, flags.shard_count) : sim::Shard{};
  const sim::Explorer explorer(std::move(plan),
                               {.order = report.order,
                                .invariants = flags.no_invariants ? sim::InvariantChecks::kNone
                                                                  : sim::InvariantChecks::kEveryRun,
                                .failures = flags.failures});
  if (!flags.merge.empty()) {
    report.runs = MergeShards(report, flags.merge);
  } else {
    std::vector<uint64_t> seeds;
    for (uint64_t s = 0; s < flags.seeds; ++s) {
      if (report.shard.Owns(s)) seeds.push_back(s);
    }
    report.runs.resize(seeds.size());
    ParallelFor(seeds.size(), flags.jobs, "explore",
                [&](size_t i) { report.runs[i] = explorer.Run(seeds[i]); });
  }
  report.outcomes = sim::GroupOutcomes(report.runs);
  if (report.shard.count == 1) Explain(explorer, flags, report);
  std::fputs(reports::FormatExploreText(report).c_str(), stdout);
  if (!flags.json.empty()) WriteOutputFile(flags.json, reports::FormatExploreJson(report));
  *exit_code = report.failed() ? kExitCheckFailed : kExitOk;
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
