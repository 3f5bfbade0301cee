// Window rules: lateness that loses data silently, a lateness setting that
// does nothing, a watermark delay longer than the window, a count trigger on a
// time window, and global windows that cannot fire (§1-§3).
#include <fmt/format.h>

#include "sim/lint/internal/lint_graph.h"
#include "sim/scenario/duration_text.h"

namespace tidemark::sim::internal {

namespace {

using Severity = LintFinding::Severity;

bool IsTimeWindow(const WindowSpec& w) { return w.kind != WindowSpec::Kind::kGlobal; }

bool IsEventTimeWindow(const WindowSpec& w) {
  return IsTimeWindow(w) && w.time == WindowSpec::Time::kEvent;
}

// allowed-lateness-without-late-output (warning): an event-time window with
// allowed lateness > 0 and no late_output. Records later than the lateness
// are dropped and only counted in a metric (§1.1, §1.3).
void LatenessWithoutLateOutput(const StreamSpec& stream, std::vector<LintFinding>& out) {
  const WindowSpec& w = *stream.window;
  if (!IsEventTimeWindow(w) || w.allowed_lateness <= engine::Duration::Zero() ||
      !w.late_output.empty()) {
    return;
  }
  out.push_back(LintFinding{
      .rule = std::string(kLintLatenessWithoutLateOutput),
      .where = w.allowed_lateness_where,
      .message = fmt::format("allowed lateness {} without a late_output: records later than that "
                             "are dropped silently",
                             FormatDuration(w.allowed_lateness)),
      .explanation =
          "within the allowed lateness a late record is added and re-fires its window; beyond it "
          "(timestamp + lateness <= watermark, all its windows cleaned up) the window operator "
          "discards it, and only the numLateRecordsDropped metric counts it",
      .fix = fmt::format("add 'late_output: late-{}' to the window and take it with "
                         "'{{from: {}, side_output: late-{}}}'",
                         stream.name, stream.name, stream.name),
      .severity = Severity::kWarning});
}

// lateness-ignored (warning): allowed_lateness or late_output on a
// processing-time or global window. Such windows are never late (their
// assigner is not event time), so lateness is ignored and the late output
// stays empty (§1.2, §3.5, §3.8).
void LatenessIgnored(const StreamSpec& stream, std::vector<LintFinding>& out) {
  const WindowSpec& w = *stream.window;
  if (IsEventTimeWindow(w)) return;
  const std::string kind = IsTimeWindow(w) ? "a processing-time window" : "a global window";
  const std::string explanation =
      "Flink decides lateness only for event-time assigners (isEventTime()); " + kind +
      " is never late, its state is cleaned up at the window's end regardless of the allowed "
      "lateness, and no record ever goes to its late output";
  const std::string fix = IsTimeWindow(w)
                              ? "remove it, or use an event-time window ('time: event') if "
                                "late data is what you want to catch"
                              : "remove it";
  if (w.allowed_lateness > engine::Duration::Zero()) {
    out.push_back(LintFinding{.rule = std::string(kLintLatenessIgnored),
                              .where = w.allowed_lateness_where,
                              .message = fmt::format("allowed lateness {} has no effect on {}",
                                                     FormatDuration(w.allowed_lateness), kind),
                              .explanation = explanation,
                              .fix = fix,
                              .severity = Severity::kWarning});
  }
  if (!w.late_output.empty()) {
    out.push_back(LintFinding{
        .rule = std::string(kLintLatenessIgnored),
        .where = w.late_output_where,
        .message =
            fmt::format("late output '{}' of {} never receives a record", w.late_output, kind),
        .explanation = explanation,
        .fix = fix,
        .severity = Severity::kWarning});
  }
}

// out-of-orderness-exceeds-window (warning): a source upstream of an
// event-time window allows more out-of-orderness than the window is long
// (the gap, for sessions). Windows then fire long after they close.
void OutOfOrdernessExceedsWindow(const LintGraph& graph, size_t index,
                                 std::vector<LintFinding>& out) {
  const StreamSpec& stream = graph.spec->streams[index];
  const WindowSpec& w = *stream.window;
  if (!IsEventTimeWindow(w)) return;
  const bool session = w.kind == WindowSpec::Kind::kSession;
  const engine::Duration length = session ? w.gap : w.size;
  for (size_t src : graph.UpstreamSources(graph.ItemOfStream(index))) {
    const SourceSpec& source = graph.spec->sources[src];
    const WatermarkSpec& wm = source.watermarks;
    if (wm.strategy != WatermarkSpec::Strategy::kBoundedOutOfOrderness ||
        wm.max_out_of_orderness <= length) {
      continue;
    }
    out.push_back(LintFinding{
        .rule = std::string(kLintOutOfOrdernessExceedsWindow),
        .where = w.where,
        .message = fmt::format(
            "source '{}' allows {} out of orderness, more than the {} {} of stream '{}'",
            source.name, FormatDuration(wm.max_out_of_orderness), FormatDuration(length),
            session ? "session gap" : "window", stream.name),
        .explanation = fmt::format(
            "the watermark trails the highest timestamp seen by {} (watermark = max - bound - "
            "1), and a window [start, end) fires when the watermark reaches end - 1: every "
            "result waits for a record more than {} past its window's end, so output comes "
            "more than a whole {} late and several windows per key stay open; records are "
            "rarely late, but the latency is large",
            FormatDuration(wm.max_out_of_orderness), FormatDuration(wm.max_out_of_orderness),
            session ? "gap" : "window"),
        .fix = "lower max_out_of_orderness to the disorder the data really has and catch "
               "stragglers with allowed_lateness and a late_output, or use larger windows",
        .severity = Severity::kWarning});
  }
}

// count-trigger-drops-remainder (warning): a count trigger on a time window
// replaces its time trigger; the window never fires on time, and the records
// since the last count firing are discarded at cleanup time (§2.3).
void CountTriggerDropsRemainder(const StreamSpec& stream, std::vector<LintFinding>& out) {
  const WindowSpec& w = *stream.window;
  if (!IsTimeWindow(w) || w.trigger != WindowSpec::Trigger::kCount) return;
  out.push_back(LintFinding{
      .rule = std::string(kLintCountTriggerDropsRemainder),
      .where = w.trigger_where,
      .message = fmt::format("count trigger {} on a time window: the last fewer than {} records "
                             "of each window are never emitted",
                             w.trigger_count, w.trigger_count),
      .explanation =
          "a trigger replaces the window's default time trigger: the window then fires only "
          "every n records, never when its time is up, and its state is still cleared at "
          "cleanup time: silently, with whatever arrived since the last firing",
      .fix = "for count windows use 'global: true' with the count trigger; for early results "
             "on a time window use a continuous trigger, which still fires at the window's end",
      .severity = Severity::kWarning});
}

// window-never-fires (error) for global windows: the default NeverTrigger
// fires nothing (§2.6), and end_of_stream fires at the final +inf watermark
// only, which an unbounded source never sends (§4.7).
void GlobalWindowNeverFires(const LintGraph& graph, size_t index, std::vector<LintFinding>& out) {
  const StreamSpec& stream = graph.spec->streams[index];
  const WindowSpec& w = *stream.window;
  if (w.kind != WindowSpec::Kind::kGlobal) return;
  if (w.trigger == WindowSpec::Trigger::kDefault) {
    out.push_back(LintFinding{
        .rule = std::string(kLintWindowNeverFires),
        .where = w.where,
        .message = fmt::format("the global window of stream '{}' has no trigger and never fires",
                               stream.name),
        .explanation = "GlobalWindows.create() comes with a NeverTrigger: every callback returns "
                       "CONTINUE, so the window only accumulates state",
        .fix = "add a trigger: '{count: N}', '{continuous: 10s}' or '{end_of_stream: true}'",
        .severity = Severity::kError});
    return;
  }
  if (w.trigger != WindowSpec::Trigger::kEndOfStream) return;
  for (size_t src : graph.UpstreamSources(graph.ItemOfStream(index))) {
    const SourceSpec& source = graph.spec->sources[src];
    if (source.boundedness == SourceSpec::Boundedness::kBounded) continue;
    out.push_back(LintFinding{
        .rule = std::string(kLintWindowNeverFires),
        .where = w.trigger_where,
        .message = fmt::format("the end_of_stream trigger of stream '{}' never fires: source "
                               "'{}' is unbounded",
                               stream.name, source.name),
        .explanation = "the end-of-stream trigger fires when the watermark reaches +inf, which "
                       "only the end of a bounded input sends",
        .fix = "use a count or continuous trigger, or make the source bounded",
        .severity = Severity::kError});
    return;
  }
}

}  // namespace

void LintWindows(const LintGraph& graph, std::vector<LintFinding>& out) {
  for (size_t s = 0; s < graph.spec->streams.size(); ++s) {
    const StreamSpec& stream = graph.spec->streams[s];
    if (!stream.window) continue;
    LatenessWithoutLateOutput(stream, out);
    LatenessIgnored(stream, out);
    OutOfOrdernessExceedsWindow(graph, s, out);
    CountTriggerDropsRemainder(stream, out);
    GlobalWindowNeverFires(graph, s, out);
  }
}

}  // namespace tidemark::sim::internal
