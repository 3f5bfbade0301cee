#include "reports/story/explain.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "reports/story/counterfactual.h"
#include "reports/story/empty_stream.h"
#include "reports/story/held_watermarks.h"
#include "reports/story/pending_text.h"
#include "reports/story/recovery_text.h"
#include "reports/story/watermark_origin.h"

namespace tidemark::reports {

using engine::Fate;
using engine::FormatTimestamp;
using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;
using sim::ScheduleStep;
using Kind = NarrationLine::Kind;

RecordRef ParseRecordRef(const sim::JobPlan& plan, const std::string& text,
                         const std::string& flag) {
  const auto& sources = plan.sources;
  std::vector<std::string> names;
  for (const sim::SourcePlan& s : sources) names.push_back(s.name());
  const size_t colon = text.rfind(':');
  RecordRef ref;
  std::string_view number = text;
  if (colon != std::string::npos) {
    const std::string name = text.substr(0, colon);
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      throw engine::InputError({flag, 0, 0}, fmt::format("no source named '{}'", name),
                               engine::UnknownNameHint(name, names));
    }
    ref.source = static_cast<uint32_t>(it - names.begin());
    number = std::string_view(text).substr(colon + 1);
  } else if (sources.size() > 1) {
    throw engine::InputError(
        {flag, 0, 0},
        fmt::format("record '{}' is ambiguous: every source has a row {}", text, text),
        fmt::format("name the source, e.g. {}:{}", names.front(), text));
  }
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), ref.row);
  if (error != std::errc() || end != number.data() + number.size() || number.empty()) {
    throw engine::InputError({flag, 0, 0}, fmt::format("'{}' is not a record id", text),
                             "write SOURCE:ROW with ROW the 0-based data row, e.g. " +
                                 (names.empty() ? std::string("readings") : names.front()) + ":0");
  }
  return ref;
}

namespace {

std::string Values(const sim::JobPlan& plan, const RecordStory& r) {
  const engine::Schema& schema = plan.sources[r.source].schema();
  std::vector<std::string> cells;
  for (size_t i = 0; i < r.record.values.size() && i < schema.size(); ++i) {
    cells.push_back(
        fmt::format("{}: {}", schema.field(i).name, engine::FormatValue(r.record.values[i])));
  }
  return fmt::format("{{{}}}", fmt::join(cells, ", "));
}

// "window [0, 10000) max timestamp 9999 > watermark 6999" and the like: the
// comparison that put the window in its admission class (§1.3, §1.7).
std::string WindowClause(const engine::WindowDecision& w, Timestamp watermark) {
  const std::string window =
      w.window == w.assigned
          ? fmt::format("window {}", w.window.ToString())
          : fmt::format("window {} (merged from {})", w.window.ToString(), w.assigned.ToString());
  const std::string wm = FormatTimestamp(watermark);
  switch (w.admission) {
    case engine::WindowAdmission::kOnTime:
      return fmt::format("{} max timestamp {} > watermark {}", window,
                         FormatTimestamp(w.window.max_timestamp()), wm);
    case engine::WindowAdmission::kWithinLateness:
      return fmt::format("{} max timestamp {} <= watermark {} < cleanup {}", window,
                         FormatTimestamp(w.window.max_timestamp()), wm,
                         FormatTimestamp(w.cleanup_time));
    case engine::WindowAdmission::kLate:
      return fmt::format("{} cleanup {} <= watermark {}", window, FormatTimestamp(w.cleanup_time),
                         wm);
  }
  return window;
}

std::string LateTag(const sim::PlannedNode& node) {
  return node.side_outputs.empty() ? std::string("the late output")
                                   : fmt::format("'{}'", node.side_outputs.front().id);
}

// "window [0, 10000) cleanup 9999 <= watermark 10499, so the record is late
// and goes to 'late-readings'".
std::string DecisionText(const sim::JobPlan& plan, const sim::WindowDecisionRecord& d) {
  const engine::ElementDecision& e = d.decision;
  std::vector<std::string> clauses;
  int on_time = 0, within = 0;
  for (const engine::WindowDecision& w : e.windows) {
    clauses.push_back(WindowClause(w, e.watermark));
    if (w.admission == engine::WindowAdmission::kOnTime) ++on_time;
    if (w.admission == engine::WindowAdmission::kWithinLateness) ++within;
  }
  std::string text = clauses.empty() ? std::string("no window is assigned")
                                     : fmt::format("{}", fmt::join(clauses, "; "));
  switch (e.outcome) {
    case engine::ElementOutcome::kAccepted:
      if (on_time > 0 && on_time + within < static_cast<int>(e.windows.size())) {
        return text + fmt::format(", so the record is on time for {} of {} windows and joins them",
                                  on_time + within, e.windows.size());
      }
      if (on_time > 0) return text + ", so the record is on time and joins the window";
      return text +
             ", so the record is late but within allowed lateness: it joins the window, "
             "which fires again at once";
    case engine::ElementOutcome::kLateToSideOutput:
      return text +
             fmt::format(", so the record is late and goes to {}", LateTag(plan.nodes[d.node]));
    case engine::ElementOutcome::kDroppedLate:
      return text +
             ", so the record is late and is dropped (no late output is set; Flink counts "
             "it in numLateRecordsDropped)";
    case engine::ElementOutcome::kDiscarded:
      return text +
             ", so no window takes the record, yet it is not late: it is discarded without "
             "a trace";
  }
  return text;
}

bool IsWindowFate(Fate fate) {
  return fate == Fate::kInWindow || fate == Fate::kInWindowLate || fate == Fate::kLateToTag ||
         fate == Fate::kDroppedLate || fate == Fate::kDiscarded || fate == Fate::kPending;
}

// The pending window holding record `id` at the entry's subtask, if any (§1.13).
std::optional<std::pair<const sim::PendingSubtask*, const engine::PendingWindow*>> PendingOf(
    const sim::RunResult& result, const engine::LedgerEntry& e) {
  for (const sim::PendingSubtask& p : result.pending) {
    if (p.node != e.node || p.subtask != e.subtask) continue;
    for (const engine::PendingWindow& w : p.windows) {
      if (std::find(w.unfired_ids.begin(), w.unfired_ids.end(), e.record) != w.unfired_ids.end()) {
        return std::pair(&p, &w);
      }
    }
  }
  return std::nullopt;
}

// "; window [0, 10000) never fired: it fires when the watermark reaches 9999;
// the watermark is -inf".
std::string PendingClause(const sim::JobPlan& plan, const sim::RunResult& result,
                          const engine::LedgerEntry& e) {
  const auto pending = PendingOf(result, e);
  if (!pending) return "";
  return fmt::format("; the run ended before window {} fired: it {}",
                     pending->second->window.ToString(),
                     PendingWaitsFor(plan, *pending->first, *pending->second));
}

// What an operator did with a record, as a predicate: "reaches sink 'late'".
std::string FateText(const RunStory& story, const engine::LedgerEntry& e) {
  const PlannedNode& node = story.plan().nodes[e.node];
  switch (e.fate) {
    case Fate::kEmitted: return "passes on along the main output";
    case Fate::kRoutedToTag:
      return fmt::format("is routed to side output {}", story.PortName(e.node, e.tag));
    case Fate::kFiltered: return "is dropped: the filter condition is false";
    case Fate::kUnrouted: return "is discarded: no routing rule matches";
    case Fate::kUnconsumed:
      return fmt::format("goes to {}, which no stream consumes: Flink discards it silently",
                         story.PortName(e.node, e.tag));
    case Fate::kSunk: return fmt::format("reaches sink '{}'", story.plan().sinks[e.tag].name);
    case Fate::kInWindow: return "joins a window on time";
    case Fate::kInWindowLate: return "joins a window within allowed lateness";
    case Fate::kLateToTag: return fmt::format("is late and goes to {}", LateTag(node));
    case Fate::kDroppedLate: return "is late and dropped";
    case Fate::kDiscarded: return "is discarded: no window takes it";
    case Fate::kPending: return "joins a window on time that had not fired when the run ended";
  }
  return std::string(engine::FateName(e.fate));
}

// A record the job failed with: where it was last seen, and the failure there
// if one struck that subtask at that moment (a sink that threw on it).
std::string InFlightSentence(const RunStory& story, const RecordStory& record,
                             const std::string& head) {
  const engine::LedgerEntry& last = story.result().ledger.entries()[record.ledger.back()];
  std::string text = fmt::format("{} — at {} it {}", head,
                                 story.SubtaskName(last.node, last.subtask), FateText(story, last));
  if (const auto& recovery = story.result().recovery) {
    for (const sim::FailureRecord& f : recovery->failures) {
      if (f.node == last.node && f.subtask == last.subtask && f.at == last.processing_time) {
        return fmt::format("{}, and the task failed ({})", text, f.cause);
      }
    }
  }
  return text + "; the job failed before it went further";
}

class Narrator {
 public:
  Narrator(const RunStory& story, const ExplainOptions& options)
      : story_(story), plan_(story.plan()), result_(story.result()), options_(options) {}

  std::vector<NarrationLine> Run() {
    const std::vector<NarrationLine> coordinator = CoordinatorLines();
    size_t next = 0;
    for (size_t i = 0; i < result_.schedule.size(); ++i) {
      // What the job manager decided before this step (at an equal time,
      // after every task's step of that time: it reacts to them).
      while (next < coordinator.size() && coordinator[next].time < result_.schedule[i].time) {
        lines_.push_back(coordinator[next++]);
      }
      Step(i);
    }
    lines_.insert(lines_.end(), coordinator.begin() + static_cast<std::ptrdiff_t>(next),
                  coordinator.end());
    return std::move(lines_);
  }

 private:
  void Add(Kind kind, Timestamp time, std::string text) {
    lines_.push_back({kind, time, std::move(text)});
  }
  bool ShowsNode(NodeIndex node) const { return !options_.stream || *options_.stream == node; }
  bool ShowsRecord(const ScheduleStep& step) const;
  bool RecordIsFocus(engine::RecordId id, NodeIndex node) const;
  // The source of row `id` at `node`: the only one reaching it; else the one
  // whose row `id` has event time `ts` (ids are rows of each source, so a
  // union sees one id from each); else the one it last arrived at.
  uint32_t SourceOf(engine::RecordId id, NodeIndex node, std::optional<Timestamp> ts) const;

  std::vector<NarrationLine> CoordinatorLines() const;
  void Step(size_t index);
  void Arrival(size_t index);
  void Entries(size_t index);
  void SourceWatermark(const ScheduleStep& step);
  void OperatorWatermark(const ScheduleStep& step);
  void Firing(const ScheduleStep& step);

  const RunStory& story_;
  const sim::JobPlan& plan_;
  const sim::RunResult& result_;
  const ExplainOptions& options_;
  std::vector<NarrationLine> lines_;
  std::map<std::pair<NodeIndex, uint32_t>, Timestamp> watermark_;  // last seen per subtask
  std::map<std::pair<NodeIndex, uint32_t>, Timestamp> highest_;    // source subtask: max ts seen
  std::map<engine::RecordId, uint32_t> arrived_from_;  // the source row `id` last arrived at
};

uint32_t Narrator::SourceOf(engine::RecordId id, NodeIndex node,
                            std::optional<Timestamp> ts) const {
  const auto& sources = story_.SourcesReaching(node);
  if (sources.size() == 1) return sources.front();
  if (ts) {
    for (uint32_t source : sources) {
      const RecordStory* r = story_.Find(source, id);
      if (r != nullptr && r->kind == sim::TraceRowKind::kEvent && r->record.timestamp == *ts) {
        return source;
      }
    }
  }
  const auto last = arrived_from_.find(id);
  if (last != arrived_from_.end() &&
      std::find(sources.begin(), sources.end(), last->second) != sources.end()) {
    return last->second;
  }
  return sources.empty() ? 0 : sources.front();
}

bool Narrator::RecordIsFocus(engine::RecordId id, NodeIndex node) const {
  if (!options_.record) return true;
  if (id != options_.record->row) return false;
  const auto& sources = story_.SourcesReaching(node);
  return std::find(sources.begin(), sources.end(), options_.record->source) != sources.end();
}

// Checkpoints completing or aborted and the job failing (docs/checkpoints.md):
// decisions of the job manager, not of a task, so no schedule step carries
// them. In time order; empty without fault tolerance or for one record's story.
std::vector<NarrationLine> Narrator::CoordinatorLines() const {
  std::vector<NarrationLine> out;
  if (!result_.recovery || options_.record) return out;
  const sim::RecoveryResult& r = *result_.recovery;
  for (const sim::CheckpointRecord& c : r.checkpoints) {
    if (c.outcome == sim::CheckpointRecord::Outcome::kCompleted) {
      out.push_back({Kind::kOther, c.ended,
                     fmt::format("checkpoint {} completes: every task has acknowledged it; "
                                 "exactly-once sinks commit what it covers",
                                 c.id)});
    } else if (c.outcome == sim::CheckpointRecord::Outcome::kAborted) {
      out.push_back(
          {Kind::kOther, c.ended, fmt::format("checkpoint {} is aborted ({})", c.id, c.reason)});
    }
  }
  if (!r.job_failed.empty()) {
    out.push_back({Kind::kOther, r.failed_at, "the job is FAILED: " + r.job_failed});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const NarrationLine& a, const NarrationLine& b) { return a.time < b.time; });
  return out;
}

void Narrator::Step(size_t index) {
  const ScheduleStep& step = result_.schedule[index];
  const std::string where = story_.SubtaskName(step.node, step.subtask);
  switch (step.kind) {
    case ScheduleStep::Kind::kArrival: Arrival(index); break;
    case ScheduleStep::Kind::kDelivery:
      if (options_.record && step.record == options_.record->row &&
          SourceOf(step.record, step.node, std::nullopt) == options_.record->source &&
          ShowsNode(step.node)) {
        Add(Kind::kOther, step.time,
            fmt::format("{} travels over a channel to {}",
                        story_.RecordName(options_.record->source, step.record), where));
      }
      Entries(index);
      break;
    case ScheduleStep::Kind::kOutputWatermark: SourceWatermark(step); break;
    case ScheduleStep::Kind::kWatermark: OperatorWatermark(step); break;
    case ScheduleStep::Kind::kFiring: Firing(step); break;
    case ScheduleStep::Kind::kIdle:
      if (!options_.record && ShowsNode(step.node)) {
        Add(Kind::kWatermark, step.time,
            fmt::format("{} goes idle: downstream no longer waits for its watermark", where));
      }
      break;
    case ScheduleStep::Kind::kActive:
      if (!options_.record && ShowsNode(step.node)) {
        Add(Kind::kWatermark, step.time,
            fmt::format("{} is active again: its watermark counts downstream once more", where));
      }
      break;
    case ScheduleStep::Kind::kTimer:
      if (!options_.record && ShowsNode(step.node)) {
        Add(Kind::kOther, step.time, fmt::format("{} runs its due processing-time timers", where));
      }
      break;
    case ScheduleStep::Kind::kPartitionIdle:
    case ScheduleStep::Kind::kPartitionActive:
      if (!options_.record && ShowsNode(step.node)) {
        const bool idle = step.kind == ScheduleStep::Kind::kPartitionIdle;
        Add(Kind::kWatermark, step.time,
            idle ? fmt::format("{} partition {} goes idle (watermark {}): it no longer holds the "
                               "subtask's watermark back",
                               where, step.partition, FormatTimestamp(step.watermark))
                 : fmt::format("{} partition {} is active again (watermark {}): it counts in the "
                               "subtask's minimum once more",
                               where, step.partition, FormatTimestamp(step.watermark)));
      }
      break;
    case ScheduleStep::Kind::kEndOfInput:
      if (!options_.record && ShowsNode(step.node)) {
        Add(Kind::kOther, step.time,
            fmt::format("{} reaches the end of its bounded input: its final watermark is +inf",
                        where));
      }
      break;
    case ScheduleStep::Kind::kCheckpoint:
      if (!options_.record && ShowsNode(step.node)) {
        Add(Kind::kOther, step.time,
            fmt::format("{} takes its snapshot for checkpoint {} and passes the barrier on "
                        "(the watermark is not in it)",
                        where, step.checkpoint));
      }
      break;
    case ScheduleStep::Kind::kFailure:
      if (ShowsNode(step.node)) {
        Add(Kind::kOther, step.time,
            fmt::format("{} fails: its failover region is cancelled, and what it had in flight "
                        "is lost",
                        where));
      }
      break;
    case ScheduleStep::Kind::kRestore:
      // Event time starts over: the next watermark narrated is its first.
      watermark_.erase({step.node, step.subtask});
      highest_.erase({step.node, step.subtask});
      if (ShowsNode(step.node)) {
        Add(Kind::kOther, step.time,
            step.checkpoint == 0
                ? fmt::format("{} restarts with empty state (no checkpoint completed): its "
                              "watermark is -inf again and its input is read from the start",
                              where)
                : fmt::format("{} restarts from checkpoint {}: its state is back, its watermark "
                              "is -inf again, and its input replays from the checkpoint's cut",
                              where, step.checkpoint));
      }
      break;
  }
}

void Narrator::Arrival(size_t index) {
  const ScheduleStep& step = result_.schedule[index];
  const uint32_t source = static_cast<uint32_t>(plan_.nodes[step.node].source);
  arrived_from_[step.record] = source;
  const RecordStory* r = story_.Find(source, step.record);
  if (r != nullptr && r->kind == sim::TraceRowKind::kEvent) {
    auto& highest = highest_[{step.node, step.subtask}];
    highest = std::max(highest, r->record.timestamp);
  }
  if (r == nullptr || !RecordIsFocus(step.record, step.node) || !ShowsNode(step.node)) {
    Entries(index);
    return;
  }
  std::string text = fmt::format("{} arrives at {} from partition {}", story_.RecordName(*r),
                                 story_.SubtaskName(step.node, step.subtask), step.partition);
  switch (r->kind) {
    case sim::TraceRowKind::kEvent:
      text += fmt::format(": event time {} {}", FormatTimestamp(r->record.timestamp),
                          Values(plan_, *r));
      if (r->out_of_order) {
        text += fmt::format(
            " — out of order (ts {} arrived before it), which alone does not make "
            "it late",
            FormatTimestamp(r->highest_before));
      }
      break;
    case sim::TraceRowKind::kWatermark:
      text += fmt::format(": a watermark row ({})", FormatTimestamp(r->record.timestamp));
      break;
    case sim::TraceRowKind::kIdle: text += ": an idle mark for its partition"; break;
    case sim::TraceRowKind::kActive: text += ": an active mark for its partition"; break;
    case sim::TraceRowKind::kParseFailure: text += ": a row that does not parse"; break;
  }
  Add(Kind::kArrival, step.time, std::move(text));
  Entries(index);
}

// What operators decided about the record of step `index` while handling it.
void Narrator::Entries(size_t index) {
  const ScheduleStep& step = result_.schedule[index];
  const auto& entries = result_.ledger.entries();
  const std::vector<size_t>& decisions = story_.StepDecisions(index);
  size_t next_decision = 0;
  for (size_t i : story_.StepLedger(index)) {
    const engine::LedgerEntry& e = entries[i];
    const PlannedNode& node = plan_.nodes[e.node];
    // A window fate comes with its decision, whose timestamp names the row.
    const sim::WindowDecisionRecord* d = nullptr;
    if (node.kind == PlannedNode::Kind::kWindow && IsWindowFate(e.fate)) {
      while (next_decision < decisions.size() &&
             result_.window_decisions[decisions[next_decision]].node != e.node) {
        ++next_decision;
      }
      if (next_decision < decisions.size())
        d = &result_.window_decisions[decisions[next_decision++]];
    }
    const uint32_t source =
        SourceOf(e.record, e.node,
                 d == nullptr ? std::nullopt : std::optional<Timestamp>(d->decision.timestamp));
    if (options_.record &&
        (e.record != options_.record->row || source != options_.record->source)) {
      continue;
    }
    if (!ShowsNode(e.node)) continue;
    if (node.kind == PlannedNode::Kind::kSource && e.fate == Fate::kEmitted) continue;
    const std::string where = story_.SubtaskName(e.node, e.subtask);
    const std::string record = story_.RecordName(source, e.record);
    if (d != nullptr) {
      Add(Kind::kDecision, step.time,
          fmt::format("{} decides {} (ts {}): {}", where, record,
                      FormatTimestamp(d->decision.timestamp), DecisionText(plan_, *d)));
      continue;
    }
    Add(Kind::kOther, step.time, fmt::format("{}: {} {}", where, record, FateText(story_, e)));
  }
}

void Narrator::SourceWatermark(const ScheduleStep& step) {
  Timestamp& last =
      watermark_.try_emplace({step.node, step.subtask}, Timestamp::Min()).first->second;
  const Timestamp before = last;
  last = step.watermark;
  if (options_.record || !ShowsNode(step.node)) return;
  const sim::SourcePlan& source = plan_.sources[plan_.nodes[step.node].source];
  std::string why;
  const Timestamp highest = highest_[{step.node, step.subtask}];
  const sim::WatermarkPlan& wm = source.watermarks;
  using Strategy = sim::WatermarkPlan::Strategy;
  if (step.watermark.is_max()) {
    why = ": the end of input";
  } else if (!highest.is_min() && wm.strategy == Strategy::kBoundedOutOfOrderness &&
             step.watermark == highest - wm.max_out_of_orderness - engine::Duration::Millis(1)) {
    why = fmt::format(" = highest timestamp {} - out-of-orderness {} - 1", FormatTimestamp(highest),
                      wm.max_out_of_orderness.millis());
  } else if (!highest.is_min() && wm.strategy == Strategy::kMonotonous &&
             step.watermark == highest - engine::Duration::Millis(1)) {
    why = fmt::format(" = highest timestamp {} - 1", FormatTimestamp(highest));
  }
  const int32_t partitions = source.partitions;
  if (step.partition >= 0 && partitions > plan_.nodes[step.node].parallelism) {
    why += fmt::format("; partition {} holds it at its minimum", step.partition);
  }
  Add(Kind::kWatermark, step.time,
      fmt::format("{} emits watermark {} (was {}){}", story_.SubtaskName(step.node, step.subtask),
                  FormatTimestamp(step.watermark), FormatTimestamp(before), why));
}

void Narrator::OperatorWatermark(const ScheduleStep& step) {
  Timestamp& last =
      watermark_.try_emplace({step.node, step.subtask}, Timestamp::Min()).first->second;
  const Timestamp before = last;
  last = step.watermark;
  if (options_.record || !ShowsNode(step.node)) return;
  std::string why;
  const int channels = story_.InputChannels(step.node);
  if (step.held_by_node >= 0 && !step.watermark.is_max()) {
    const std::string holder = story_.SubtaskName(static_cast<NodeIndex>(step.held_by_node),
                                                  static_cast<uint32_t>(step.held_by_subtask));
    why = channels > 1 ? fmt::format(": the minimum over its {} input channels, held back by {}",
                                     channels, holder)
                       : fmt::format(", from {}", holder);
  }
  Add(Kind::kWatermark, step.time,
      fmt::format("{} watermark {} -> {}{}", story_.SubtaskName(step.node, step.subtask),
                  FormatTimestamp(before), FormatTimestamp(step.watermark), why));
}

void Narrator::Firing(const ScheduleStep& step) {
  const sim::FiringRecord& f = result_.firings[step.firing];
  const auto& contents = story_.FiringContents(step.firing);
  if (options_.record) {
    if (!contents) return;
    bool included = false;
    for (size_t r : *contents) {
      const RecordStory& c = story_.records()[r];
      included |= c.source == options_.record->source && c.record.id == options_.record->row;
    }
    if (!included) return;
  }
  if (!ShowsNode(step.node)) return;
  const engine::WindowResult& w = f.result;
  const Timestamp max_ts = w.window.max_timestamp();
  std::string kind;
  switch (w.kind) {
    case engine::FiringKind::kOnTime:
      kind = f.watermark >= max_ts
                 ? fmt::format("on time: watermark {} >= max timestamp {}",
                               FormatTimestamp(f.watermark), FormatTimestamp(max_ts))
                 : fmt::format("on time: processing time {} >= max timestamp {}",
                               FormatTimestamp(f.time), FormatTimestamp(max_ts));
      break;
    case engine::FiringKind::kLate: {
      // §1.2: the window stays until the watermark reaches its cleanup time,
      // max timestamp + allowed lateness.
      const engine::Duration lateness = plan_.nodes[step.node].window->allowed_lateness;
      kind = fmt::format("a late firing within allowed lateness (watermark {}, cleanup at {})",
                         FormatTimestamp(f.watermark),
                         FormatTimestamp(engine::SaturatingAdd(max_ts, lateness)));
      break;
    }
    case engine::FiringKind::kEarly:
      kind = fmt::format("an early firing by its trigger (watermark {} < max timestamp {})",
                         FormatTimestamp(f.watermark), FormatTimestamp(max_ts));
      break;
  }
  const engine::Schema& schema = plan_.nodes[step.node].schema;
  std::vector<std::string> aggregates;
  for (size_t i = 0; i < w.aggregates.size() && 3 + i < schema.size(); ++i) {
    aggregates.push_back(
        fmt::format("{} {}", schema.field(3 + i).name, engine::FormatValue(w.aggregates[i])));
  }
  std::string text = fmt::format("{} fires window {} for key {}, {} -> {}",
                                 story_.SubtaskName(step.node, step.subtask), w.window.ToString(),
                                 engine::FormatValue(w.key), kind, fmt::join(aggregates, ", "));
  if (contents) {
    std::vector<std::string> names;
    for (size_t r : *contents) names.push_back(story_.RecordName(story_.records()[r]));
    text += fmt::format("; contents: {}", fmt::join(names, ", "));
  } else {
    text += fmt::format("; {} element{}", w.element_count, w.element_count == 1 ? "" : "s");
  }
  Add(Kind::kFiring, step.time, std::move(text));
}

}  // namespace

std::vector<NarrationLine> Narrate(const RunStory& story, const ExplainOptions& options) {
  return Narrator(story, options).Run();
}

std::string VerdictSentence(const RunStory& story, const RecordStory& record) {
  const sim::JobPlan& plan = story.plan();
  const sim::RunResult& result = story.result();
  std::string head =
      fmt::format("{} (line {}, ts {}): {}", story.RecordName(record), record.line,
                  FormatTimestamp(record.record.timestamp), VerdictName(record.verdict));
  if (!record.arrived) return head + " — never read";
  if (record.replays > 0) {
    head += record.replays == 1
                ? std::string(" (read again once after a restore)")
                : fmt::format(" (read again {} times after restores)", record.replays);
  }
  if (record.verdict == Verdict::kInFlight) return InFlightSentence(story, record, head);
  const auto& entries = result.ledger.entries();
  for (size_t i : record.ledger) {
    const engine::LedgerEntry& e = entries[i];
    if (IsTerminal(e.fate) || e.fate == Fate::kLateToTag) {
      const bool decisive = [&] {
        switch (record.verdict) {
          case Verdict::kOnTime: return e.fate == Fate::kInWindow;
          case Verdict::kWithinLateness: return e.fate == Fate::kInWindowLate;
          case Verdict::kPending: return e.fate == Fate::kPending;
          case Verdict::kLateToSideOutput: return e.fate == Fate::kLateToTag;
          case Verdict::kDroppedLate: return e.fate == Fate::kDroppedLate;
          case Verdict::kDelivered: return e.fate == Fate::kSunk;
          case Verdict::kFiltered: return e.fate == Fate::kFiltered;
          case Verdict::kDiscarded:
            return e.fate == Fate::kDiscarded || e.fate == Fate::kUnrouted ||
                   e.fate == Fate::kUnconsumed;
          case Verdict::kInFlight:
          case Verdict::kNoFate: return false;
        }
        return false;
      }();
      if (!decisive) continue;
      const std::string who = story.SubtaskName(e.node, e.subtask);
      if (IsWindowFate(e.fate)) {
        for (size_t d : record.decisions) {
          const sim::WindowDecisionRecord& wd = result.window_decisions[d];
          if (wd.node == e.node && wd.subtask == e.subtask && wd.time == e.processing_time) {
            return fmt::format("{} — {}: {}{}", head, who, DecisionText(plan, wd),
                               e.fate == Fate::kPending ? PendingClause(plan, result, e) : "");
          }
        }
      }
      return fmt::format("{} — at {} it {}", head, who, FateText(story, e));
    }
  }
  return head;
}

namespace {

// "tumbling 10000 ms, allowed lateness 0 ms, late data to 'late-readings'":
// the window as its assigner describes itself. Late records go to the
// node's first side output, the tag its window declared.
std::string WindowWords(const sim::JobPlan& plan, const PlannedNode& node) {
  if (!node.window) return "";
  const sim::WindowPlan& w = *node.window;
  std::string out = w.assigner->Describe();
  out += fmt::format(", allowed lateness {} ms", w.allowed_lateness.millis());
  out += w.late_data == engine::LateDataMode::kDrop
             ? ", late data dropped"
             : fmt::format(", late data to '{}'", node.side_outputs.front().id);
  if (node.key_field) {
    const sim::NodeInput& input = node.inputs.front();
    out += fmt::format(", key {}",
                       plan.nodes[input.node].PortSchema(input.port).field(*node.key_field).name);
  }
  return out;
}

std::string SourceWords(const sim::SourcePlan& source) {
  const sim::WatermarkPlan& w = source.watermarks;
  using Strategy = sim::WatermarkPlan::Strategy;
  std::string out;
  switch (w.strategy) {
    case Strategy::kNone: out = "no watermarks"; break;
    case Strategy::kBoundedOutOfOrderness:
      out = fmt::format("watermark = highest timestamp - {} - 1", w.max_out_of_orderness.millis());
      break;
    case Strategy::kMonotonous: out = "watermark = highest timestamp - 1"; break;
    case Strategy::kPunctuated: out = "punctuated watermarks"; break;
  }
  if (w.interval.millis() > 0) out += fmt::format(" every {} ms", w.interval.millis());
  if (w.idleness) out += fmt::format(", idle after {} ms", w.idleness->millis());
  out += source.boundedness == sim::SourcePlan::Boundedness::kBounded ? ", bounded" : ", unbounded";
  return out;
}

std::string JobLines(const sim::JobPlan& plan) {
  std::string out;
  for (const PlannedNode& node : plan.nodes) {
    std::vector<std::string> from;
    for (const sim::NodeInput& in : node.inputs) {
      from.push_back(in.port == engine::kMainPort
                         ? plan.nodes[in.node].name
                         : fmt::format("{} side output '{}'", plan.nodes[in.node].name,
                                       plan.nodes[in.node].side_outputs[in.port - 1].id));
    }
    std::string kind(sim::NodeKindName(node.kind));  // "keyed_process" -> "keyed process"
    std::replace(kind.begin(), kind.end(), '_', ' ');
    out += fmt::format("  {}: {}, parallelism {}", node.name, kind, node.parallelism);
    if (!from.empty()) out += fmt::format(", from {}", fmt::join(from, " + "));
    if (node.kind == PlannedNode::Kind::kSource) {
      out += "; " + SourceWords(plan.sources[node.source]);
    } else if (node.kind == PlannedNode::Kind::kWindow) {
      out += "; " + WindowWords(plan, node);
    }
    out += "\n";
  }
  return out;
}

std::string Indent(const std::string& text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    out += line.empty() ? "\n" : "  " + line + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string FormatExplanation(const RunStory& story, const ExplainOptions& options) {
  const sim::JobPlan& plan = story.plan();
  std::string out = fmt::format("Scenario {} ({})\n", plan.info.name, plan.file);
  if (!plan.info.description.empty()) out += Indent(plan.info.description);
  out += "\nJob:\n" + JobLines(plan);
  out +=
      "\nTimes are milliseconds; name[i] is subtask i of a stream; a record is SOURCE:ROW, "
      "its 0-based data row in the trace.\n";
  if (story.cut()) out += "\n" + DetailCutNote(story) + "\n";
  const RecordStory* focus = nullptr;
  if (options.record) {
    focus = story.Find(options.record->source, options.record->row);
    if (focus == nullptr) {
      throw engine::InputError(
          {"--record", 0, 0},
          fmt::format("source '{}' has no row {}", plan.sources[options.record->source].name(),
                      options.record->row),
          story.cut() ? fmt::format("a long trace is told for its first {} "
                                    "rows of each source",
                                    story.max_rows())
                      : fmt::format("rows are numbered from 0; this source has {}",
                                    story.records().size()));
    }
    out += fmt::format("\nThe story of {} (line {}): {}\n", story.RecordName(*focus), focus->line,
                       Values(plan, *focus));
    if (focus->ambiguous) {
      out +=
          "  note: past a union the ledger cannot tell rows of different sources with the "
          "same id apart; lines below may include another source's row with this id\n";
    }
  }
  out += "\nTimeline:\n";
  for (const NarrationLine& line : Narrate(story, options)) {
    out += fmt::format("{:>8}  {}\n", FormatTimestamp(line.time), line.text);
  }
  if (options.stream) {
    const std::string why = WhyEmpty(story, *options.stream);
    if (!why.empty()) out += "\nWhy it is empty:\n  " + why + "\n";
  }
  const std::vector<HeldWatermark> held = FindHeldWatermarks(story);
  if (!held.empty()) {
    out += "\nWatermark held back:\n";
    for (const HeldWatermark& h : held) out += "  " + HeldWatermarkText(plan, h) + "\n";
  }
  const std::string recovery = FormatRecoveryText(plan, story.result());
  if (!recovery.empty()) out += "\nR" + recovery.substr(1);
  const std::string pending = FormatPendingText(plan, story.result());
  if (!pending.empty()) out += "\nP" + pending.substr(1);
  if (focus != nullptr) {
    out += "\nVerdict:\n  " + VerdictSentence(story, *focus) + "\n";
    for (size_t d : focus->decisions) {
      const sim::WindowDecisionRecord& decision = story.result().window_decisions[d];
      if (decision.decision.outcome == engine::ElementOutcome::kAccepted &&
          decision.decision.watermark < decision.decision.windows.front().window.max_timestamp()) {
        continue;  // on time: no watermark decided against it
      }
      const std::string origin = WatermarkOrigin(story, decision);
      if (!origin.empty()) {
        out += fmt::format("\nWhat raised the watermark ({} at {}):\n  {}\n",
                           FormatTimestamp(decision.decision.watermark),
                           story.SubtaskName(decision.node, decision.subtask), origin);
      }
    }
    for (size_t d : focus->decisions) {
      const auto would = LateCounterfactualOf(story, story.result().window_decisions[d]);
      if (!would) continue;
      out += fmt::format("\nWhat would have changed it (the same schedule, {}):\n  {}\n",
                         story.SubtaskName(story.result().window_decisions[d].node,
                                           story.result().window_decisions[d].subtask),
                         LateCounterfactualText(*would));
    }
  } else if (!options.stream) {
    out += "\nVerdicts:\n";
    for (const RecordStory& r : story.records()) {
      if (r.kind == sim::TraceRowKind::kEvent) out += "  " + VerdictSentence(story, r) + "\n";
    }
  }
  return out;
}

}  // namespace tidemark::reports
