#include "sim/check/expectation_update.h"

#include <boost/test/unit_test.hpp>

#include "sim/check/expectations.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

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
  const JobPlan plan = BindScenario(ParseScenarioSpec(kScenario, "s.yaml", "."));
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
  const JobPlan plan = BindScenario(ParseScenarioSpec(kScenario, "s.yaml", "."));
  const std::string updated = RewriteExpectationBlock(kScenario, plan, RunJob(plan, {.seed = 1}));
  const JobPlan again = BindScenario(ParseScenarioSpec(updated, "s.yaml", "."));
  BOOST_TEST(again.expectations.size() == 1u);
  BOOST_TEST(CheckExpectations(again, RunJob(again, CheckRunOptions(again, 1))).passed());
}

// Field and sink names YAML reads otherwise when written plain — a flow
// indicator, a comment, a mapping, an anchor, an indicator at the start —
// are written quoted, and the rewritten scenario reads back to the same
// expectations: it binds (every field named is the sink's) and passes.
BOOST_AUTO_TEST_CASE(hostile_names_survive_the_rewrite) {
  const std::string text = R"(name: hostile-names
sources:
  "odd source":
    events:
      - {"price [USD]": 1.5, "#id": a, "what?": 1, "x,y": 2, "&x": "b: c", "a: b": 3, ts: 1,
         n: "null", "null": "tab\there", "quote\"d": "\\"}
    schema: {"price [USD]": double, "#id": string, "what?": int, "x,y": int, "&x": string,
             "a: b": int, ts: int, n: string, "null": string, "quote\"d": string}
    event_time: ts
streams:
  "sink {1}": {from: "odd source"}
sinks: {"sink {1}": {}}
ledger: {"sink {1}": {emitted: 0}}
)";
  const JobPlan plan = BindScenario(ParseScenarioSpec(text, "s.yaml", "."));
  const std::string updated =
      RewriteExpectationBlock(text, plan, RunJob(plan, CheckRunOptions(plan, 1)));
  BOOST_TEST(updated.find("\"price [USD]\": 1.5") != std::string::npos, updated);
  BOOST_TEST(updated.find("\"sink {1}\":") != std::string::npos, updated);
  BOOST_TEST(updated.find(" n: \"null\"") != std::string::npos, updated);  // a plain key
  BOOST_TEST(updated.find("\"null\": \"tab\\x09here\"") != std::string::npos, updated);
  const JobPlan again = BindScenario(ParseScenarioSpec(updated, "s.yaml", "."));
  BOOST_TEST(again.expectations.size() == 2u);
  BOOST_TEST(CheckExpectations(again, RunJob(again, CheckRunOptions(again, 1))).passed(), updated);
}

// A restart replays rows; `check --update` rewrites the `recovery:` counters
// it got wrong and keeps those it got right. By hand (docs/checkpoints.md):
// one partition, rows at 0 and 100 ms; checkpoint 1 at 50 ms (the first
// delay) cuts after row 1; the source task fails at 150 ms, which stops the
// checkpoint scheduler, and restarts at 160 ms from checkpoint 1, replaying
// row 2; the restart starts the scheduler again, so checkpoint 2 comes at
// 160 + 50 = 210 ms. The print sink writes rows 1, 2 and 2 again: 3 records,
// one a duplicate.
const std::string kRecoveryScenario = R"(name: update-recovery
sources:
  events:
    events:
      - {k: x, ts: 1, "@arrival": 0}
      - {k: y, ts: 2, "@arrival": 100}
    schema: {k: string, ts: int}
    event_time: ts
    bounded: false
checkpointing: {interval: 1s, first_delay: 50ms}
restart: {strategy: fixed_delay, attempts: 1, delay: 10ms}
failures:
  - {at: 150ms, task: events}
sinks: {events: {}}
recovery:
  checkpoints_completed: 7
  restarts: 1
  replayed_rows: {events: 9}
  sinks:
    events: {written: 0, duplicates: 1}
)";

BOOST_AUTO_TEST_CASE(rewrites_the_recovery_counters_in_their_order) {
  const JobPlan plan = BindScenario(ParseScenarioSpec(kRecoveryScenario, "s.yaml", "."));
  const std::string updated =
      RewriteExpectationBlock(kRecoveryScenario, plan, RunJob(plan, {.seed = 1}));
  const std::string expected_block = R"(recovery:
  checkpoints_completed: 2
  restarts: 1
  replayed_rows: {events: 1}
  sinks:
    events: {written: 3, duplicates: 1}
)";
  BOOST_TEST(updated.find(expected_block) != std::string::npos, updated);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
