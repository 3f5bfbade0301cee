// `tidemark report SCENARIO -o DIR [--seed N] [--metadata] [--keep-csv-formulas] [--trace S=F]
// [--from T] [--to T]`: write report.html, report.md, report.json and one CSV per sink into DIR;
// --from and --to pick the stretch of processing time report.html's timeline draws.
#include <cstdio>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/progress.h"
#include "app/root_option.h"
#include "app/trace_override.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "reports/pages/report_files.h"
#include "reports/story/run_story.h"
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

sim::RunResult RunDetailed(
    const sim::JobPlan& plan, uint64_t seed, RowProgress& progress,
    const std::string* report_folder, const reports::SinkCsvOptions& csv,
    const std::function<void(size_t sink, const engine::Record&)>& each_sink_record,
    const reports::TimelineRange& timeline) {
  std::optional<reports::SinkCsvFiles> csvs;
  if (report_folder) csvs.emplace(*report_folder, plan, csv);
  sim::RunOptions options{.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord};
  options.detail_rows = reports::kReportDetailRows;
  options.max_sink_records = reports::kReportDetailRows;
  if (csvs || each_sink_record) {
    options.on_sink_record = [&csvs, &each_sink_record](size_t sink, const engine::Record& record,
                                                        const sim::RecordEmission& emission) {
      if (csvs) csvs->Add(sink, record, emission);
      if (each_sink_record) each_sink_record(sink, record);
    };
  }
  progress.Attach(options);
  sim::RunResult result = sim::RunJob(plan, options);
  if (!report_folder) return result;
  progress.Stage("writing the report");
  const reports::RunStory story(plan, result, reports::kReportDetailRows);
  reports::WriteReportFiles(
      *report_folder,
      reports::RenderReportPages(
          story,
          {.tool_version = TIDEMARK_VERSION, .seed = seed, .csv = csv, .timeline = timeline}));
  const std::string lines = (std::filesystem::path(*report_folder) / "records.jsonl").string();
  if (result.detail_cut) {
    progress.Stage("writing records.jsonl");
    reports::WriteRecordLines(plan, lines, reports::kReportDetailRows);
  } else {
    std::error_code ignored;  // a longer run's, from before: it would not match this report
    std::filesystem::remove(lines, ignored);
  }
  csvs->Finish();
  return result;
}

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
    sim::ScenarioSpec spec = sim::LoadScenario(flags->scenario, flags->paths.Confinement());
    ApplyTraceOverrides(flags->traces, spec);
    sim::JobPlan plan = sim::PlanJob(std::move(spec));
    const uint64_t seed = flags->seed.value_or(plan.spec.seed);
    RowProgress progress("report");
    const sim::RunResult result = RunDetailed(
        plan, seed, progress, &flags->output,
        {.metadata = flags->metadata, .formulas = CsvFormulas(flags->keep_csv_formulas)}, {},
        timeline);
    progress.Done();
    std::printf("wrote %s/report.html, report.md, report.json%s and %zu CSV file%s\n",
                flags->output.c_str(), result.detail_cut ? ", records.jsonl" : "",
                result.sinks.size(), result.sinks.size() == 1 ? "" : "s");
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
