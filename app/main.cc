// tidemark: the command line. Parses flags, dispatches to one subcommand, and
// is the single place where bad input (InputError) becomes exit status 2.
#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
  CLI::App app{"tidemark: deterministic simulator and test harness for Flink event-time jobs"};
  app.set_version_flag("--version", TIDEMARK_VERSION);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
