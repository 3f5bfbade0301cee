// Test support: a job written as scenario text, planned and run with the
// ledger of every record, as the runtime's tests run their inline jobs.
#ifndef TIDEMARK_SIM_RUNTIME_RUN_TEXT_TEST_UTIL_H_
#define TIDEMARK_SIM_RUNTIME_RUN_TEXT_TEST_UTIL_H_

#include <cstdint>
#include <string>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {

inline RunResult RunText(const std::string& yaml, uint64_t seed,
                         engine::Ledger::Detail detail = engine::Ledger::Detail::kEveryRecord) {
  const JobPlan plan = BindScenario(ParseScenarioSpec(yaml, "test.yaml", "."));
  return RunJob(plan, {.seed = seed, .detail = detail});
}

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_RUN_TEXT_TEST_UTIL_H_
