// `tidemark report SCENARIO -o DIR [--seed N] [--metadata] [--trace S=F]`: write report.html, report.md,
// report.json and one CSV per sink into DIR.
#include <cstdio>
#include <optional>

#include "app/commands.h"
#include "app/whole_number_option.h"
#include "app/trace_override.h"
#include "reports/report_files.h"
#include "reports/run_story.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"

namespace tidemark::app {

namespace {
struct ReportFlags {
  std::string scenario;
  std::string output;
  std::optional<uint64_t> seed;
  bool metadata = false;
  std::vector<std::string> traces;  // SOURCE=FILE
};
}  // namespace

void WriteReport(const sim::JobPlan& plan, const sim::RunResult& result, uint64_t seed,
                 const std::string& folder, bool record_metadata) {
  const reports::RunStory story(plan, result);
  reports::WriteReportFiles(
      folder, reports::RenderReportFiles(story, {.tool_version = TIDEMARK_VERSION,
                                                 .seed = seed,
                                                 .record_metadata = record_metadata}));
}

void AddReportCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ReportFlags>();
  CLI::App* report = app.add_subcommand(
      "report", "Write report.html, report.md, report.json and a CSV per sink into a folder");
  report->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  report->add_option("-o,--output", flags->output, "Folder to write (created if missing)")
      ->required();
  report->add_option("--seed", flags->seed, "Schedule seed (default: the scenario's seed)")
      ->check(WholeNumber(0, MaxOf<uint64_t>()));
  report->add_option("--trace", flags->traces, "SOURCE=FILE: read this source from FILE instead");
  report->add_flag("--metadata", flags->metadata,
                   "Add @timestamp, @watermark and @at columns to each sink's CSV");
  report->callback([flags, exit_code] {
    sim::ScenarioSpec spec = sim::LoadScenario(flags->scenario);
    ApplyTraceOverrides(flags->traces, spec);
    sim::JobPlan plan = sim::PlanJob(std::move(spec));
    const uint64_t seed = flags->seed.value_or(plan.spec.seed);
    const sim::RunResult result =
        sim::RunJob(plan, {.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord});
    WriteReport(plan, result, seed, flags->output, flags->metadata);
    std::printf("wrote %s/report.html, report.md, report.json and %zu CSV file%s\n",
                flags->output.c_str(), result.sinks.size(), result.sinks.size() == 1 ? "" : "s");
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
