// Test support: a scenario run with the ledger of every record, and its
// story, as report, explain and run --json run it. Used by the reports unit
// tests; not part of the library.
#ifndef TIDEMARK_REPORTS_DETAILED_RUN_TEST_FILE_H_
#define TIDEMARK_REPORTS_DETAILED_RUN_TEST_FILE_H_

#include <string>
#include <utility>

#include "reports/story/run_story.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {

struct DetailedRun {
  explicit DetailedRun(sim::ScenarioSpec spec)
      : plan(sim::BindScenario(std::move(spec))),
        result(sim::RunJob(
            plan, {.seed = plan.info.seed, .detail = engine::Ledger::Detail::kEveryRecord})),
        story(plan, result) {}
  // A shipped scenario, by its path under scenarios/.
  explicit DetailedRun(const std::string& scenario)
      : DetailedRun(sim::LoadScenarioSpec(std::string(TIDEMARK_SCENARIOS_DIR) + "/" + scenario)) {}
  sim::JobPlan plan;
  sim::RunResult result;
  RunStory story;
};

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_DETAILED_RUN_TEST_FILE_H_
