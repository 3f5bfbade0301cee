// `tidemark run SCENARIO [--seed N] [--report DIR] [--json] [--count-only]
// [--trace SOURCE=FILE]`: run one scenario and print its sinks and ledger
// summary (or, with --json, report.json).
#include <algorithm>
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/progress.h"
#include "app/root_option.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "reports/pages/json_report.h"
#include "reports/pages/report_files.h"
#include "reports/pages/report_folder.h"
#include "reports/pages/sink_row_spool.h"
#include "reports/pages/text_report.h"
#include "reports/story/run_story.h"
#include "sim/runtime/runtime.h"
#include "sim/session/detailed_run.h"
#include "sim/session/open_job.h"

namespace tidemark::app {

namespace {
struct RunFlags {
  std::string scenario;
  std::optional<uint64_t> seed;
  bool count_only = false;
  std::vector<std::string> traces;  // SOURCE=FILE
  std::optional<std::string> report;
  bool json = false;
  bool keep_csv_formulas = false;
  RootFlags paths;  // --root, --allow-outside-root
};

}  // namespace

void AddRunCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<RunFlags>();
  CLI::App* run = app.add_subcommand("run", "Run one scenario and print every sink and the ledger");
  run->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  AddRootOptions(run, &flags->paths);
  run->add_option("--seed", flags->seed, "Schedule seed (default: the scenario's seed)")
      ->check(WholeNumber(0, MaxOf<uint64_t>()));
  run->add_option("--trace", flags->traces, "SOURCE=FILE: read this source from FILE instead");
  run->add_flag("--count-only", flags->count_only,
                "Keep and print only record counts (for long traces: memory stays flat)");
  run->add_option("--report", flags->report,
                  "Also write report.html, report.md, report.json and a CSV per sink here");
  run->add_flag("--json", flags->json, "Print report.json instead of the text summary");
  AddKeepCsvFormulasFlag(run, &flags->keep_csv_formulas);
  run->callback([flags, exit_code] {
    const sim::JobPlan plan = sim::OpenJob(
        flags->scenario, {.paths = flags->paths.Confinement(), .traces = flags->traces});
    // Accepted as Flink accepts it, but most likely a mistake (an empty side output).
    for (const sim::PlanWarning& warning : plan.warnings) {
      std::fprintf(stderr, "%s\n", warning.ToString().c_str());
    }
    const uint64_t seed = flags->seed.value_or(plan.info.seed);
    const bool detailed = flags->report || flags->json;
    if (detailed && flags->count_only) {
      throw engine::InputError({"--count-only", 0, 0},
                               "--count-only keeps no records, so it cannot make a report",
                               "drop --count-only, or --report/--json");
    }
    RowProgress progress("run");
    sim::RunResult result;
    // The text output prints every sink record: spooled to temporary files as
    // the run emits them, so memory does not grow with the output.
    std::optional<reports::SinkRowSpool> spool;
    if (!flags->json && !flags->count_only) spool.emplace(plan.sinks.size());
    std::function<void(size_t, const engine::Record&)> spool_record;
    if (spool) {
      spool_record = [&spool](size_t sink, const engine::Record& r) { spool->Add(sink, r); };
    }
    if (flags->report) {
      result = reports::RunIntoReportFolder(
          plan, {.folder = *flags->report,
                 .context = {.tool_version = TIDEMARK_VERSION,
                             .seed = seed,
                             .csv = {.formulas = CsvFormulas(flags->keep_csv_formulas)}},
                 .each_sink_record = spool_record,
                 .on_progress = progress.Callback(),
                 .on_stage = [&progress](const char* stage) { progress.Stage(stage); }});
    } else if (detailed) {
      result = sim::RunDetailed(plan, {.seed = seed, .on_progress = progress.Callback()});
    } else {
      sim::RunOptions options{.seed = seed,
                              .detail = engine::Ledger::Detail::kCountsOnly,
                              .sinks = sim::RunOptions::Sinks::kCount};
      if (spool) {
        options.on_sink_record = [&spool_record](size_t sink, const engine::Record& r,
                                                 const sim::RecordEmission&) {
          spool_record(sink, r);
        };
      }
      options.on_progress = progress.Callback();
      result = sim::RunJob(plan, options);
    }
    progress.Done();
    // Printed only once the run is complete: bad input mid-trace prints no partial result.
    if (flags->json) {
      const reports::RunStory story(plan, result, sim::kDetailRows);
      std::fputs(reports::FormatJsonReport(story, {.tool_version = TIDEMARK_VERSION, .seed = seed})
                     .c_str(),
                 stdout);
    } else if (flags->count_only) {
      std::fputs(reports::FormatRunTail(plan, result).c_str(), stdout);
    } else {
      for (size_t s = 0; s < result.sinks.size(); ++s) {
        std::fputs(reports::FormatSinkHeading(result.sinks[s]).c_str(), stdout);
        spool->CopyTo(s, stdout);
        std::fputs("\n", stdout);
      }
      std::fputs(reports::FormatRunTail(plan, result).c_str(), stdout);
    }
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
