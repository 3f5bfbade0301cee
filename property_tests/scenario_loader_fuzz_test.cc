// Fuzz properties for the scenario loader and planner: random bytes and
// mutations of valid scenario files either load (and plan) or fail with an
// engine::InputError located inside the text — never a crash, a hang or
// another exception. Traces are inline (`events:`), so a loaded scenario is
// also run to the end.
#include <algorithm>
#include <string>

#include <boost/test/unit_test.hpp>
#include <rapidcheck/boost_test.h>

#include "engine/core/input_error.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark {
namespace {

const char* const kValidScenario = R"(name: fuzz-base
seed: 3
sources:
  readings:
    events:
      - {sensor_id: s1, ts: 1000, temperature: 20.5}
      - {sensor_id: s2, ts: 1500, temperature: 31.0}
      - {sensor_id: s1, ts: 12000, temperature: 25.0}
      - {sensor_id: s1, ts: 3000, temperature: 22.0}
    schema: {sensor_id: string, ts: int, temperature: double}
    event_time: ts
    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 2s}
streams:
  classified:
    from: readings
    process:
      - when: temperature > 30
        emit: main
      - emit: {to: low, select: [sensor_id, temperature]}
  cold: {from: classified, side_output: low}
  averages:
    from: readings
    key_by: sensor_id
    window: {tumbling: 10s, allowed_lateness: 1s, late_output: late}
    aggregate: {avg_temp: avg(temperature), n: count()}
  late: {from: averages, side_output: late}
sinks: {classified: {}, cold: {}, averages: {}, late: {}}
expect:
  classified:
    - {sensor_id: s2, ts: 1500, temperature: 31.0}
)";

int CountLines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
}

// Loads, plans and runs `text`; returns normally or asserts that the error is
// an InputError pointing into the text.
void LoadPlanRun(const std::string& text) {
  try {
    sim::JobPlan plan = sim::BindScenario(sim::ParseScenarioSpec(text, "fuzz.yaml", "."));
    sim::RunJob(plan, {.seed = 1, .detail = engine::Ledger::Detail::kEveryRecord});
    RC_TAG("ran");
  } catch (const engine::InputError& e) {
    // Errors about the scenario name it and a line inside it; a line-less
    // error may name a trace file the scenario refers to.
    if (e.where().file == "fuzz.yaml" && e.where().line > 0) {
      RC_ASSERT(e.where().line <= CountLines(text) + 1);
      RC_ASSERT(e.where().column >= 1);
    }
    RC_ASSERT(!e.message().empty());
    RC_TAG("input error");
  }
}

std::string Mutate(std::string text, const std::vector<std::tuple<int, size_t, char>>& edits) {
  for (const auto& [kind, position, byte] : edits) {
    if (text.empty()) break;
    const size_t at = position % text.size();
    switch (kind % 4) {
      case 0: text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), byte); break;
      case 1: text.erase(at, 1); break;
      case 2: text[at] = byte; break;
      case 3: {  // duplicate a line: repeated keys, rules and rows
        const size_t start =
            text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
        const size_t end = text.find('\n', at);
        const std::string line =
            text.substr(start, end == std::string::npos ? end : end - start + 1);
        text.insert(start, line);
        break;
      }
    }
  }
  return text;
}

BOOST_AUTO_TEST_SUITE(scenario_loader_fuzz)

BOOST_AUTO_TEST_CASE(the_base_scenario_is_valid) {
  // Guards the fuzzing: mutations start from a scenario that loads and runs.
  const sim::JobPlan plan =
      sim::BindScenario(sim::ParseScenarioSpec(kValidScenario, "fuzz.yaml", "."));
  const sim::RunResult result = sim::RunJob(plan, {.seed = 1});
  BOOST_TEST(result.records_in == 4u);
}

RC_BOOST_PROP(random_bytes_load_or_fail_with_a_location, (const std::string& text)) {
  LoadPlanRun(text);
}

RC_BOOST_PROP(mutated_scenarios_load_or_fail_with_a_location, ()) {
  // One to three edits: most mutants stay close enough to load and run.
  const auto count = *rc::gen::inRange<size_t>(1, 4);
  const auto edits = *rc::gen::container<std::vector<std::tuple<int, size_t, char>>>(
      count, rc::gen::tuple(rc::gen::inRange(0, 4), rc::gen::arbitrary<size_t>(),
                            rc::gen::elementOf(std::string(" :-{}[],'\"#\n\tx0s1&*!|>%@`"))));
  LoadPlanRun(Mutate(kValidScenario, edits));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark
