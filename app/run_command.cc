// `tidemark run SCENARIO [--seed N]`: run one scenario and print its sinks
// and ledger summary.
#include <cstdio>
#include <optional>

#include "app/commands.h"
#include "reports/text_report.h"
#include "sim/job_plan.h"
#include "sim/runtime.h"
#include "sim/scenario.h"

namespace tidemark::app {

namespace {
struct RunFlags {
  std::string scenario;
  std::optional<uint64_t> seed;
};
}  // namespace

void AddRunCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<RunFlags>();
  CLI::App* run = app.add_subcommand("run", "Run one scenario and print every sink and the ledger");
  run->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  run->add_option("--seed", flags->seed, "Schedule seed (default: the scenario's seed)");
  run->callback([flags, exit_code] {
    sim::JobPlan plan = sim::PlanJob(sim::LoadScenario(flags->scenario));
    const uint64_t seed = flags->seed.value_or(plan.spec.seed);
    const sim::RunResult result = sim::RunJob(plan, {.seed = seed});
    // Printed only once the run is complete: bad input mid-trace prints no partial result.
    std::fputs(reports::FormatRunText(plan, result).c_str(), stdout);
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
