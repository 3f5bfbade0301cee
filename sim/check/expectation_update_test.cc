#include "sim/planner/job_plan.h"
#include "sim/check/expectation_update.h"

#include <boost/test/unit_test.hpp>

#include "sim/scenario/scenario.h"

namespace tidemark::sim {
namespace {

const std::string kScenario = R"(# A comment that must survive.
name: update-me
sources:
  events:
    events:
      - {id: a, ts: 1, v: 1.5}
      - {id: "0", ts: 2, v: 2}
    schema: {id: string, ts: int, v: double}
    event_time: ts
sinks: {events: {}}
expect:
  events:
    order: unordered
    records:
      - {id: wrong, v: 9}
# trailing note
)";

BOOST_AUTO_TEST_SUITE(expectation_update)

BOOST_AUTO_TEST_CASE(regenerates_only_the_expect_block_keeping_fields_and_order) {
  const JobPlan plan = PlanJob(ParseScenario(kScenario, "s.yaml", "."));
  const RunResult result = RunJob(plan, {.seed = 1});
  const std::string updated = RewriteExpectationBlock(kScenario, plan, result);
  // The rows named id and v, so those are the fields written; "0" must stay a
  // string, so it is quoted; 2.0 prints shortest.
  const std::string expected_block = R"(expect:
  events:
    order: unordered
    records:
      - {id: a, v: 1.5}
      - {id: "0", v: 2}
)";
  BOOST_TEST(updated.find(expected_block) != std::string::npos);
  BOOST_TEST(updated.rfind("# A comment that must survive.\n", 0) == 0u);
  BOOST_TEST(updated.ends_with("# trailing note\n"));
  BOOST_TEST(updated.find("wrong") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_rewritten_scenario_passes_its_own_check) {
  const JobPlan plan = PlanJob(ParseScenario(kScenario, "s.yaml", "."));
  const std::string updated = RewriteExpectationBlock(kScenario, plan, RunJob(plan, {.seed = 1}));
  const JobPlan again = PlanJob(ParseScenario(updated, "s.yaml", "."));
  BOOST_TEST(again.spec.expectations.size() == 1u);
  BOOST_TEST(again.spec.expectations[0].rows.size() == 2u);
}

BOOST_AUTO_TEST_CASE(yaml_scalars_read_back_as_the_same_value) {
  BOOST_TEST(YamlScalar(std::string("sensor_1")) == "sensor_1");
  BOOST_TEST(YamlScalar(std::string("true")) == "\"true\"");
  BOOST_TEST(YamlScalar(std::string("10.0.0.1")) == "\"10.0.0.1\"");
  BOOST_TEST(YamlScalar(std::string("a: b")) == "\"a: b\"");
  BOOST_TEST(YamlScalar(std::string("say \"x\"")) == "\"say \\\"x\\\"\"");
  BOOST_TEST(YamlScalar(engine::Value{}) == "null");
  BOOST_TEST(YamlScalar(21.75) == "21.75");
  BOOST_TEST(YamlScalar(int64_t{-3}) == "-3");
  // A list (§11.5) as the trace and expectation syntax writes it, quoted so
  // that YAML does not read a sequence.
  BOOST_TEST(YamlScalar(engine::StringList{"a", "b"}) == "\"[a, b]\"");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
