// explain narrates partitions going idle and active (§4.4, §5.4), not only
// subtasks: the partition that held the watermark and the moment it stops.
#include <string>

#include <boost/test/unit_test.hpp>

#include "reports/story/explain.h"
#include "reports/story/run_story.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

std::string Explain(const std::string& scenario) {
  const sim::JobPlan plan = sim::BindScenario(
      sim::LoadScenarioSpec(std::string(TIDEMARK_SCENARIOS_DIR) + "/" + scenario));
  const sim::RunResult result =
      sim::RunJob(plan, {.seed = plan.info.seed, .detail = engine::Ledger::Detail::kEveryRecord});
  const RunStory story(plan, result);
  return FormatExplanation(story, {});
}

BOOST_AUTO_TEST_SUITE(partition_narration)

// Partition 1 sends ts 2000 (monotonous: watermark 1999) and then nothing;
// with idleness 2s it goes idle at the tick at 2600 (derived in the
// scenario's description) and partition 0's watermark takes over.
BOOST_AUTO_TEST_CASE(a_quiet_partition_going_idle_is_narrated) {
  const std::string text = Explain("parallel/idle-partition-with-idleness.yaml");
  const size_t idle = text.find(
      "    2600  readings[0] partition 1 goes idle (watermark 1999): it no longer holds the "
      "subtask's watermark back\n");
  BOOST_TEST_REQUIRE(idle != std::string::npos);
  // Its leaving the minimum comes before the watermark it lets through.
  BOOST_TEST(text.find("readings[0] emits watermark", idle) != std::string::npos);
}

// Without idleness nothing goes idle: no partition line at all.
BOOST_AUTO_TEST_CASE(without_idleness_no_partition_goes_idle) {
  const std::string text = Explain("parallel/idle-partition-holds-watermark.yaml");
  BOOST_TEST(text.find("goes idle") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
