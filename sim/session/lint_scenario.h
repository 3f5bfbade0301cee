// LintScenario: `tidemark lint`'s diagnosis of one scenario file — the
// classic mistakes (sim/lint/lint.h) found without running, and the bad
// input lint does not explain: what the planner rejects, and every bad row of
// every trace (read with the plan's key fields when the scenario plans), all
// at once.
#ifndef TIDEMARK_SIM_SESSION_LINT_SCENARIO_H_
#define TIDEMARK_SIM_SESSION_LINT_SCENARIO_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "sim/lint/lint.h"
#include "sim/scenario/path_confinement.h"

namespace tidemark::sim {

struct LintVerdict {
  std::vector<LintFinding> findings;        // in lint's order
  std::optional<engine::InputError> error;  // bad input, every error of it
};

// Never throws for bad input.
LintVerdict LintScenario(const std::string& file, const PathConfinement& paths);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_LINT_SCENARIO_H_
