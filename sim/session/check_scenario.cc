#include "sim/session/check_scenario.h"

#include <memory>
#include <utility>

#include <fmt/format.h>

#include "engine/core/visible_text.h"
#include "sim/check/expectation.h"
#include "sim/check/expectation_update.h"
#include "sim/check/kinds/error_expectation.h"
#include "sim/scenario/scenario.h"
#include "sim/session/open_job.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {

namespace {

// The refusal met (nullopt: the job ran to its end) judged against the one
// expected: passed, or failed with the diff.
CheckVerdict Judged(CheckVerdict verdict, const ExpectedRefusal& expected,
                    const std::optional<engine::InputError>& refusal) {
  verdict.diffs = JudgeRefusal(expected, refusal);
  verdict.status = verdict.diffs.empty() ? CheckStatus::kPassed : CheckStatus::kFailed;
  verdict.refused_as_expected = verdict.diffs.empty();
  if (verdict.refused_as_expected) verdict.run.reset();
  return verdict;
}

// An `expect_error:` scenario passes when loading, planning or running it is
// refused with an error that contains the text (at the line, if given).
CheckVerdict CheckRefusal(const std::string& file, const PathConfinement& paths,
                          const ExpectedRefusal& expected, const CheckOptions& options) {
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
  return Judged(std::move(verdict), expected, refusal);
}

// The fatal lint findings, as one diff that fails the scenario.
std::vector<SinkDiff> FatalFindings(const std::vector<LintFinding>& findings,
                                    LintStrictness strictness) {
  SinkDiff fatal{"", "lint", {}, {}};
  for (const LintFinding& f : findings) {
    if (!IsFatal(f, strictness)) continue;
    fatal.lines.push_back(fmt::format("{}: {} [{}]", engine::VisiblePlace(f.where.ToString()),
                                      engine::VisibleText(f.message), f.rule));
  }
  if (fatal.lines.empty()) return {};
  return {fatal};
}

// Runs the planned scenario and compares, filling `verdict` in; InputError
// escapes.
void CompareRun(const JobPlan& plan, const CheckOptions& options, CheckVerdict& verdict) {
  // Lint's findings come before the run; its fatal ones fail the scenario
  // even when its expectations hold.
  std::vector<SinkDiff> lint_failures;
  if (options.lint) {
    verdict.lint = LintPlan(plan);
    lint_failures = FatalFindings(verdict.lint, *options.lint);
  }
  const bool update = options.write == ExpectationWrite::kUpdate;
  // --update also writes what is missing: an expectation for every sink
  // that has none, a golden file that does not exist.
  const bool rewrite_at_once = update && NeedsUpdate(plan);
  if (!HasExpectations(plan) && !rewrite_at_once && lint_failures.empty()) {
    verdict.status = CheckStatus::kSkipped;
    return;
  }
  RunOptions run = CheckRunOptions(plan, options.seed.value_or(plan.info.seed));
  run.on_progress = options.on_progress;
  verdict.run = RunJob(plan, run);
  ExpectationReport report;
  if (!rewrite_at_once) report = CheckExpectations(plan, *verdict.run);
  if (!rewrite_at_once && report.passed() && lint_failures.empty()) {
    verdict.status = CheckStatus::kPassed;
    return;
  }
  // --update writes what is wrong from the current output.
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

// The plan's `expect_error:`, if it has one.
const ExpectedRefusal* RefusalOf(const JobPlan& plan) {
  for (const auto& expectation : plan.expectations) {
    if (const ExpectedRefusal* refusal = expectation->refusal()) return refusal;
  }
  return nullptr;
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
    // Read on its own first: a scenario that must be refused can say so
    // even when the rest of it is bad input.
    if (auto expected = ReadExpectedRefusal(ReadScenarioFile(found.file), found.file)) {
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
  if (const ExpectedRefusal* expected = RefusalOf(plan)) {
    CheckVerdict verdict;
    verdict.name = plan.info.name;
    std::optional<engine::InputError> refusal;
    try {
      verdict.run = RunJob(plan, CheckRunOptions(plan, options.seed.value_or(plan.info.seed)));
    } catch (const engine::InputError& e) {
      refusal = e;
    }
    return Judged(std::move(verdict), *expected, refusal);
  }
  return Compare(plan, options);
}

}  // namespace tidemark::sim
