// `tidemark report SCENARIO -o DIR [--seed N] [--metadata] [--keep-csv-formulas] [--trace S=F]
// [--from T] [--to T]`: write report.html, report.md, report.json and one CSV per sink into DIR;
// --from and --to pick the stretch of processing time report.html's timeline draws.
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/progress.h"
#include "app/root_option.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "reports/pages/report_folder.h"
#include "sim/session/open_job.h"

namespace tidemark::app {

namespace {
struct ReportFlags {
  std::string scenario;
  std::string output;
  std::optional<uint64_t> seed;
  bool metadata = false;
  bool keep_csv_formulas = false;
  std::vector<std::string> traces;        // SOURCE=FILE
  RootFlags paths;                        // --root, --allow-outside-root
  std::optional<int64_t> from_ms, to_ms;  // --from, --to: processing time
};

// The timeline's range, once both ends are known to be whole numbers: the
// end must come after the start.
reports::TimelineRange TimelineRangeOf(const ReportFlags& flags) {
  if (flags.from_ms && flags.to_ms && *flags.to_ms <= *flags.from_ms) {
    throw engine::InputError(
        {"--to", 0, 0},
        fmt::format("must be later than --from ({}), got '{}'", *flags.from_ms, *flags.to_ms),
        "--from and --to are processing times in milliseconds, the x axis "
        "of the timeline");
  }
  reports::TimelineRange range;
  if (flags.from_ms) range.from = engine::Timestamp::Millis(*flags.from_ms);
  if (flags.to_ms) range.to = engine::Timestamp::Millis(*flags.to_ms);
  return range;
}
}  // namespace

void AddKeepCsvFormulasFlag(CLI::App* command, bool* keep) {
  command->add_flag("--keep-csv-formulas", *keep,
                    "Write sink CSV cells as they are, even those starting with = + - @ that a "
                    "spreadsheet would run as formulas (by default they get a leading ')");
}

sim::CsvFormulas CsvFormulas(bool keep) {
  return keep ? sim::CsvFormulas::kKeep : sim::CsvFormulas::kNeutralise;
}

void AddReportCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ReportFlags>();
  CLI::App* report = app.add_subcommand(
      "report", "Write report.html, report.md, report.json and a CSV per sink into a folder");
  report->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  AddRootOptions(report, &flags->paths);
  report->add_option("-o,--output", flags->output, "Folder to write (created if missing)")
      ->required();
  report->add_option("--seed", flags->seed, "Schedule seed (default: the scenario's seed)")
      ->check(WholeNumber(0, MaxOf<uint64_t>()));
  report->add_option("--trace", flags->traces, "SOURCE=FILE: read this source from FILE instead");
  report->add_flag("--metadata", flags->metadata,
                   "Add @timestamp, @watermark and @at columns to each sink's CSV");
  AddKeepCsvFormulasFlag(report, &flags->keep_csv_formulas);
  report
      ->add_option("--from", flags->from_ms,
                   "Draw the timeline in report.html from this processing time (ms)")
      ->check(WholeNumber(0, MaxOf<int64_t>()));
  report
      ->add_option("--to", flags->to_ms,
                   "Draw the timeline in report.html up to this processing time (ms)")
      ->check(WholeNumber(0, MaxOf<int64_t>()));
  report->callback([flags, exit_code] {
    const reports::TimelineRange timeline = TimelineRangeOf(*flags);
    const sim::JobPlan plan = sim::OpenJob(
        flags->scenario, {.paths = flags->paths.Confinement(), .traces = flags->traces});
    const uint64_t seed = flags->seed.value_or(plan.info.seed);
    RowProgress progress("report");
    const sim::RunResult result = reports::RunIntoReportFolder(
        plan, {.folder = flags->output,
               .context = {.tool_version = TIDEMARK_VERSION,
                           .seed = seed,
                           .csv = {.metadata = flags->metadata,
                                   .formulas = CsvFormulas(flags->keep_csv_formulas)},
                           .timeline = timeline},
               .on_progress = progress.Callback(),
               .on_stage = [&progress](const char* stage) { progress.Stage(stage); }});
    progress.Done();
    std::printf("wrote %s/report.html, report.md, report.json%s and %zu CSV file%s\n",
                flags->output.c_str(), result.detail_cut ? ", records.jsonl" : "",
                result.sinks.size(), result.sinks.size() == 1 ? "" : "s");
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
