// `tidemark check PATH... [--junit FILE] [--summary FILE [--append-summary]] [--update]
// [--lint [--warnings-as-errors]] [--format github]`: run every scenario with
// expectations under the paths and report a readable diff for each mismatch;
// optionally as JUnit XML, a Markdown summary and GitHub annotations for CI.
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "app/ci_output.h"
#include "app/commands.h"
#include "app/progress.h"
#include "app/root_option.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "reports/campaign/check_report.h"
#include "reports/campaign/github_annotations.h"
#include "sim/session/check_scenario.h"
#include "sim/session/find_scenarios.h"

namespace tidemark::app {

namespace {

struct CheckFlags {
  std::vector<std::string> paths;
  bool update = false;
  std::optional<uint64_t> seed;
  std::string junit;
  std::string summary;
  bool append_summary = false;
  bool lint = false;
  bool warnings_as_errors = false;
  OutputFormat format = OutputFormat::kText;
  RootFlags root;  // --root, --allow-outside-root
};

// Prints a GitHub annotation when --format github asked for them.
void Annotate(const CheckFlags& flags, const std::string& annotation) {
  if (flags.format == OutputFormat::kGithub) std::fputs(annotation.c_str(), stdout);
}

void PrintDiffs(const std::vector<sim::SinkDiff>& diffs, const CheckFlags& flags,
                reports::CheckCase& record) {
  for (const sim::SinkDiff& diff : diffs) {
    std::printf("  %s: %s\n", diff.subject.c_str(), diff.lines.front().c_str());
    record.diff.push_back(diff.subject + ": " + diff.lines.front());
    for (size_t i = 1; i < diff.lines.size(); ++i) {
      std::printf("    %s\n", diff.lines[i].c_str());
      record.diff.push_back("  " + diff.lines[i]);
    }
    for (const sim::Mismatch& m : diff.mismatches) {
      Annotate(flags, reports::GithubAnnotation(
                          reports::AnnotationLevel::kError, m.where,
                          diff.subject.empty() ? m.message : diff.subject + ": " + m.message));
    }
  }
}

// Checks one scenario, prints its verdict (lint's findings first), and
// records it in `record` for the JUnit and summary files.
sim::CheckStatus CheckOne(const sim::FoundScenario& found, const CheckFlags& flags,
                          reports::CheckCase& record) {
  const std::string& file = found.file;
  record.file = file;
  sim::CheckOptions options{
      .seed = flags.seed,
      .write = flags.update ? sim::ExpectationWrite::kUpdate : sim::ExpectationWrite::kCompare};
  if (flags.lint) options.lint = Strictness(flags.warnings_as_errors);
  // A long trace shows its rows read on a terminal, cleared before the verdict line.
  RowProgress progress("check");
  options.on_progress = progress.Callback();
  sim::CheckVerdict verdict;
  try {
    verdict = sim::CheckScenario(found, flags.root.Confinement(found.root), options);
  } catch (const engine::InputError& e) {  // --root is not a folder
    verdict.status = sim::CheckStatus::kBadInput;
    verdict.error = e;
  }
  progress.Done();
  record.name = verdict.name;
  for (const sim::LintFinding& f : verdict.lint) {
    std::fputs(sim::FormatLintFinding(f).c_str(), stdout);
    Annotate(flags, LintAnnotation(f, flags.warnings_as_errors));
  }
  const char* word = sim::CheckStatusWord(verdict.status).data();
  switch (verdict.status) {
    case sim::CheckStatus::kPassed:
      std::printf("PASS %s%s\n", file.c_str(),
                  verdict.refused_as_expected ? " (refused as expected)" : "");
      break;
    case sim::CheckStatus::kUpdated:
      std::printf("UPDATED %s (wrote %s)\n", file.c_str(),
                  fmt::format("{}", fmt::join(verdict.written, ", ")).c_str());
      break;
    case sim::CheckStatus::kSkipped:
      record.status = reports::CheckCase::Status::kSkipped;
      std::printf("SKIP %s (no expectations)\n", file.c_str());
      break;
    case sim::CheckStatus::kFailed:
      record.status = reports::CheckCase::Status::kFailed;
      std::printf("%s %s\n", word, file.c_str());
      PrintDiffs(verdict.diffs, flags, record);
      break;
    case sim::CheckStatus::kBadInput:
      record.status = reports::CheckCase::Status::kBadInput;
      record.error = verdict.error->what();
      std::printf("%s %s\n", word, file.c_str());
      std::fflush(stdout);
      std::fprintf(stderr, "%s\n", verdict.error->what());
      std::fflush(stderr);
      Annotate(flags, InputErrorAnnotation(*verdict.error, file));
      break;
  }
  return verdict.status;
}

}  // namespace

void AddCheckCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<CheckFlags>();
  CLI::App* check =
      app.add_subcommand("check", "Run every scenario with expectations and report differences");
  check->add_option("paths", flags->paths, "Scenario files or folders")->required();
  AddRootOptions(check, &flags->root);
  check->add_option("--junit", flags->junit, "Also write JUnit XML here (a testcase per scenario)");
  check->add_option("--summary", flags->summary,
                    "Also write a Markdown summary here (e.g. $GITHUB_STEP_SUMMARY)");
  check->add_flag("--append-summary", flags->append_summary,
                  "Append the summary to the file instead of replacing it");
  check->add_flag("--lint", flags->lint,
                  "Also lint every scenario: lint errors fail it, warnings are printed only");
  check->add_flag("--warnings-as-errors", flags->warnings_as_errors,
                  "With --lint, lint warnings fail the scenario too");
  AddFormatOption(check, &flags->format);
  check->add_flag("--update", flags->update,
                  "Rewrite expectations (golden files, the expect: and ledger: blocks) from the "
                  "current output, and write one for every sink that has none");
  check->add_option("--seed", flags->seed, "Run every scenario with this schedule seed")
      ->check(WholeNumber(0, MaxOf<uint64_t>()));
  check->callback([flags, exit_code] {
    const std::vector<sim::FoundScenario> files = sim::FindScenarios(flags->paths);
    std::vector<reports::CheckCase> cases(files.size());
    int passed = 0, failed = 0, skipped = 0, bad = 0, updated = 0;
    for (size_t i = 0; i < files.size(); ++i) {
      switch (CheckOne(files[i], *flags, cases[i])) {
        case sim::CheckStatus::kPassed: ++passed; break;
        case sim::CheckStatus::kUpdated:
          ++passed;
          ++updated;
          break;
        case sim::CheckStatus::kFailed: ++failed; break;
        case sim::CheckStatus::kSkipped: ++skipped; break;
        case sim::CheckStatus::kBadInput: ++bad; break;
      }
    }
    if (updated > 0) std::printf("%d updated\n", updated);
    std::printf("%d passed, %d failed, %d skipped, %d bad input\n", passed, failed, skipped, bad);
    if (!flags->junit.empty()) WriteOutputFile(flags->junit, reports::FormatJUnit(cases));
    if (!flags->summary.empty()) {
      WriteOutputFile(flags->summary, reports::FormatCheckSummary(cases), flags->append_summary);
    }
    if (bad > 0) {
      *exit_code = kExitBadInput;
    } else if (failed > 0) {
      *exit_code = kExitCheckFailed;
    } else if (passed == 0) {
      std::fprintf(stderr, "error: no scenario with expectations found\n");
      *exit_code = kExitBadInput;
    } else {
      *exit_code = kExitOk;
    }
  });
}

}  // namespace tidemark::app
