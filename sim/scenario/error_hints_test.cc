// Every refusal of the scenario loader says how to put it right: each case
// below breaks one rule and must come back as a located error with its
// message and a non-empty hint (the second line a user reads, "hint: ...").
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "sim/scenario/error_hint_test_util.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

// A scenario that loads: one inline source, a window, a sink. Each case adds
// lines to the source (`source`), to the stream (`stream`) or at the top.
std::string Scenario(const std::string& source, const std::string& stream = "",
                     const std::string& top = "") {
  return "sources:\n"
         "  s:\n"
         "    events:\n"
         "      - {k: a, ts: 1}\n"
         "    schema: {k: string, ts: int}\n"
         "    event_time: ts\n" +
         source +
         "streams:\n"
         "  w:\n"
         "    from: s\n"
         "    key_by: k\n" +
         (stream.empty() ? "    window: {tumbling: 1s}\n    aggregate: {n: count()}\n" : stream) +
         "sinks: {w: {}}\n" + top;
}

BOOST_AUTO_TEST_SUITE(error_hints)

BOOST_AUTO_TEST_CASE(each_refusal_comes_with_a_hint) {
  const std::string wm =
      "    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s";
  const std::vector<testing::HintCase> cases = {
      {"parallelism range", Scenario("    parallelism: 0\n"), "is not within 1..32768"},
      {"partitions range", Scenario("    partitions: 0\n"), "1 to 1000000 partitions"},
      {"a list for a number", Scenario("    parallelism: [1]\n"), "expected"},
      {"text for a number", Scenario("    parallelism: two\n"), "a whole number"},
      {"text for a flag", Scenario("    bounded: maybe\n"), "true or false"},
      {"trace and events", Scenario("    trace: x.csv\n"), "either 'trace' or 'events'"},
      {"bound on another strategy",
       Scenario("    watermarks: {strategy: monotonous, max_out_of_orderness: 1s}\n"),
       "applies only to bounded_out_of_orderness"},
      {"punctuated key elsewhere", Scenario(wm + ", watermark: ts}\n"),
       "applies only to punctuated"},
      {"idleness zero", Scenario(wm + ", idleness: 0ms}\n"), "idleness timeout"},
      {"negative arrival pace", Scenario("    arrival: {every: -1ms}\n"),
       "between arrivals cannot be negative"},
      {"negative seed", Scenario("", "", "seed: -1\n"), "seed cannot be negative"},
      {"latency max below min", Scenario("", "", "channels: {latency: {min: 5ms, max: 1ms}}\n"),
       "max is below its min"},
      {"no sources", "sources: {}\nsinks: {w: {}}\n", "no sources"},
      {"missing key", Scenario("", "", "checkpointing: {mode: exactly_once}\n"),
       "missing key 'interval'"},
      {"checkpoint timeout zero", Scenario("", "", "checkpointing: {interval: 1s, timeout: 0ms}\n"),
       "timeout must be positive"},
      {"concurrent checkpoints range",
       Scenario("", "", "checkpointing: {interval: 1s, max_concurrent: 0}\n"),
       "must be between 1 and"},
      {"negative tolerable failures",
       Scenario("", "", "checkpointing: {interval: 1s, tolerable_failures: -1}\n"),
       "cannot be negative"},
      {"backoff multiplier",
       Scenario("", "", "restart: {strategy: exponential_delay, multiplier: 1}\n"),
       "multiplier must be greater than 1"},
      {"jitter", Scenario("", "", "restart: {strategy: exponential_delay, jitter: 2}\n"),
       "jitter factor"},
      {"sink failure form", Scenario("", "", "failures: [{sink: w, on_record: 1, at: 1s}]\n"),
       "a sink failure takes one of"},
      {"record number", Scenario("", "", "failures: [{sink: w, on_record: 0}]\n"),
       "numbered from 1"},
      {"negative allowed lateness",
       Scenario("",
                "    window: {tumbling: 1s, allowed_lateness: -1s}\n    aggregate: {n: count()}\n"),
       "allowed lateness cannot be negative"},
      {"count trigger",
       Scenario("",
                "    window: {tumbling: 1s, trigger: {count: 0}}\n"
                "    aggregate: {n: count()}\n"),
       "count of at least 1"},
      {"continuous trigger",
       Scenario("",
                "    window: {tumbling: 1s, trigger: {continuous: 0ms}}\n"
                "    aggregate: {n: count()}\n"),
       "firing interval must be positive"},
      {"end_of_stream false",
       Scenario("",
                "    window: {global: true, trigger: {end_of_stream: false}}\n"
                "    aggregate: {n: count()}\n"),
       "end_of_stream: true"},
      {"two triggers",
       Scenario("",
                "    window: {tumbling: 1s, trigger: {count: 2, end_of_stream: true}}\n"
                "    aggregate: {n: count()}\n"),
       "more than one kind"},
      {"global false", Scenario("", "    window: {global: false}\n    aggregate: {n: count()}\n"),
       "global: true"},
      {"aggregate and reduce",
       Scenario("", "    window: {tumbling: 1s}\n    aggregate: {n: count()}\n    max: ts\n"),
       "either 'aggregate' or a reduce"},
      {"empty aggregate", Scenario("", "    window: {tumbling: 1s}\n    aggregate: {}\n"),
       "names no aggregate"},
      {"two expectation forms", Scenario("", "", "expect: {w: {records: [], golden: w.csv}}\n"),
       "one of 'records', 'golden' or 'output'"},
      {"negative tolerance", Scenario("", "", "expect: {w: {records: [], tolerance: -1}}\n"),
       "tolerance cannot be negative"},
      {"negative ledger count", Scenario("", "", "ledger: {w: {in_window: -1}}\n"),
       "count cannot be negative"},
      {"empty expected error", Scenario("", "", "expect_error: {contains: ''}\n"),
       "the text the error must contain"},
      {"expected error line", Scenario("", "", "expect_error: {contains: x, line: 0}\n"),
       "line number starts at 1"},
  };
  testing::CheckEachHasHint(cases, [](const std::string& text) {
    return testing::ErrorsThrownBy([&] { ParseScenarioSpec(text, "s.yaml", "/nonexistent"); });
  });
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
