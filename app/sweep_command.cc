// `tidemark sweep SCENARIO --set KEY=V1,V2,... [--set ...] [--shard I/K]`:
// runs the scenario once per point of the settings' grid and prints the
// late-data / latency trade-off as a Markdown table; --json and --svg write
// it; --merge A.json B.json ... merges shards instead of running.
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
#include "reports/campaign/sweep_report.h"
#include "sim/session/sweep_campaign.h"

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

void RunSweep(const SweepFlags& flags, int* exit_code) {
  sim::SweepRequest request{.scenario = flags.scenario,
                            .open = {.paths = flags.paths.Confinement(), .traces = flags.traces},
                            .settings = flags.settings};
  sim::SweepCampaign campaign;
  if (!flags.merge.empty()) {
    campaign = sim::MergeSweepCampaign(request, flags.merge, [](const std::string& file) {
      return reports::ParseSweepJson(ReadShardFile(file), file);
    });
  } else {
    request.shard = ResolveShard(flags.shard, flags.shard_count);
    campaign = sim::RunSweepCampaign(request, [&flags](size_t n, std::string_view stage,
                                                       const std::function<void(size_t)>& body) {
      ParallelFor(n, flags.jobs, std::string(stage), body);
    });
  }
  std::fputs(reports::FormatSweepMarkdown(campaign).c_str(), stdout);
  if (!flags.json.empty()) WriteOutputFile(flags.json, reports::FormatSweepJson(campaign));
  if (!flags.svg.empty()) WriteOutputFile(flags.svg, reports::FormatSweepSvg(campaign));
  if (!flags.html.empty()) WriteOutputFile(flags.html, reports::FormatSweepHtml(campaign));
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
