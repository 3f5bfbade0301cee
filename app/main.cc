// tidemark: the command line. Parses flags, dispatches to one subcommand, and
// is the single place where bad input (engine::InputError) becomes exit 2.
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "app/exit_codes.h"
#include "engine/core/input_error.h"

int main(int argc, char** argv) {
  using namespace tidemark::app;
  CLI::App app{"tidemark: deterministic simulator and test harness for Flink event-time jobs"};
  app.set_version_flag("--version", TIDEMARK_VERSION);
  app.require_subcommand(1);
  app.footer(std::string("Exit status:\n") + kExitCodeTable +
             "Flags that several commands share mean the same in each; see the README.\n");
  int exit_code = kExitOk;
  AddRunCommand(app, &exit_code);
  AddCheckCommand(app, &exit_code);
  AddGenCommand(app, &exit_code);
  AddLintCommand(app, &exit_code);
  AddExplainCommand(app, &exit_code);
  AddReportCommand(app, &exit_code);
  AddExploreCommand(app, &exit_code);
  AddSweepCommand(app, &exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    return status == 0 ? kExitOk : kExitBadInput;
  } catch (const tidemark::engine::InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    return kExitBadInput;
  }
  return exit_code;
}
