// Every refusal made when a scenario is planned, or when a run reads its
// inline rows, says how to put it right: each case breaks one rule and must
// come back as a located error with its message and a non-empty hint.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/error_hint_test_util.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// A keyed tumbling job over one inline row, with the given pieces.
std::string Job(const std::string& row, const std::string& schema, const std::string& stream,
                const std::string& source = "") {
  return "sources:\n"
         "  s:\n"
         "    events:\n"
         "      - " +
         row +
         "\n"
         "    schema: " +
         schema +
         "\n"
         "    event_time: ts\n" +
         source +
         "streams:\n"
         "  w:\n"
         "    from: s\n"
         "    key_by: k\n" +
         stream + "sinks: {w: {}}\n";
}

const std::string kRow = "{k: a, ts: 1}";
const std::string kSchema = "{k: string, ts: int}";
const std::string kWindow = "    window: {tumbling: 1s}\n    aggregate: {n: count()}\n";

BOOST_AUTO_TEST_SUITE(input_error_hints)

BOOST_AUTO_TEST_CASE(each_planning_refusal_comes_with_a_hint) {
  const std::vector<testing::HintCase> cases = {
      {"event time not an int", Job("{k: a, ts: x}", "{k: string, ts: string}", kWindow),
       "must be int (milliseconds)"},
      {"watermark not an int",
       Job(kRow, kSchema, kWindow,
           "    watermarks: {strategy: punctuated, when: 'ts > 0', watermark: k}\n"),
       "a watermark must be an int"},
      {"inline cell of the wrong type", Job("{k: a, ts: soon}", kSchema, kWindow),
       "expects an int"},
      {"inline row without event time", Job("{k: a}", kSchema, kWindow),
       "no event-time field 'ts'"},
      {"session offset",
       Job(kRow, kSchema,
           "    window: {session: {gap: 1s}, offset: 1s}\n    aggregate: {n: count()}\n"),
       "session windows take no offset"},
      {"end_of_stream on a tumbling window",
       Job(kRow, kSchema,
           "    window: {tumbling: 1s, trigger: {end_of_stream: true}}\n"
           "    aggregate: {n: count()}\n"),
       "trigger of global windows only"},
      {"unclosed aggregate",
       Job(kRow, kSchema, "    window: {tumbling: 1s}\n    aggregate: {n: 'count(ts'}\n"),
       "expected ')'"},
      {"text after an aggregate",
       Job(kRow, kSchema, "    window: {tumbling: 1s}\n    aggregate: {n: 'count() x'}\n"),
       "unexpected text after the aggregate"},
      {"forward between parallelisms",
       Job(kRow, kSchema,
           "    window: {tumbling: 1s}\n    aggregate: {n: count()}\n    parallelism: 2\n"
           "  f:\n    from: w\n    filter: n > 0\n    partitioning: forward\n    parallelism: 1\n"),
       "Forward partitioning does not allow change of parallelism"},
  };
  testing::CheckEachHasHint(cases, [](const std::string& text) {
    // Inline rows are typed as the run reads them.
    return testing::ErrorsThrownBy([&] {
      RunJob(BindScenario(ParseScenarioSpec(text, "s.yaml", "/nonexistent")), {.seed = 1});
    });
  });
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
