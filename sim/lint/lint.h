// Lint: a static diagnosis of a scenario, without running it, for the classic
// "my side output is empty" and "my window never fires" mistakes of a Flink
// DataStream job (§1-§8).
//
// Lint works on the ScenarioSpec, not on a JobPlan, so it also explains
// scenarios that PlanJob rejects (a side output taken from the wrong stream, a
// tag emitted with two types): each finding says what Flink would do, why, and
// how to fix it. Lint never reports what PlanJob reports better (unknown
// names, expression types); a spec with such problems is linted as far as it
// can be, and the parts that cannot be resolved are skipped.
//
// Ordering guarantee: findings are sorted by file position (file, line,
// column), then rule id, then message, so the same scenario always gives the
// same list in the same order.
#ifndef TIDEMARK_SIM_LINT_LINT_H_
#define TIDEMARK_SIM_LINT_LINT_H_

#include <string>
#include <string_view>
#include <vector>

#include "sim/scenario/scenario.h"

namespace tidemark::sim {

struct LintFinding {
  // A stable id, e.g. "side-output-wrong-stream" (see the kLint* constants).
  std::string rule;
  SourceLocation where;
  // One line: what is wrong here.
  std::string message;
  // The Flink behaviour behind it.
  std::string explanation;
  // What to change.
  std::string fix;
  // kError: the job is rejected by Flink or cannot produce what it is meant
  // to (a window that never fires); kWarning: it runs, but silently loses or
  // delays data.
  enum class Severity { kError, kWarning } severity = Severity::kWarning;
};

// Rule ids. Each is documented where it is checked (sim/internal/lint_*.cc).
inline constexpr std::string_view kLintDuplicateTagType = "duplicate-tag-type";
inline constexpr std::string_view kLintTagIdReused = "tag-id-reused-with-other-type";
inline constexpr std::string_view kLintSideOutputWrongStream = "side-output-wrong-stream";
inline constexpr std::string_view kLintSideOutputNeverEmitted = "side-output-never-emitted";
inline constexpr std::string_view kLintSideOutputUnconsumed = "side-output-unconsumed";
inline constexpr std::string_view kLintStreamUnused = "stream-unused";
inline constexpr std::string_view kLintWindowNeverFires = "window-never-fires";
inline constexpr std::string_view kLintWindowFiresOnlyAtEnd = "window-fires-only-at-end";
inline constexpr std::string_view kLintTimerNeverFires = "timer-never-fires";
inline constexpr std::string_view kLintTimerFiresOnlyAtEnd = "timer-fires-only-at-end";
inline constexpr std::string_view kLintLatenessWithoutLateOutput =
    "allowed-lateness-without-late-output";
inline constexpr std::string_view kLintLatenessIgnored = "lateness-ignored";
inline constexpr std::string_view kLintExactlyOnceNeverCommits = "exactly-once-sink-never-commits";
inline constexpr std::string_view kLintFailureWithoutRestart = "failure-without-restart";
inline constexpr std::string_view kLintAtLeastOnceCommitsDuplicates =
    "at-least-once-commits-duplicates";
inline constexpr std::string_view kLintOutOfOrdernessExceedsWindow =
    "out-of-orderness-exceeds-window";
inline constexpr std::string_view kLintCountTriggerDropsRemainder = "count-trigger-drops-remainder";

// Every finding for `spec`, in the order above. Reads the traces of sources
// without generated watermarks, to see whether explicit watermark rows drive
// them; throws engine::InputError when such a trace cannot be read.
std::vector<LintFinding> Lint(const ScenarioSpec& spec);

// "error" or "warning".
std::string_view SeverityName(LintFinding::Severity severity);

// Which findings fail a command: errors only, or warnings too
// (`--warnings-as-errors`).
enum class LintStrictness { kErrorsFail, kWarningsFailToo };
bool IsFatal(const LintFinding& finding, LintStrictness strictness);

// "file:line:col: warning: message [rule]\n  why: ...\n  fix: ...\n", as
// `tidemark lint` prints a finding.
std::string FormatLintFinding(const LintFinding& finding);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_LINT_LINT_H_
