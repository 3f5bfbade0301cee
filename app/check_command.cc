// `tidemark check PATH... [--junit FILE] [--summary FILE [--append-summary]] [--update]
// [--lint [--warnings-as-errors]] [--format github]`: run every scenario with
// expectations under the paths and report a readable diff for each mismatch;
// optionally as JUnit XML, a Markdown summary and GitHub annotations for CI.
#include <algorithm>
#include <cstdio>
#include <filesystem>
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
#include "sim/check/expectation_update.h"
#include "sim/check/expectations.h"
#include "sim/lint/lint.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"

namespace tidemark::app {

namespace fs = std::filesystem;

namespace {

bool IsScenarioFile(const fs::path& path) {
  return path.extension() == ".yaml" || path.extension() == ".yml";
}

// A scenario file to check, and the root its files must lie in: the folder
// it was found under, or empty (its own folder) for a file named as such.
struct Found {
  std::string file;
  std::string root;
};

// Scenario files under `paths`, sorted. Folders named `errors` hold
// deliberately broken scenarios for the bad-input tests and are skipped.
std::vector<Found> FindScenarios(const std::vector<std::string>& paths) {
  std::vector<Found> found;
  for (const std::string& path : paths) {
    std::error_code error;
    if (fs::is_regular_file(path, error)) {
      found.push_back({path, ""});
      continue;
    }
    if (!fs::is_directory(path, error)) {
      throw engine::InputError({path, 0, 0}, "no such file or folder",
                               "give scenario files or folders that hold them");
    }
    auto it = fs::recursive_directory_iterator(path);
    for (; it != fs::recursive_directory_iterator(); ++it) {
      if (it->is_directory() && it->path().filename() == "errors") {
        it.disable_recursion_pending();
      } else if (it->is_regular_file() && IsScenarioFile(it->path())) {
        found.push_back({it->path().string(), path});
      }
    }
  }
  // By file; a file found twice keeps its first root.
  std::stable_sort(found.begin(), found.end(),
                   [](const Found& a, const Found& b) { return a.file < b.file; });
  found.erase(std::unique(found.begin(), found.end(),
                          [](const Found& a, const Found& b) { return a.file == b.file; }),
              found.end());
  return found;
}

enum class Outcome { kPassed, kFailed, kUpdated, kSkipped, kBadInput };

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

Outcome Fail(const std::string& file, const std::vector<sim::SinkDiff>& diffs,
             const CheckFlags& flags, reports::CheckCase& record) {
  std::printf("FAIL %s\n", file.c_str());
  record.status = reports::CheckCase::Status::kFailed;
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
  return Outcome::kFailed;
}

// A scenario with `expect_error:` passes when loading, planning or running it
// is refused with an error that contains the text (at the line, if given).
Outcome CheckRefusal(const std::string& file, const sim::ExpectedError& expected,
                     const sim::PathConfinement& paths, const CheckFlags& flags,
                     reports::CheckCase& record) {
  const std::optional<uint64_t> seed = flags.seed;
  const std::string wanted = expected.line
                                 ? fmt::format("'{}' at line {}", expected.contains, *expected.line)
                                 : fmt::format("'{}'", expected.contains);
  std::string got;
  try {
    sim::JobPlan plan = sim::PlanJob(sim::LoadScenario(file, paths));
    record.name = plan.spec.name;
    sim::RunJob(plan, sim::CheckRunOptions(plan, seed.value_or(plan.spec.seed)));
    got = "but it ran";
  } catch (const engine::InputError& e) {
    const std::string text = e.what();
    const bool line_ok = !expected.line || e.where().line == *expected.line;
    if (text.find(expected.contains) != std::string::npos && line_ok) {
      std::printf("PASS %s (refused as expected)\n", file.c_str());
      return Outcome::kPassed;
    }
    got = fmt::format("but it was refused with: {}", text);
  }
  const std::string line = fmt::format("expected a refusal with {}, {}", wanted, got);
  return Fail(file, {{"", "expect_error", {line}, {{expected.where, line}}}}, flags, record);
}

// check --lint: prints every finding as lint does (and annotates it); returns
// the fatal ones as a diff so that the scenario fails with them.
std::vector<sim::SinkDiff> LintForCheck(const sim::ScenarioSpec& spec, const CheckFlags& flags) {
  sim::SinkDiff fatal{"", "lint", {}, {}};
  for (const sim::LintFinding& f : sim::Lint(spec)) {
    std::fputs(FormatLintFinding(f).c_str(), stdout);
    const bool fails = IsFatal(f, flags.warnings_as_errors);
    Annotate(flags, LintAnnotation(f, flags.warnings_as_errors));
    if (!fails) continue;
    fatal.lines.push_back(fmt::format("{}: {} [{}]", f.where.ToString(), f.message, f.rule));
  }
  if (fatal.lines.empty()) return {};
  return {fatal};
}

// Runs one scenario, prints its outcome, and records it in `record` for the
// JUnit and summary files.
Outcome CheckOne(const Found& found, const CheckFlags& flags, reports::CheckCase& record) {
  const std::string& file = found.file;
  record.file = file;
  const bool update = flags.update;
  try {
    const sim::PathConfinement paths = flags.root.Confinement(found.root);
    // A file found under a folder may be a link out of it: refused unread.
    if (!found.root.empty()) sim::CheckScenarioFileInRoot(file, paths);
    if (auto expected = sim::ReadExpectedError(sim::ReadScenarioFile(file), file)) {
      return CheckRefusal(file, *expected, paths, flags, record);
    }
    sim::JobPlan plan = sim::PlanJob(sim::LoadScenario(file, paths));
    record.name = plan.spec.name;
    // --lint: findings print before the run; the fatal ones fail the scenario
    // even when its expectations hold.
    std::vector<sim::SinkDiff> lint_failures;
    if (flags.lint) lint_failures = LintForCheck(plan.spec, flags);
    // --update also writes an expectation for every sink that has none.
    const bool bootstrap = update && sim::SinksWithoutExpectations(plan) > 0;
    if (!plan.spec.has_expectations() && !bootstrap && lint_failures.empty()) {
      record.status = reports::CheckCase::Status::kSkipped;
      std::printf("SKIP %s (no expectations)\n", file.c_str());
      return Outcome::kSkipped;
    }
    // A long trace shows its rows read on a terminal, cleared before the verdict line.
    sim::RunOptions options = sim::CheckRunOptions(plan, flags.seed.value_or(plan.spec.seed));
    RowProgress progress("check");
    progress.Attach(options);
    const sim::RunResult result = sim::RunJob(plan, options);
    progress.Done();
    // --update writes what is missing or wrong from the current output.
    auto write_expectations = [&] {
      const std::vector<std::string> written = sim::UpdateExpectations(plan, result);
      const std::string list = fmt::format("{}", fmt::join(written, ", "));
      std::printf("UPDATED %s (wrote %s)\n", file.c_str(), list.c_str());
      return Outcome::kUpdated;
    };
    const bool golden_missing =
        std::any_of(plan.spec.expectations.begin(), plan.spec.expectations.end(),
                    [](const sim::SinkExpectation& e) {
                      return !e.golden.empty() && !std::filesystem::exists(e.golden);
                    });
    if (update && (golden_missing || bootstrap)) return write_expectations();
    sim::ExpectationReport report = sim::CheckExpectations(plan, result);
    if (report.passed() && lint_failures.empty()) {
      std::printf("PASS %s\n", file.c_str());
      return Outcome::kPassed;
    }
    if (update && !report.passed()) return write_expectations();
    report.diffs.insert(report.diffs.end(), lint_failures.begin(), lint_failures.end());
    return Fail(file, report.diffs, flags, record);
  } catch (const engine::InputError& e) {
    record.status = reports::CheckCase::Status::kBadInput;
    record.error = e.what();
    std::printf("ERROR %s\n", file.c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    std::fflush(stderr);
    Annotate(flags, InputErrorAnnotation(e, file));
    return Outcome::kBadInput;
  }
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
    const std::vector<Found> files = FindScenarios(flags->paths);
    std::vector<reports::CheckCase> cases(files.size());
    int passed = 0, failed = 0, skipped = 0, bad = 0, updated = 0;
    for (size_t i = 0; i < files.size(); ++i) {
      switch (CheckOne(files[i], *flags, cases[i])) {
        case Outcome::kPassed: ++passed; break;
        case Outcome::kUpdated:
          ++passed;
          ++updated;
          break;
        case Outcome::kFailed: ++failed; break;
        case Outcome::kSkipped: ++skipped; break;
        case Outcome::kBadInput: ++bad; break;
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
