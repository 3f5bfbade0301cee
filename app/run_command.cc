// `tidemark run SCENARIO [--seed N] [--report DIR] [--json]`: run one scenario
// and print its sinks and ledger summary (or, with --json, report.json).
#include <cstdio>
#include <optional>

#include "app/commands.h"
#include "reports/json_report.h"
#include "reports/run_story.h"
#include "reports/text_report.h"
#include "sim/job_plan.h"
#include "sim/runtime.h"
#include "sim/scenario.h"

namespace tidemark::app {

namespace {
struct RunFlags {
  std::string scenario;
  std::optional<uint64_t> seed;
  std::optional<std::string> report;
  bool json = false;
};
}  // namespace

void AddRunCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<RunFlags>();
  CLI::App* run = app.add_subcommand("run", "Run one scenario and print every sink and the ledger");
  run->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  run->add_option("--seed", flags->seed, "Schedule seed (default: the scenario's seed)");
  run->add_option("--report", flags->report,
                  "Also write report.html, report.md, report.json and a CSV per sink here");
  run->add_flag("--json", flags->json, "Print report.json instead of the text summary");
  run->callback([flags, exit_code] {
    sim::JobPlan plan = sim::PlanJob(sim::LoadScenario(flags->scenario));
    const uint64_t seed = flags->seed.value_or(plan.spec.seed);
    const bool detailed = flags->report || flags->json;
    const sim::RunResult result = sim::RunJob(
        plan, {.seed = seed,
               .detail = detailed ? engine::Ledger::Detail::kEveryRecord
                                  : engine::Ledger::Detail::kCountsOnly});
    if (flags->report) WriteReport(plan, result, seed, *flags->report);
    // Printed only once the run is complete: bad input mid-trace prints no partial result.
    if (flags->json) {
      const reports::RunStory story(plan, result);
      std::fputs(reports::FormatJsonReport(story, {.tool_version = TIDEMARK_VERSION, .seed = seed})
                     .c_str(),
                 stdout);
    } else {
      std::fputs(reports::FormatRunText(plan, result).c_str(), stdout);
    }
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
