// The one place where the simulator's types become the public API's: errors,
// run results, fates. Everything public is copied out, so a result outlives
// the run and the internal types may change without touching a user's code.
#ifndef TIDEMARK_API_INTERNAL_CONVERT_H_
#define TIDEMARK_API_INTERNAL_CONVERT_H_

#include <cstdint>
#include <utility>

#include "engine/core/input_error.h"
#include "engine/core/ledger.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/session/check_scenario.h"
#include "tidemark/check_result.h"
#include "tidemark/error.h"
#include "tidemark/run_result.h"

namespace tidemark::api::internal {

Error ToError(const engine::InputError& error);
Location ToLocation(const engine::SourceLocation& where);
Fate ToFate(engine::Fate fate);
engine::Fate ToEngineFate(Fate fate);
RunResult ToRunResult(const sim::JobPlan& plan, const sim::RunResult& result, uint64_t seed);
// The session's verdict as the API's; `plan` names what its run holds (null
// when the scenario did not plan, and so nothing ran).
CheckResult ToCheckResult(const sim::CheckVerdict& verdict, const sim::JobPlan* plan,
                          uint64_t seed);

// Calls `body`, turning the simulator's bad-input exception into tidemark::Error.
template <typename Body>
auto Guarded(Body&& body) -> decltype(std::forward<Body>(body)()) {
  try {
    return std::forward<Body>(body)();
  } catch (const engine::InputError& error) {
    throw ToError(error);
  }
}

}  // namespace tidemark::api::internal

#endif  // TIDEMARK_API_INTERNAL_CONVERT_H_
