// `tidemark lint SCENARIO...`: the static diagnosis of sim/lint.h, printed as
//
//   scenarios/x.yaml:12:9: warning: side output 'late' of stream 'counts' is consumed by nobody
//     why: records emitted to a tag that no getSideOutput requests are discarded ...
//     fix: add a stream '{from: counts, side_output: late}' and sink it
//
// then one summary line. Exit 0 when there are no errors (warnings are
// printed but do not fail, unless --warnings-as-errors), 1 when there are
// fatal findings, 2 when a scenario cannot be read or is invalid in a way lint
// does not explain (the InputError is printed as by every command). With
// --format github every finding and error is also a GitHub annotation.
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/ci_output.h"
#include "app/commands.h"
#include "app/root_option.h"
#include "engine/core/input_error.h"
#include "sim/lint/lint.h"
#include "sim/session/lint_scenario.h"

namespace tidemark::app {

namespace {

struct LintCounts {
  int errors = 0;
  int warnings = 0;
  int fatal = 0;  // errors, and warnings under --warnings-as-errors
  int bad_input = 0;
};

struct LintFlags {
  std::vector<std::string> files;
  bool warnings_as_errors = false;
  OutputFormat format = OutputFormat::kText;
  RootFlags paths;  // --root, --allow-outside-root
};

void LintOne(const std::string& file, const LintFlags& flags, LintCounts& counts) {
  const bool github = flags.format == OutputFormat::kGithub;
  sim::LintVerdict verdict;
  try {
    verdict = sim::LintScenario(file, flags.paths.Confinement());
  } catch (const engine::InputError& e) {  // --root is not a folder
    verdict.error = e;
  }
  for (const sim::LintFinding& f : verdict.findings) {
    std::fputs(sim::FormatLintFinding(f).c_str(), stdout);
    if (github) std::fputs(LintAnnotation(f, flags.warnings_as_errors).c_str(), stdout);
    ++(f.severity == sim::LintFinding::Severity::kError ? counts.errors : counts.warnings);
    counts.fatal += sim::IsFatal(f, Strictness(flags.warnings_as_errors)) ? 1 : 0;
  }
  if (!verdict.error) return;
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", verdict.error->what());
  std::fflush(stderr);
  if (github) std::fputs(InputErrorAnnotation(*verdict.error, file).c_str(), stdout);
  ++counts.bad_input;
}

std::string Plural(int n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

}  // namespace

void AddLintCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<LintFlags>();
  CLI::App* lint = app.add_subcommand(
      "lint", "Find the classic side-output and watermark mistakes without running");
  lint->add_option("scenarios", flags->files, "Scenario files (YAML)")->required();
  AddRootOptions(lint, &flags->paths);
  lint->add_flag("--warnings-as-errors", flags->warnings_as_errors,
                 "Exit 1 on warnings too (by default only errors fail)");
  AddFormatOption(lint, &flags->format);
  lint->callback([flags, exit_code] {
    const std::vector<std::string>& files = flags->files;
    LintCounts counts;
    for (const std::string& file : files) LintOne(file, *flags, counts);
    std::string summary =
        counts.errors + counts.warnings == 0
            ? "no findings"
            : Plural(counts.errors, "error") + ", " + Plural(counts.warnings, "warning");
    summary += " in " + Plural(static_cast<int>(files.size()), "scenario");
    if (counts.bad_input > 0) summary += ", " + std::to_string(counts.bad_input) + " bad input";
    std::printf("%s\n", summary.c_str());
    *exit_code = counts.bad_input > 0 ? kExitBadInput
                 : counts.fatal > 0   ? kExitCheckFailed
                                      : kExitOk;
  });
}

}  // namespace tidemark::app
