// Lint's event-time progress rules (§4.1, §4.4-4.5, §4.7, §5.1, §5.4, §8):
// jobs whose windows or timers never fire, and those that look alike but do.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "sim/lint/lint.h"
#include "sim/lint/lint_test_util.h"
#include "sim/trace/csv_test_file.h"

namespace tidemark::sim {
namespace {

using lint_testing::LintText;
using lint_testing::Rules;
using lint_testing::Summary;
using lint_testing::WindowJob;

BOOST_AUTO_TEST_SUITE(lint_event_time)

// --- event-time progress (§4.1, §4.4-4.5, §4.7, §5.1, §5.4, §8) ------------

// In WindowJob the window value `{...}` is at line 12, column 13, one line
// further down per extra line of source settings.
BOOST_AUTO_TEST_CASE(unbounded_source_with_strategy_none_stalls_the_window) {
  const auto findings =
      LintText(WindowJob("bounded: false\n    watermarks: {strategy: none}", "{tumbling: 10s}"));
  BOOST_TEST(Summary(findings) == Rules{"window-never-fires@13:13"});
  BOOST_TEST(SeverityName(findings[0].severity) == "error");
  BOOST_TEST(findings[0].message ==
             "the window of stream 'counts' never fires: source 'readings' emits no watermarks "
             "(strategy none, and no watermark rows in its trace)");
}

// §4.7: a bounded input ends with +inf, which fires every window at once.
BOOST_AUTO_TEST_CASE(bounded_source_with_strategy_none_fires_only_at_end) {
  const auto findings = LintText(WindowJob("watermarks: {strategy: none}", "{tumbling: 10s}"));
  BOOST_TEST(Summary(findings) == Rules{"window-fires-only-at-end@12:13"});
  BOOST_TEST(SeverityName(findings[0].severity) == "warning");
}

// §4.5: interval 0 turns periodic emission off.
BOOST_AUTO_TEST_CASE(watermark_interval_zero_is_no_watermarks) {
  const auto findings = LintText(WindowJob(
      "bounded: false\n    watermarks: {strategy: monotonous, interval: 0ms}", "{tumbling: 10s}"));
  BOOST_TEST(Summary(findings) == Rules{"window-never-fires@13:13"});
}

// §8: a reader subtask with no partition emits nothing and never idles.
BOOST_AUTO_TEST_CASE(more_readers_than_partitions_without_idleness_never_fires) {
  const auto findings =
      LintText(WindowJob("bounded: false\n    parallelism: 3\n    partitions: 2\n"
                         "    watermarks: {strategy: monotonous}",
                         "{tumbling: 10s}"));
  BOOST_TEST(Summary(findings) == Rules{"window-never-fires@15:13"});
  BOOST_TEST(findings[0].message.find("has 2 partitions for 3 reader subtasks: 1 subtask reads "
                                      "no partition") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(more_readers_than_partitions_with_idleness_is_clean) {
  BOOST_TEST(Summary(LintText(WindowJob("bounded: false\n    parallelism: 3\n    partitions: 2\n"
                                        "    watermarks: {strategy: monotonous, idleness: 5s}",
                                        "{tumbling: 10s}"))) == Rules{});
}

// §5.4: the trace's one row goes round robin to partition 0; partition 1
// never gets a row, so its split's watermark stays -inf and holds the reader.
BOOST_AUTO_TEST_CASE(a_partition_without_rows_in_the_trace_never_fires) {
  const auto findings = LintText(
      WindowJob("bounded: false\n    partitions: 2\n    watermarks: {strategy: monotonous}",
                "{tumbling: 10s}"));
  BOOST_TEST(Summary(findings) == Rules{"window-never-fires@14:13"});
  BOOST_TEST(findings[0].message.find("has partition 1 of 2 that no row of its trace goes to") !=
             std::string::npos);
  BOOST_TEST(findings[0].fix.find("add 'idleness: 5s'") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_partition_without_rows_is_clean_with_idleness_or_a_bounded_source) {
  BOOST_TEST(Summary(LintText(WindowJob("bounded: false\n    partitions: 2\n"
                                        "    watermarks: {strategy: monotonous, idleness: 5s}",
                                        "{tumbling: 10s}"))) == Rules{});
  BOOST_TEST(Summary(LintText(WindowJob("partitions: 2\n    watermarks: {strategy: monotonous}",
                                        "{tumbling: 10s}"))) == Rules{});
}

// Bounded: the empty readers finish at the end of input like the others.
BOOST_AUTO_TEST_CASE(more_readers_than_partitions_on_bounded_source_is_clean) {
  BOOST_TEST(Summary(LintText(WindowJob(
                 "parallelism: 3\n    partitions: 2\n    watermarks: {strategy: monotonous}",
                 "{tumbling: 10s}"))) == Rules{});
}

BOOST_AUTO_TEST_CASE(processing_time_window_needs_no_watermarks) {
  BOOST_TEST(Summary(LintText(WindowJob("bounded: false\n    watermarks: {strategy: none}",
                                        "{tumbling: 10s, time: processing}"))) == Rules{});
}

BOOST_AUTO_TEST_CASE(count_trigger_on_global_window_needs_no_watermarks) {
  BOOST_TEST(Summary(LintText(WindowJob("bounded: false\n    watermarks: {strategy: none}",
                                        "{global: true, trigger: {count: 3}}"))) == Rules{});
}

// Explicit watermark rows in the trace drive event time (sliding-partly-late.yaml).
BOOST_AUTO_TEST_CASE(trace_with_watermark_rows_needs_no_strategy) {
  const CsvTestFile trace("lint", "k,ts,@kind\na,500,event\n,3000,watermark\n");
  const std::string yaml = R"(
sources:
  readings:
    schema: {k: string, ts: int}
    event_time: ts
    trace: trace.csv
    bounded: false
    watermarks: {strategy: none}
streams:
  counts:
    from: readings
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)";
  BOOST_TEST(Summary(LintText(yaml, trace.dir())) == Rules{});
}

// Inline events may script watermarks too (windows/dynamic-session-gap.yaml).
BOOST_AUTO_TEST_CASE(inline_watermark_rows_need_no_strategy) {
  const std::string yaml = R"(
sources:
  readings:
    schema: {k: string, ts: int}
    event_time: ts
    events:
      - {k: a, ts: 500}
      - {"@kind": watermark, ts: 3000}
    bounded: false
    watermarks: {strategy: none}
streams:
  counts:
    from: readings
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)";
  BOOST_TEST(Summary(LintText(yaml, ".")) == Rules{});
}

// §5.1: the minimum over all inputs — one silent source of a union blocks the
// window even though the other advances.
BOOST_AUTO_TEST_CASE(one_silent_source_of_a_union_stalls_the_window) {
  const std::string yaml = R"(
sources:
  a:
    schema: {k: string, ts: int}
    event_time: ts
    events: [{k: a, ts: 1}]
    bounded: false
    watermarks: {strategy: monotonous}
  b:
    schema: {k: string, ts: int}
    event_time: ts
    events: [{k: a, ts: 1}]
    bounded: false
streams:
  both:
    from: [a, b]
  counts:
    from: both
    key_by: k
    window: {tumbling: 10s}
    aggregate: {n: count()}
sinks: {counts: {}}
)";
  const auto findings = LintText(yaml);
  BOOST_TEST(Summary(findings) == Rules{"window-never-fires@20:13"});
  BOOST_TEST(findings[0].message.find("source 'b'") != std::string::npos);
}

// An unbounded source without watermarks but with idleness blocks nothing,
// yet alone it advances nothing either.
BOOST_AUTO_TEST_CASE(only_idle_silent_sources_never_fire) {
  const auto findings = LintText(WindowJob(
      "bounded: false\n    watermarks: {strategy: none, idleness: 5s}", "{tumbling: 10s}"));
  BOOST_TEST(Summary(findings) == Rules{"window-never-fires@13:13"});
}

BOOST_AUTO_TEST_CASE(event_time_timers_behind_silent_unbounded_source_never_fire) {
  const std::string yaml = R"(
sources:
  readings:
    schema: {id: string, ts: int}
    event_time: ts
    events: [{id: a, ts: 1}]
    bounded: false
streams:
  watched:
    from: readings
    key_by: id
    process:
      - emit: main
        timer: {reset: 5s}
sinks: {watched: {}}
)";
  const auto findings = LintText(yaml);
  BOOST_TEST(Summary(findings) == Rules{"timer-never-fires@14:16"});
  std::string processing = yaml;
  processing.replace(processing.find("{reset: 5s}"), 11, "{reset: 5s, time: processing}");
  BOOST_TEST(Summary(LintText(processing)) == Rules{});
}

// §2.6: GlobalWindows.create() has a NeverTrigger.
BOOST_AUTO_TEST_CASE(global_window_without_trigger_never_fires) {
  BOOST_TEST(Summary(LintText(WindowJob("watermarks: {strategy: monotonous}", "{global: true}"))) ==
             Rules{"window-never-fires@12:13"});
}

BOOST_AUTO_TEST_CASE(end_of_stream_trigger_on_unbounded_source_never_fires) {
  BOOST_TEST(Summary(LintText(WindowJob("bounded: false\n    watermarks: {strategy: monotonous}",
                                        "{global: true, trigger: {end_of_stream: true}}"))) ==
             Rules{"window-never-fires@13:37"});
  BOOST_TEST(Summary(LintText(WindowJob("watermarks: {strategy: monotonous}",
                                        "{global: true, trigger: {end_of_stream: true}}"))) ==
             Rules{});
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
