// A scenario compared with its own expectations (`expect:`, `ledger:`,
// `recovery:`, `expect_error:`), with the verdict `tidemark check` gives it:
// both come from one implementation, so they agree on every scenario.
#ifndef TIDEMARK_CHECK_RESULT_H_
#define TIDEMARK_CHECK_RESULT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tidemark/error.h"
#include "tidemark/run_result.h"

namespace tidemark {

// One difference, at the scenario line of the expectation it concerns.
struct Mismatch {
  Location where = {};
  std::string message = {};  // may span lines: "record 2: expected ...\nactual ..."
};

// What differs for one sink (or one stream's ledger, the recovery counters,
// an expected refusal, or lint's fatal findings).
struct ExpectationDiff {
  std::string subject = {};             // "sink 'averages'", "ledger of 'averages'", "lint"
  std::vector<std::string> lines = {};  // the readable diff `tidemark check` prints
  std::vector<Mismatch> mismatches = {};
};

enum class CheckStatus {
  kPassed,    // every expectation holds; or refused as `expect_error:` says
  kFailed,    // an expectation does not hold, or a fatal lint finding
  kSkipped,   // the scenario expects nothing: nothing was compared
  kBadInput,  // the scenario, a trace or an expectation cannot be read (see `error`)
};

// "PASS", "FAIL", "SKIP" or "ERROR", as `tidemark check` opens its line.
const char* CheckStatusWord(CheckStatus status);

// Which lint findings a check also lists, and which fail it (`check --lint
// [--warnings-as-errors]`).
enum class LintCheck { kOff, kErrorsFail, kWarningsFailToo };

struct CheckOptions {
  // The schedule seed; the scenario's own `seed:` when not given.
  std::optional<uint64_t> seed = {};
  LintCheck lint = LintCheck::kOff;
  // CheckScenarioFile only: the folder the scenario's traces and golden files
  // must lie in (`check --root`; `check DIR` uses DIR); empty: its own folder.
  std::string root = {};
};

struct CheckResult {
  CheckStatus status = CheckStatus::kPassed;
  bool refused_as_expected = false;         // passed through `expect_error:`
  RunResult run = {};                       // the run compared (empty when none ran to its end)
  std::vector<ExpectationDiff> diffs = {};  // kFailed: only what differs
  // With CheckOptions::lint: every finding, as `tidemark lint` prints it.
  std::vector<std::string> lint = {};
  std::optional<Error> error = {};  // kBadInput: what is wrong, and where
  bool passed() const { return status == CheckStatus::kPassed; }
};

}  // namespace tidemark

#endif  // TIDEMARK_CHECK_RESULT_H_
