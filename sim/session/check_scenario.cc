#include "sim/session/check_scenario.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "sim/check/expectation_update.h"
#include "sim/scenario/scenario.h"
#include "sim/session/open_job.h"

namespace tidemark::sim {

namespace {

CheckVerdict Failed(CheckVerdict verdict, std::vector<SinkDiff> diffs) {
  verdict.status = CheckStatus::kFailed;
  verdict.diffs = std::move(diffs);
  return verdict;
}

// An `expect_error:` scenario passes when loading, planning or running it is
// refused with an error that contains the text (at the line, if given).
// `refusal` is the refusal met, nullopt when the scenario ran.
CheckVerdict JudgeRefusal(CheckVerdict verdict, const ExpectedError& expected,
                          const std::optional<engine::InputError>& refusal) {
  const std::string wanted = expected.line
                                 ? fmt::format("'{}' at line {}", expected.contains, *expected.line)
                                 : fmt::format("'{}'", expected.contains);
  std::string got = "but it ran";
  if (refusal) {
    const std::string text = refusal->what();
    const bool line_ok = !expected.line || refusal->where().line == *expected.line;
    if (text.find(expected.contains) != std::string::npos && line_ok) {
      verdict.status = CheckStatus::kPassed;
      verdict.refused_as_expected = true;
      return verdict;
    }
    got = fmt::format("but it was refused with: {}", text);
  }
  const std::string line = fmt::format("expected a refusal with {}, {}", wanted, got);
  return Failed(std::move(verdict), {{"", "expect_error", {line}, {{expected.where, line}}}});
}

CheckVerdict CheckRefusal(const std::string& file, const PathConfinement& paths,
                          const ExpectedError& expected, const CheckOptions& options) {
  CheckVerdict verdict;
  std::optional<engine::InputError> refusal;
  try {
    auto plan = std::make_shared<const JobPlan>(OpenJob(file, {.paths = paths}));
    verdict.name = plan->info.name;
    verdict.plan = plan;
    verdict.run = RunJob(*plan, CheckRunOptions(*plan, options.seed.value_or(plan->info.seed)));
  } catch (const engine::InputError& e) {
    refusal = e;
  }
  return JudgeRefusal(std::move(verdict), expected, refusal);
}

// The fatal lint findings, as one diff that fails the scenario.
std::vector<SinkDiff> FatalFindings(const std::vector<LintFinding>& findings,
                                    LintStrictness strictness) {
  SinkDiff fatal{"", "lint", {}, {}};
  for (const LintFinding& f : findings) {
    if (!IsFatal(f, strictness)) continue;
    fatal.lines.push_back(fmt::format("{}: {} [{}]", f.where.ToString(), f.message, f.rule));
  }
  if (fatal.lines.empty()) return {};
  return {fatal};
}

bool GoldenFileMissing(const JobPlan& plan) {
  return std::any_of(plan.spec.expectations.begin(), plan.spec.expectations.end(),
                     [](const SinkExpectation& e) {
                       return !e.golden.empty() && !std::filesystem::exists(e.golden);
                     });
}

// Runs the planned scenario and compares, filling `verdict` in; InputError
// escapes.
void CompareRun(const JobPlan& plan, const CheckOptions& options, CheckVerdict& verdict) {
  // Lint's findings come before the run; its fatal ones fail the scenario
  // even when its expectations hold.
  std::vector<SinkDiff> lint_failures;
  if (options.lint) {
    verdict.lint = Lint(plan.spec);
    lint_failures = FatalFindings(verdict.lint, *options.lint);
  }
  const bool update = options.write == ExpectationWrite::kUpdate;
  // --update also writes an expectation for every sink that has none.
  const bool bootstrap = update && SinksWithoutExpectations(plan) > 0;
  if (!plan.spec.has_expectations() && !bootstrap && lint_failures.empty()) {
    verdict.status = CheckStatus::kSkipped;
    return;
  }
  RunOptions run = CheckRunOptions(plan, options.seed.value_or(plan.info.seed));
  run.on_progress = options.on_progress;
  verdict.run = RunJob(plan, run);
  // --update writes what is missing or wrong from the current output.
  const bool rewrite_at_once = update && (GoldenFileMissing(plan) || bootstrap);
  ExpectationReport report;
  if (!rewrite_at_once) report = CheckExpectations(plan, *verdict.run);
  if (!rewrite_at_once && report.passed() && lint_failures.empty()) {
    verdict.status = CheckStatus::kPassed;
    return;
  }
  if (rewrite_at_once || (update && !report.passed())) {
    verdict.status = CheckStatus::kUpdated;
    verdict.written = UpdateExpectations(plan, *verdict.run);
    return;
  }
  report.diffs.insert(report.diffs.end(), lint_failures.begin(), lint_failures.end());
  verdict.status = CheckStatus::kFailed;
  verdict.diffs = std::move(report.diffs);
}

// CompareRun, with bad input met on the way as the verdict (the lint
// findings listed before it kept).
CheckVerdict Compare(const JobPlan& plan, const CheckOptions& options) {
  CheckVerdict verdict;
  verdict.name = plan.info.name;
  try {
    CompareRun(plan, options, verdict);
  } catch (const engine::InputError& e) {
    verdict.status = CheckStatus::kBadInput;
    verdict.error = e;
    verdict.diffs.clear();
    verdict.written.clear();
    verdict.run.reset();
  }
  return verdict;
}

CheckVerdict BadInput(const engine::InputError& error) {
  CheckVerdict verdict;
  verdict.status = CheckStatus::kBadInput;
  verdict.error = error;
  return verdict;
}

}  // namespace

std::string_view CheckStatusWord(CheckStatus status) {
  switch (status) {
    case CheckStatus::kPassed: return "PASS";
    case CheckStatus::kFailed: return "FAIL";
    case CheckStatus::kUpdated: return "UPDATED";
    case CheckStatus::kSkipped: return "SKIP";
    case CheckStatus::kBadInput: return "ERROR";
  }
  return "?";
}

CheckVerdict CheckScenario(const FoundScenario& found, const PathConfinement& paths,
                           const CheckOptions& options) {
  try {
    // A file found under a folder may be a link out of it: refused unread.
    if (!found.root.empty()) CheckScenarioFileInRoot(found.file, paths);
    if (auto expected = ReadExpectedError(ReadScenarioFile(found.file), found.file)) {
      return CheckRefusal(found.file, paths, *expected, options);
    }
    auto plan = std::make_shared<const JobPlan>(OpenJob(found.file, {.paths = paths}));
    CheckVerdict verdict = Compare(*plan, options);
    verdict.plan = std::move(plan);
    return verdict;
  } catch (const engine::InputError& e) {
    return BadInput(e);
  }
}

CheckVerdict CheckJob(const JobPlan& plan, const CheckOptions& options) {
  if (plan.spec.expect_error) {
    CheckVerdict verdict;
    verdict.name = plan.info.name;
    std::optional<engine::InputError> refusal;
    try {
      verdict.run = RunJob(plan, CheckRunOptions(plan, options.seed.value_or(plan.info.seed)));
    } catch (const engine::InputError& e) {
      refusal = e;
    }
    return JudgeRefusal(std::move(verdict), *plan.spec.expect_error, refusal);
  }
  return Compare(plan, options);
}

}  // namespace tidemark::sim
