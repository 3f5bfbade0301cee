// The exit status of every command, in one table: printed at the end of
// `tidemark --help` and repeated word for word in the README (a test compares
// the two).
#ifndef TIDEMARK_APP_EXIT_CODES_H_
#define TIDEMARK_APP_EXIT_CODES_H_

namespace tidemark::app {

inline constexpr const char* kExitCodeTable =
    "| exit | meaning | commands |\n"
    "|---|---|---|\n"
    "| 0 | done, and nothing failed: every expectation held, no lint error, explore found "
    "nothing wrong (lint warnings alone are 0) | all |\n"
    "| 1 | a finding: an expectation does not hold, a lint error (or a warning with "
    "--warnings-as-errors), an invariant broken or a deterministic scenario diverging | "
    "check, lint, explore |\n"
    "| 2 | bad input or usage: a file missing or invalid (with file:line:column), an "
    "unknown flag, no scenario found, a file that cannot be written, --shard auto without "
    "a job number | all |\n";

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_EXIT_CODES_H_
