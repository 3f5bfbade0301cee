#include "sim/lint/lint.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "sim/lint/lint_test_util.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"
#include "sim/trace/csv_test_file.h"

namespace tidemark::sim {
namespace {

using lint_testing::LintText;
using lint_testing::Rules;
using lint_testing::Summary;
using lint_testing::WindowJob;

BOOST_AUTO_TEST_SUITE(lint)

// --- side outputs (§7.1-7.3) ---------------------------

const std::string kSplit = R"(
sources:
  readings:
    schema: {id: string, ts: int, t: double}
    event_time: ts
    events: [{id: a, ts: 1, t: 2.0}]
streams:
  classified:
    from: readings
    process:
      - when: t > 30
        emit: main
      - emit: {to: low, select: [id, t]}
  hot:
    from: classified
    filter: t > 40
  cold:
    from: {FROM}
    side_output: {TAG}
sinks: {hot: {}, cold: {}}
)";

std::string Split(std::string_view from, std::string_view tag) {
  std::string yaml = kSplit;
  yaml.replace(yaml.find("{FROM}"), 6, from);
  yaml.replace(yaml.find("{TAG}"), 5, tag);
  return yaml;
}

BOOST_AUTO_TEST_CASE(side_output_taken_from_its_emitter_is_clean) {
  BOOST_TEST(Summary(LintText(Split("classified", "low"))) == Rules{});
}

// §7.2: getSideOutput on an operator that does not emit the tag gives an empty
// stream. `hot` reads classified's main output only; the finding is at the
// side_output value (line 19, column 18), and the emitter's tag is then
// consumed by nobody (line 13, the `{to: low ...}` destination).
BOOST_AUTO_TEST_CASE(side_output_from_a_downstream_stream_is_the_wrong_stream) {
  const auto findings = LintText(Split("hot", "low"));
  BOOST_TEST(Summary(findings) ==
             (Rules{"side-output-unconsumed@13:20", "side-output-wrong-stream@19:18"}));
  BOOST_TEST(SeverityName(findings[1].severity) == "error");
  BOOST_TEST(findings[1].message.find("'classified' does") != std::string::npos);
  BOOST_TEST(findings[1].explanation.find("'hot' reads the main output of 'classified'") !=
             std::string::npos);
  BOOST_TEST(findings[1].fix == "write 'from: classified' in stream 'cold'");
  BOOST_TEST(findings[0].fix.find("stream 'cold' takes 'low' from 'hot' instead") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(side_output_of_a_source_is_the_wrong_stream) {
  BOOST_TEST(Summary(LintText(Split("readings", "low"))) ==
             (Rules{"side-output-unconsumed@13:20", "side-output-wrong-stream@19:18"}));
}

BOOST_AUTO_TEST_CASE(side_output_nobody_emits_suggests_the_nearest_tag) {
  const auto findings = LintText(Split("classified", "lo"));
  BOOST_TEST(Summary(findings) ==
             (Rules{"side-output-unconsumed@13:20", "side-output-never-emitted@19:18"}));
  BOOST_TEST(findings[1].fix == "did you mean 'low'?");
}

// §7.3: a tag nobody requests is discarded silently.
BOOST_AUTO_TEST_CASE(side_output_nobody_takes_is_unconsumed) {
  const std::string yaml = R"(
sources:
  readings:
    schema: {id: string, ts: int}
    event_time: ts
    events: [{id: a, ts: 1}]
streams:
  routed:
    from: readings
    process:
      - when: id == 'a'
        emit: [main, audit]
      - emit: audit
sinks: {routed: {}}
)";
  const auto findings = LintText(yaml);
  // Reported once per (stream, tag), at the first emission: `audit` in the flow sequence.
  BOOST_TEST(Summary(findings) == Rules{"side-output-unconsumed@12:22"});
  BOOST_TEST(SeverityName(findings[0].severity) == "warning");
}

BOOST_AUTO_TEST_CASE(late_output_nobody_takes_is_unconsumed) {
  const auto findings = LintText(
      WindowJob("watermarks: {strategy: monotonous}", "{tumbling: 10s, late_output: late}"));
  BOOST_TEST(Summary(findings) == Rules{"side-output-unconsumed@12:42"});
  BOOST_TEST(findings[0].message == "late output 'late' of stream 'counts' is consumed by nobody");
}

// §7.2: one operator, one type per id — across element rules and on_timer rules.
BOOST_AUTO_TEST_CASE(tag_emitted_with_two_types_by_one_stream) {
  const std::string yaml = R"(
sources:
  readings:
    schema: {id: string, ts: int}
    event_time: ts
    events: [{id: a, ts: 1}]
    watermarks: {strategy: monotonous}
streams:
  watched:
    from: readings
    key_by: id
    process:
      - emit: [main, alerts]
        timer: {reset: 5s}
    on_timer:
      - emit: {to: alerts, select: {id: id, at: timer_ts}}
  alerts:
    from: watched
    side_output: alerts
sinks: {watched: {}, alerts: {}}
)";
  const auto findings = LintText(yaml);
  BOOST_TEST(Summary(findings) == Rules{"duplicate-tag-type@16:20"});
  BOOST_TEST(SeverityName(findings[0].severity) == "error");
  BOOST_TEST(findings[0].message ==
             "side output 'alerts' of stream 'watched' is emitted with two types: "
             "{id: string, at: int} here, {id: string, ts: int} by a process rule at line 13");
}

BOOST_AUTO_TEST_CASE(tag_emitted_twice_with_one_type_is_clean) {
  const std::string yaml = R"(
sources:
  readings:
    schema: {id: string, ts: int, t: double}
    event_time: ts
    events: [{id: a, ts: 1, t: 1.0}]
streams:
  checked:
    from: readings
    process:
      - when: t > 100
        emit: {to: bad, select: {id: id, t: t}}
      - when: t < -50
        emit: {to: bad, select: [id, t]}
      - emit: main
  bad:
    from: checked
    side_output: bad
sinks: {checked: {}, bad: {}}
)";
  BOOST_TEST(Summary(LintText(yaml)) == Rules{});
}

// Legal in Flink (tags are per operator) but confusing: a window's late
// output and a process tag share the id `late` with different types.
BOOST_AUTO_TEST_CASE(tag_id_reused_by_two_streams_with_other_types) {
  const std::string yaml = R"(
sources:
  readings:
    schema: {k: string, ts: int}
    event_time: ts
    events: [{k: a, ts: 1}]
    watermarks: {strategy: monotonous}
streams:
  counts:
    from: readings
    key_by: k
    window: {tumbling: 10s, late_output: late}
    aggregate: {n: count()}
  late_counts: {from: counts, side_output: late}
  flagged:
    from: counts
    process:
      - when: n > 5
        emit: {to: late, select: [key]}
      - emit: main
  flagged_late: {from: flagged, side_output: late}
sinks: {counts: {}, late_counts: {}, flagged: {}, flagged_late: {}}
)";
  const auto findings = LintText(yaml);
  BOOST_TEST(Summary(findings) == Rules{"tag-id-reused-with-other-type@19:20"});
  BOOST_TEST(SeverityName(findings[0].severity) == "warning");
}

// A source's dead_letter is a side output of the source: taken from it, it is
// clean; taken by nobody, unparsable rows vanish.
BOOST_AUTO_TEST_CASE(dead_letter_output_of_a_source) {
  const CsvTestFile trace("lint", "id,ts\na,1\n");
  const std::string yaml = R"(
sources:
  orders:
    schema: {id: string, ts: int}
    event_time: ts
    trace: trace.csv
    dead_letter: bad-rows
streams:
  bad: {from: orders, side_output: bad-rows}
sinks: {orders: {}, bad: {}}
)";
  BOOST_TEST(Summary(LintText(yaml, trace.dir())) == Rules{});
  std::string unconsumed = yaml;
  unconsumed.replace(unconsumed.find("  bad: {from: orders, side_output: bad-rows}\n"), 45, "");
  unconsumed.replace(unconsumed.find("sinks: {orders: {}, bad: {}}"), 28, "sinks: {orders: {}}");
  const auto findings = LintText(unconsumed, trace.dir());
  BOOST_TEST(Summary(findings) == Rules{"side-output-unconsumed@7:18"});
  BOOST_TEST(findings[0].message ==
             "dead-letter output 'bad-rows' of source 'orders' is consumed by nobody");
}

BOOST_AUTO_TEST_CASE(stream_neither_sunk_nor_read_is_unused) {
  std::string yaml = Split("classified", "low");
  yaml.replace(yaml.find("sinks: {hot: {}, cold: {}}"), 26, "sinks: {hot: {}}");
  const auto findings = LintText(yaml);
  BOOST_TEST(Summary(findings) == Rules{"stream-unused@17:3"});
  BOOST_TEST(findings[0].message ==
             "stream 'cold' is neither sunk nor read by another stream: side output 'low' is "
             "taken, then dropped");
}

// --- windows (§1.1-1.3, §2.3, §3.5, §3.8, §4.2) ---------------------------

const std::string kMonotonous = "watermarks: {strategy: monotonous}";

BOOST_AUTO_TEST_CASE(allowed_lateness_without_late_output_drops_silently) {
  const auto findings = LintText(WindowJob(kMonotonous, "{tumbling: 10s, allowed_lateness: 5s}"));
  BOOST_TEST(Summary(findings) == Rules{"allowed-lateness-without-late-output@12:47"});
  BOOST_TEST(findings[0].message ==
             "allowed lateness 5s without a late_output: records later than that are dropped "
             "silently");
}

BOOST_AUTO_TEST_CASE(allowed_lateness_with_late_output_or_zero_is_clean) {
  std::string yaml =
      WindowJob(kMonotonous, "{tumbling: 10s, allowed_lateness: 5s, late_output: late}");
  yaml.replace(
      yaml.find("sinks: {counts: {}}"), 19,
      "  late_rows: {from: counts, side_output: late}\nsinks: {counts: {}, late_rows: {}}");
  BOOST_TEST(Summary(LintText(yaml)) == Rules{});
  BOOST_TEST(Summary(LintText(WindowJob(kMonotonous, "{tumbling: 10s, allowed_lateness: 0s}"))) ==
             Rules{});
}

// §3.8: processing-time windows are never late; lateness is ignored.
BOOST_AUTO_TEST_CASE(lateness_on_processing_time_window_is_ignored) {
  std::string yaml = WindowJob(
      kMonotonous, "{tumbling: 10s, time: processing, allowed_lateness: 5s, late_output: late}");
  yaml.replace(
      yaml.find("sinks: {counts: {}}"), 19,
      "  late_rows: {from: counts, side_output: late}\nsinks: {counts: {}, late_rows: {}}");
  const auto findings = LintText(yaml);
  BOOST_TEST(Summary(findings) == (Rules{"lateness-ignored@12:65", "lateness-ignored@12:82"}));
  BOOST_TEST(findings[1].message ==
             "late output 'late' of a processing-time window never receives a record");
}

BOOST_AUTO_TEST_CASE(out_of_orderness_larger_than_the_window) {
  const std::string bound =
      "watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: ";
  const auto findings = LintText(WindowJob(bound + "30s}", "{tumbling: 10s}"));
  BOOST_TEST(Summary(findings) == Rules{"out-of-orderness-exceeds-window@12:13"});
  BOOST_TEST(findings[0].message ==
             "source 'readings' allows 30s out of orderness, more than the 10s window of stream "
             "'counts'");
  // Equal is not larger; sliding windows compare with their size, sessions with their gap.
  BOOST_TEST(Summary(LintText(WindowJob(bound + "10s}", "{tumbling: 10s}"))) == Rules{});
  BOOST_TEST(Summary(LintText(WindowJob(bound + "10s}", "{sliding: {size: 20s, slide: 5s}}"))) ==
             Rules{});
  BOOST_TEST(Summary(LintText(WindowJob(bound + "10s}", "{session: {gap: 3s}}"))) ==
             Rules{"out-of-orderness-exceeds-window@12:13"});
}

// §2.3: a count trigger replaces the time trigger; state is cleared at cleanup time.
BOOST_AUTO_TEST_CASE(count_trigger_on_time_window_drops_the_remainder) {
  const auto findings = LintText(WindowJob(kMonotonous, "{tumbling: 10s, trigger: {count: 3}}"));
  BOOST_TEST(Summary(findings) == Rules{"count-trigger-drops-remainder@12:38"});
}

// --- order and robustness ---------------------------------------------------

// Findings come out by position, not in the order the rule families find
// them: the side-output family runs first, yet its finding comes second.
BOOST_AUTO_TEST_CASE(findings_are_in_file_order) {
  const auto findings =
      LintText(WindowJob("bounded: false\n    watermarks: {strategy: none}",
                         "{tumbling: 10s, allowed_lateness: 5s, late_output: late}"));
  BOOST_TEST(Summary(findings) ==
             (Rules{"window-never-fires@13:13", "side-output-unconsumed@13:64"}));
}

// PlanJob's problems (unknown names, cycles) are not lint's: it skips them.
BOOST_AUTO_TEST_CASE(broken_graph_is_linted_without_throwing) {
  const std::string yaml = R"(
sources:
  readings:
    schema: {k: string, ts: int}
    event_time: tss
    events: [{k: a, ts: 1}]
    watermarks: {strategy: none}
    bounded: false
streams:
  x: {from: y}
  y: {from: x, side_output: nope}
  z: {from: nowhere}
  counts:
    from: readings
    key_by: kk
    window: {tumbling: 10s}
    aggregate: {n: count(zz)}
sinks: {counts: {}, x: {}, z: {}, missing: {}}
)";
  const auto findings = LintText(yaml);
  BOOST_TEST(Summary(findings) ==
             (Rules{"side-output-never-emitted@11:29", "window-never-fires@16:13"}));
}

// --- fault tolerance (docs/checkpoints.md) -----------------------------

std::string FaultJob(std::string_view bounded, std::string_view extra, std::string_view sinks) {
  return fmt::format(R"(
sources:
  readings:
    schema: {{k: string, ts: int}}
    event_time: ts
    events: [{{k: a, ts: 1}}, {{k: b, ts: 2}}]
    bounded: {}
    parallelism: 2
    watermarks: {{strategy: bounded_out_of_orderness, max_out_of_orderness: 1s}}
streams:
  counts:
    from: readings
    key_by: k
    window: {{tumbling: 10s}}
    aggregate: {{n: count()}}
sinks: {}
{})",
                     bounded, sinks, extra);
}

// A two-phase-commit sink commits on checkpoints or at the end of input; an
// unbounded job without checkpointing has neither (line 16: `guarantee`'s
// value, column 29). Bounded, or checkpointing: clean.
BOOST_AUTO_TEST_CASE(an_exactly_once_sink_without_checkpoints_never_commits) {
  const std::string sinks = "{counts: {guarantee: exactly_once}}";
  const auto findings = LintText(FaultJob("false", "", sinks));
  BOOST_TEST(Summary(findings) == (Rules{"exactly-once-sink-never-commits@16:29"}));
  BOOST_TEST(SeverityName(findings[0].severity) == "error");
  BOOST_TEST(Summary(LintText(FaultJob("true", "", sinks))) == Rules{});
  BOOST_TEST(Summary(LintText(FaultJob("false", "checkpointing: {interval: 1s}", sinks))) ==
             Rules{});
}

// At-least-once barriers with a keyBy from 2 source subtasks: an
// exactly-once sink can commit duplicates (line 17, the mode's value).
BOOST_AUTO_TEST_CASE(at_least_once_checkpoints_warn_of_committed_duplicates) {
  const auto findings =
      LintText(FaultJob("true", "checkpointing: {interval: 1s, mode: at_least_once}",
                        "{counts: {guarantee: exactly_once}}"));
  BOOST_TEST(Summary(findings) == (Rules{"at-least-once-commits-duplicates@17:37"}),
             boost::test_tools::per_element());
  BOOST_TEST(SeverityName(findings[0].severity) == "warning");
}

// Without checkpointing Flink's default restart strategy is none: a scripted
// failure ends the job (line 17, the failures list).
BOOST_AUTO_TEST_CASE(a_failure_without_checkpoints_or_restarts_ends_the_job) {
  const auto findings =
      LintText(FaultJob("true", "failures: [{at: 1s, task: counts}]", "{counts: {}}"));
  BOOST_TEST(Summary(findings) == (Rules{"failure-without-restart@17:11"}),
             boost::test_tools::per_element());
  BOOST_TEST(Summary(LintText(FaultJob(
                 "true", "failures: [{at: 1s, task: counts}]\nrestart: {strategy: fixed_delay}",
                 "{counts: {}}"))) == Rules{});
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
