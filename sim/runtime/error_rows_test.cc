// An error the run meets for a record is located at the trace row the
// record's id names (World::RowOf): past a union, at the row of the source
// it came from; for a row among the last ones read, from memory; for an
// older one, by reading its source's trace again.
#include <string>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// The location of the error the run of `yaml` stops with ("" if none).
std::string ErrorAt(const std::string& yaml) {
  const JobPlan plan = BindScenario(ParseScenarioSpec(yaml, "test.yaml", "."));
  try {
    RunJob(plan, {.seed = 1});
  } catch (const engine::InputError& e) {
    return fmt::format("{}:{}", e.where().file, e.where().line);
  }
  return "";
}

BOOST_AUTO_TEST_SUITE(error_rows)

// Row 1 of `b` (line 11) has no key. The union reads both sources over
// channels and the filter after it keeps the reader from refusing the key,
// so the key_by meets it while a channel delivers it, not while its row is
// read. Row 1 of `a` (line 5) has the same row number and a key.
BOOST_AUTO_TEST_CASE(a_null_key_past_a_union_is_located_at_its_own_sources_row) {
  const std::string yaml = R"(sources:
  a:
    events:
      - {k: x, ts: 1}
      - {k: x, ts: 2}
    schema: {k: string, ts: int}
    event_time: ts
  b:
    events:
      - {k: x, ts: 1}
      - {k: ~, ts: 2}
    schema: {k: string, ts: int}
    event_time: ts
streams:
  both:
    from: [a, b]
  kept:
    from: both
    filter: ts > 0
  counts:
    from: kept
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)";
  BOOST_TEST(ErrorAt(yaml) == "test.yaml:11");
}

// 1,100 rows arrive at 0 and reach the key_by after a 1 s channel: by then
// the feed has read every row. The null key of the last row (among the
// last 1,024 read) and that of row 0 (older) are both located at their line:
// row r is on line 4 + r.
std::string LongJob(size_t null_row) {
  std::string rows;
  for (size_t r = 0; r < 1100; ++r) {
    rows += fmt::format("      - {{k: {}, ts: {}, \"@arrival\": 0}}\n", r == null_row ? "~" : "x",
                        r + 1);
  }
  return "sources:\n"
         "  s:\n"
         "    events:\n" +
         rows +
         "    schema: {k: string, ts: int}\n"
         "    event_time: ts\n"
         "channels: {latency: {min: 1s, max: 1s}}\n"
         "streams:\n"
         "  kept:\n"
         "    from: s\n"
         "    filter: ts > 0\n"
         "    partitioning: rebalance\n"
         "  counts:\n"
         "    from: kept\n"
         "    key_by: k\n"
         "    window: {tumbling: 10s}\n"
         "    aggregate: {n: count()}\n"
         "sinks: {counts: {}}\n";
}

BOOST_AUTO_TEST_CASE(a_recent_row_and_an_older_one_are_both_located) {
  BOOST_TEST(ErrorAt(LongJob(1099)) == "test.yaml:1103");
  BOOST_TEST(ErrorAt(LongJob(0)) == "test.yaml:4");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
