// The subcommands of the tidemark executable. Each Add*Command registers its
// flags on `app` and returns the exit status through `*exit_code` when run:
// 0 ok, 1 a check failed, 2 bad input or usage (InputError is caught in main).
#ifndef TIDEMARK_APP_COMMANDS_H_
#define TIDEMARK_APP_COMMANDS_H_

#include <CLI/CLI.hpp>

#include "sim/trace/csv_writer.h"

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

// --keep-csv-formulas, for the commands that write a report folder.
void AddKeepCsvFormulasFlag(CLI::App* command, bool* keep);
// kKeep when the flag was given, else kNeutralise.
sim::CsvFormulas CsvFormulas(bool keep);

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_COMMANDS_H_
