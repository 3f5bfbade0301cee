// CheckScenario: a scenario compared with what it expects — the verdict that
// `tidemark check` prints and the library's check returns, from one place.
//
//   passed    every expectation holds (and, with lint, no fatal finding);
//             with `expect_error:`, loading, planning or running it was
//             refused with the expected message (at the expected line)
//   failed    an expectation does not hold, a fatal lint finding, or an
//             `expect_error:` scenario that ran or was refused otherwise
//   updated   with ExpectationWrite::kUpdate: expectations were rewritten
//             from this run (a golden file missing, a sink without one, or
//             one that did not hold)
//   skipped   nothing to compare: no expectations (and no fatal lint finding)
//   bad input the scenario, a trace or an expectation could not be read
#ifndef TIDEMARK_SIM_SESSION_CHECK_SCENARIO_H_
#define TIDEMARK_SIM_SESSION_CHECK_SCENARIO_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"
#include "sim/check/expectations.h"
#include "sim/lint/lint.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/path_confinement.h"
#include "sim/session/find_scenarios.h"

namespace tidemark::sim {

enum class CheckStatus { kPassed, kFailed, kUpdated, kSkipped, kBadInput };

// "PASS", "FAIL", "UPDATED", "SKIP", "ERROR": the word `check` opens a line with.
std::string_view CheckStatusWord(CheckStatus status);

// `check --update`: compare, or rewrite what does not hold.
enum class ExpectationWrite { kCompare, kUpdate };

struct CheckOptions {
  std::optional<uint64_t> seed = {};  // default: the scenario's
  // `check --lint [--warnings-as-errors]`: lint the scenario too; its fatal
  // findings fail it even when its expectations hold.
  std::optional<LintStrictness> lint = {};
  ExpectationWrite write = ExpectationWrite::kCompare;
  std::function<void(uint64_t records_in)> on_progress = {};
};

struct CheckVerdict {
  CheckStatus status = CheckStatus::kPassed;
  std::string name;                    // the scenario's name, once it loaded
  bool refused_as_expected = false;    // passed through `expect_error:`
  std::vector<LintFinding> lint = {};  // every finding, in order, with CheckOptions::lint
  // kFailed: the expectations that do not hold, then the fatal lint findings.
  std::vector<SinkDiff> diffs = {};
  std::vector<std::string> written = {};         // kUpdated: the files rewritten
  std::optional<engine::InputError> error = {};  // kBadInput
  std::optional<RunResult> run = {};             // the run compared, when one ran to its end
  // CheckScenario: the scenario as planned, once it planned (names what `run` holds).
  std::shared_ptr<const JobPlan> plan = {};
};

// Checks the scenario file `found.file` with its files confined by `paths`.
// A file found under a folder (`found.root` not empty) that leads out of it
// through a link is bad input, refused unread. Never throws for bad input.
CheckVerdict CheckScenario(const FoundScenario& found, const PathConfinement& paths,
                           const CheckOptions& options);

// A scenario already opened (OpenJob): the same verdict, but that bad input
// found while opening it was thrown before.
CheckVerdict CheckJob(const JobPlan& plan, const CheckOptions& options);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_CHECK_SCENARIO_H_
