// The subcommands of the tidemark executable. Each Add*Command registers its
// flags on `app` and returns the exit status through `*exit_code` when run:
// 0 ok, 1 a check failed, 2 bad input or usage (InputError is caught in main).
#ifndef TIDEMARK_APP_COMMANDS_H_
#define TIDEMARK_APP_COMMANDS_H_

#include <functional>

#include <CLI/CLI.hpp>

#include "reports/pages/report_files.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;

void AddRunCommand(CLI::App& app, int* exit_code);
void AddCheckCommand(CLI::App& app, int* exit_code);
void AddGenCommand(CLI::App& app, int* exit_code);
void AddLintCommand(CLI::App& app, int* exit_code);
void AddExploreCommand(CLI::App& app, int* exit_code);
void AddSweepCommand(CLI::App& app, int* exit_code);
void AddExplainCommand(CLI::App& app, int* exit_code);
void AddReportCommand(CLI::App& app, int* exit_code);

class RowProgress;

// A detailed run for report, run --report/--json and explain, in memory that
// does not grow with the trace: detail is kept for the first
// reports::kReportDetailRows rows of each source, and each sink keeps its
// first that many records; `each_sink_record`, when set, sees every one (run
// spools its text output from there). With `report_folder`, the report is written there: the
// sink CSVs streamed during the run, written as `csv` says, then
// report.html, report.md and report.json, and records.jsonl when the detail
// was cut; report.html's timeline draws `timeline`.
sim::RunResult RunDetailed(
    const sim::JobPlan& plan, uint64_t seed, RowProgress& progress,
    const std::string* report_folder = nullptr, const reports::SinkCsvOptions& csv = {},
    const std::function<void(size_t sink, const engine::Record&)>& each_sink_record = {},
    const reports::TimelineRange& timeline = {});

// --keep-csv-formulas, for the commands that write a report folder.
void AddKeepCsvFormulasFlag(CLI::App* command, bool* keep);
// kKeep when the flag was given, else kNeutralise.
sim::CsvFormulas CsvFormulas(bool keep);

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_COMMANDS_H_
