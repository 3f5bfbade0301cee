// Event-time progress rules: windows and event-time timers that never fire, or
// fire only at the end of a bounded input, because a source upstream never
// advances the watermark (§4.1, §4.4-4.5, §4.7, §5.1,
// §5.4, §8).
//
// Downstream event time is the minimum over all input channels (§5.1), so one
// source subtask that produces no watermark and never goes idle holds every
// event-time operator below it at -inf. Such a source is:
//   - strategy none (or a periodic strategy with interval 0, §4.5) with no
//     explicit watermark or idle rows in its trace;
//   - an unbounded source with more reader subtasks than partitions and no
//     idleness: a reader with no partition emits nothing and never idles (§8);
//   - an unbounded source without idleness with a partition that no row of
//     its trace goes to: that split's watermark stays -inf (§5.4).
// A bounded source ends with watermark +inf (§4.7), so behind it windows fire,
// but only at the end of input; an unbounded one never ends.
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "sim/lint/internal/lint_graph.h"
#include "sim/trace/trace_input.h"

namespace tidemark::sim::internal {

namespace {

using Severity = LintFinding::Severity;

struct SourceProgress {
  enum class Kind {
    kAdvances,  // emits watermarks (or we cannot tell it does not)
    kUntilEnd,  // bounded, no watermark before the final +inf
    kNever,     // unbounded, no watermark, never idle: blocks everything below
    kIdle,      // unbounded, no watermark, but goes idle: blocks nothing, advances nothing
  };
  Kind kind = Kind::kAdvances;
  std::string reason;  // what the source does wrong, completing "source 'x' ..."
  std::string fix;
};

std::string Plural(int n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// Whether the trace (a CSV file or inline events) scripts watermarks itself:
// a watermark or idle row (@kind). A source whose event-time field is not an
// int field is PlanJob's to reject; its trace cannot be read.
bool HasScriptedWatermarks(const SourceSpec& source) {
  const auto ts = source.schema.IndexOf(source.event_time_field);
  if (!ts || source.schema.field(*ts).type != engine::ValueType::kInt) return false;
  const TraceSource trace_source = TraceOf(source);
  std::unique_ptr<TraceInput> trace = OpenTrace(trace_source);
  while (std::optional<TraceRow> row = trace->Next()) {
    if (row->kind == TraceRowKind::kWatermark || row->kind == TraceRowKind::kIdle) return true;
  }
  return false;
}

// The partitions of a multi-partition source that no row of its trace goes
// to (@partition, else round robin as the runtime assigns them), ascending.
// A source whose event-time field is not an int is PlanJob's to reject.
std::vector<int32_t> PartitionsWithoutRows(const SourceSpec& source) {
  const int32_t partitions = source.partitions.value_or(source.parallelism);
  if (partitions < 2) return {};
  const auto ts = source.schema.IndexOf(source.event_time_field);
  if (!ts || source.schema.field(*ts).type != engine::ValueType::kInt) return {};
  std::vector<bool> seen(static_cast<size_t>(partitions), false);
  int32_t round_robin = 0;
  const TraceSource trace_source = TraceOf(source);  // the input reads from it
  std::unique_ptr<TraceInput> trace = OpenTrace(trace_source);
  while (std::optional<TraceRow> row = trace->Next()) {
    const int32_t p = row->partition.value_or(round_robin);
    if (++round_robin == partitions) round_robin = 0;
    if (p >= 0 && p < partitions) seen[static_cast<size_t>(p)] = true;
  }
  std::vector<int32_t> empty;
  for (int32_t p = 0; p < partitions; ++p) {
    if (!seen[static_cast<size_t>(p)]) empty.push_back(p);
  }
  return empty;
}

SourceProgress Classify(const SourceSpec& source) {
  using Strategy = WatermarkSpec::Strategy;
  const WatermarkSpec& w = source.watermarks;
  const bool bounded = source.boundedness == SourceSpec::Boundedness::kBounded;
  const bool periodic =
      w.strategy == Strategy::kBoundedOutOfOrderness || w.strategy == Strategy::kMonotonous;
  const bool silent =
      w.strategy == Strategy::kNone || (periodic && w.interval == engine::Duration::Zero());
  if (silent) {
    if (HasScriptedWatermarks(source)) return {};
    SourceProgress p;
    p.reason = w.strategy == Strategy::kNone
                   ? "emits no watermarks (strategy none, and no watermark rows in its trace)"
                   : "generates no watermarks: interval 0 turns periodic emission off";
    p.fix = w.strategy == Strategy::kNone
                ? fmt::format(
                      "give source '{}' a watermark strategy, e.g. "
                      "'{{strategy: bounded_out_of_orderness, max_out_of_orderness: 2s}}'",
                      source.name)
                : fmt::format(
                      "give source '{}' a watermark interval above 0 (Flink's default "
                      "is 200ms)",
                      source.name);
    p.kind = bounded      ? SourceProgress::Kind::kUntilEnd
             : w.idleness ? SourceProgress::Kind::kIdle
                          : SourceProgress::Kind::kNever;
    return p;
  }
  if (!bounded && !w.idleness && source.partitions && *source.partitions < source.parallelism) {
    const int idle = source.parallelism - *source.partitions;
    SourceProgress p;
    p.kind = SourceProgress::Kind::kNever;
    p.reason = fmt::format(
        "has {} for {} reader subtasks: {} no partition, emit{} no watermark and, without "
        "idleness, never go{} idle (\"The Kafka Source does not go automatically in an idle "
        "state if the parallelism is higher than the number of partitions\")",
        Plural(*source.partitions, "partition"), source.parallelism,
        idle == 1 ? "1 subtask reads" : fmt::format("{} subtasks read", idle), idle == 1 ? "s" : "",
        idle == 1 ? "es" : "");
    p.fix = fmt::format(
        "add 'idleness: 5s' (or another timeout) to the watermarks of '{}', or "
        "give it at most {}",
        source.name, Plural(*source.partitions, "reader subtask"));
    return p;
  }
  // A partition that never receives a row keeps its split's watermark at -inf
  // and, without idleness, its reader subtask's minimum with it (§5.4). A
  // bounded source's end of input releases it (§4.7): only unbounded ones.
  if (!bounded && !w.idleness && !source.script) {
    const std::vector<int32_t> empty = PartitionsWithoutRows(source);
    if (!empty.empty()) {
      SourceProgress p;
      p.kind = SourceProgress::Kind::kNever;
      p.reason = fmt::format(
          "has partition{} {} of {} that no row of its trace goes to: {} watermark stays -inf "
          "and, without idleness, holds its reader subtask's watermark there",
          empty.size() == 1 ? "" : "s", fmt::join(empty, ", "),
          source.partitions.value_or(source.parallelism), empty.size() == 1 ? "its" : "their");
      p.fix = fmt::format(
          "add 'idleness: 5s' (or another timeout) to the watermarks of '{}', so that a "
          "partition without data is left out of the minimum",
          source.name);
      return p;
    }
  }
  return {};
}

// What waits for event time in a stream: a window or event-time timers.
struct EventTimeUser {
  SourceLocation where;
  std::string what;  // "window of stream 'x'"
  bool window = true;
};

std::optional<EventTimeUser> UserOf(const StreamSpec& stream) {
  if (stream.window) {
    const WindowSpec& w = *stream.window;
    if (w.kind == WindowSpec::Kind::kGlobal) {
      if (w.trigger != WindowSpec::Trigger::kContinuous) return std::nullopt;  // see lint_windows
    } else if (w.time == WindowSpec::Time::kProcessing ||
               w.trigger == WindowSpec::Trigger::kCount) {
      return std::nullopt;
    }
    return EventTimeUser{w.where, fmt::format("the window of stream '{}'", stream.name), true};
  }
  if (!stream.key_by) return std::nullopt;
  for (const RouteRule& rule : stream.process) {
    if (rule.timer && rule.timer->time == TimerSpec::Time::kEvent &&
        rule.timer->action != TimerSpec::Action::kCancel) {
      return EventTimeUser{rule.timer->where,
                           fmt::format("the event-time timers of stream '{}'", stream.name), false};
    }
  }
  return std::nullopt;
}

// Why event time stalls, for a window or for timers.
std::string MinRule(bool window) {
  return fmt::format(
      "{} when the operator's watermark reaches {}; that watermark is the minimum over all "
      "input channels, and a source subtask that has produced no watermark holds it at -inf",
      window ? "an event-time window fires" : "an event-time timer fires",
      window ? "the window's end - 1" : "the timer's time");
}

}  // namespace

void LintEventTime(const LintGraph& graph, std::vector<LintFinding>& out) {
  const ScenarioSpec& spec = *graph.spec;
  std::vector<std::optional<SourceProgress>> progress(spec.sources.size());
  for (size_t s = 0; s < spec.streams.size(); ++s) {
    const std::optional<EventTimeUser> user = UserOf(spec.streams[s]);
    if (!user) continue;
    const std::vector<size_t> sources = graph.UpstreamSources(graph.ItemOfStream(s));
    if (sources.empty()) continue;
    const SourceProgress* never = nullptr;
    const SourceProgress* until_end = nullptr;
    size_t never_at = 0, until_end_at = 0, idle = 0;
    for (size_t src : sources) {
      if (!progress[src]) progress[src] = Classify(spec.sources[src]);
      const SourceProgress& p = *progress[src];
      if (p.kind == SourceProgress::Kind::kNever && !never) {
        never = &p;
        never_at = src;
      } else if (p.kind == SourceProgress::Kind::kUntilEnd && !until_end) {
        until_end = &p;
        until_end_at = src;
      } else if (p.kind == SourceProgress::Kind::kIdle) {
        ++idle;
      }
    }
    if (!never && idle == sources.size()) {
      never = &*progress[sources.front()];
      never_at = sources.front();
    }
    const std::string_view never_rule = user->window ? kLintWindowNeverFires : kLintTimerNeverFires;
    const std::string_view end_rule =
        user->window ? kLintWindowFiresOnlyAtEnd : kLintTimerFiresOnlyAtEnd;
    if (never) {
      const bool idles = never->kind == SourceProgress::Kind::kIdle;
      out.push_back(LintFinding{
          .rule = std::string(never_rule),
          .where = user->where,
          .message =
              fmt::format("{} never fire{}: source '{}' {}", user->what, user->window ? "s" : "",
                          spec.sources[never_at].name, never->reason),
          .explanation = fmt::format(
              "{}{}; the source is unbounded, so no final +inf watermark ever comes",
              MinRule(user->window),
              idles ? " (an idle source is left out of the minimum, but here no source is left "
                      "to advance it)"
                    : ""),
          .fix = never->fix,
          .severity = Severity::kError});
    } else if (until_end) {
      out.push_back(LintFinding{
          .rule = std::string(end_rule),
          .where = user->where,
          .message = fmt::format("{} fire{} only at the end of input: source '{}' {}", user->what,
                                 user->window ? "s" : "", spec.sources[until_end_at].name,
                                 until_end->reason),
          .explanation = fmt::format(
              "{}; only the end of the bounded input brings the final +inf watermark, which "
              "fires everything at once: nothing is ever late, and on an unbounded source the "
              "same job would never fire",
              MinRule(user->window)),
          .fix = until_end->fix,
          .severity = Severity::kWarning});
    }
  }
}

}  // namespace tidemark::sim::internal
