// `tidemark sweep SCENARIO --set KEY=V1,V2,... [--set ...] [--shard I/K]`:
// runs the scenario once per point of the settings' grid and prints the
// late-data / latency trade-off as a Markdown table; --json and --svg write
// it; --merge A.json B.json ... merges shards instead of running.
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
#include "reports/campaign/sweep_report.h"
#include "sim/explore/explore.h"
#include "sim/explore/sweep.h"
#include "sim/scenario/scenario.h"

namespace tidemark::app {

namespace {

struct SweepFlags {
  std::string scenario;
  std::vector<std::string> settings;
  std::string shard = "0/1";
  std::optional<uint64_t> shard_count;  // with --shard auto
  unsigned jobs = 0;
  std::string json;
  std::string svg;
  std::string html;
  std::vector<std::string> traces;
  std::vector<std::string> merge;
  RootFlags paths;  // --root, --allow-outside-root
};

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw engine::InputError({path, 0, 0}, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool SameSettings(const std::vector<sim::SweepSetting>& a,
                  const std::vector<sim::SweepSetting>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].values != b[i].values) return false;
  }
  return true;
}

std::vector<reports::SweepPointResult> MergeShards(const reports::SweepReport& self,
                                                   const std::vector<std::string>& files) {
  std::vector<reports::SweepPointResult> results;
  std::vector<bool> seen;
  uint64_t count = 0;
  for (const std::string& file : files) {
    const reports::SweepReport part = reports::ParseSweepJson(ReadText(file), file);
    if (part.scenario_hash != self.scenario_hash || !SameSettings(part.settings, self.settings)) {
      throw engine::InputError({file, 0, 0}, "this shard swept another scenario or other settings",
                               "merge files of one `tidemark sweep` command line");
    }
    if (count == 0) {
      count = part.shard.count;
      seen.assign(count, false);
    }
    if (part.shard.count != count || seen[part.shard.index]) {
      throw engine::InputError({file, 0, 0}, "this shard does not fit the other files",
                               "give each shard I/K of one K exactly once");
    }
    seen[part.shard.index] = true;
    results.insert(results.end(), part.results.begin(), part.results.end());
  }
  for (uint64_t i = 0; i < count; ++i) {
    if (!seen[i]) {
      throw engine::InputError({"--merge", 0, 0}, fmt::format("shard {}/{} is missing", i, count),
                               "give every shard's JSON file");
    }
  }
  std::sort(results.begin(), results.end(),
            [](const auto& a, const auto& b) { return a.index < b.index; });
  if (results.size() != self.points) {
    throw engine::InputError({"--merge", 0, 0}, "the shards do not cover every point");
  }
  return results;
}

void RunSweep(const SweepFlags& flags, int* exit_code) {
  sim::ScenarioSpec spec = sim::LoadScenario(flags.scenario, flags.paths.Confinement());
  ApplyTraceOverrides(flags.traces, spec);
  reports::SweepReport report;
  report.scenario = flags.scenario;
  report.name = spec.name;
  report.scenario_hash = sim::ScenarioInputHash(spec);
  for (const std::string& s : flags.settings) report.settings.push_back(sim::ParseSweepSetting(s));
  const std::vector<sim::SweepPoint> grid = sim::SweepGrid(report.settings);
  report.points = grid.size();
  // Every point's settings must apply before anything runs.
  for (const sim::SweepPoint& point : grid) {
    sim::ScenarioSpec probe = spec;
    for (const auto& [key, value] : point) sim::ApplySetting(probe, key, value);
  }
  if (!flags.merge.empty()) {
    report.results = MergeShards(report, flags.merge);
  } else {
    report.shard = ResolveShard(flags.shard, flags.shard_count);
    for (uint64_t j = 0; j < grid.size(); ++j) {
      if (report.shard.Owns(j)) report.results.push_back({j, grid[j], {}});
    }
    ParallelFor(report.results.size(), flags.jobs, "sweep", [&](size_t i) {
      report.results[i].metrics = sim::MeasurePoint(spec, report.results[i].point);
    });
  }
  std::fputs(reports::FormatSweepMarkdown(report).c_str(), stdout);
  if (!flags.json.empty()) WriteOutputFile(flags.json, reports::FormatSweepJson(report));
  if (!flags.svg.empty()) WriteOutputFile(flags.svg, reports::FormatSweepSvg(report));
  if (!flags.html.empty()) WriteOutputFile(flags.html, reports::FormatSweepHtml(report));
  *exit_code = kExitOk;
}

}  // namespace

void AddSweepCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<SweepFlags>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Run a scenario per setting value: late share, dropped, side output, latency");
  cmd->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  AddRootOptions(cmd, &flags->paths);
  cmd->add_option("--set", flags->settings,
                  "KEY=V1,V2,... or KEY=FROM..TO:STEP (repeat for a grid), e.g. "
                  "sources.NAME.watermarks.max_out_of_orderness=0s..5s:1s")
      ->required();
  cmd->add_option(
         "--shard", flags->shard,
         "I/K: run only the points j with j mod K == I; auto: I and K from the CI or batch "
         "system's job number (docs/ci.md)")
      ->capture_default_str();
  cmd->add_option("--shard-count", flags->shard_count,
                  "K for --shard auto where the system does not say it (a Kubernetes Indexed Job)")
      ->check(WholeNumber(0, MaxOf<uint64_t>()));
  cmd->add_option("--jobs,-j", flags->jobs, "Threads (0: one per core)")
      ->check(WholeNumber(0, kMaxJobs))
      ->capture_default_str();
  cmd->add_option("--json", flags->json, "Write every point as JSON to FILE");
  cmd->add_option("--svg", flags->svg, "Write the completeness/latency plot as SVG to FILE");
  cmd->add_option("--html", flags->html,
                  "Write a self-contained HTML report (plot and table) to FILE");
  cmd->add_option("--trace", flags->traces, "SOURCE=FILE: read this source from FILE instead");
  cmd->add_option("--merge", flags->merge, "Merge these shard JSON files instead of running");
  cmd->callback([flags, exit_code] { RunSweep(*flags, exit_code); });
}

}  // namespace tidemark::app
