// The narrated timeline of a run (explain.h): the schedule step by step, and
// the job manager's decisions between the steps.
#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "reports/story/explain.h"
#include "reports/story/internal/decision_words.h"

namespace tidemark::reports {

using engine::Fate;
using engine::FormatTimestamp;
using engine::Timestamp;
using internal::DecisionText;
using internal::FateText;
using internal::IsWindowFate;
using internal::Values;
using sim::NodeIndex;
using sim::PlannedNode;
using sim::ScheduleStep;
using Kind = NarrationLine::Kind;

namespace {

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
  bool RecordIsFocus(engine::RecordId id) const {
    return !options_.record || id == *options_.record;
  }

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
};

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
      if (options_.record && step.record == *options_.record && ShowsNode(step.node)) {
        Add(Kind::kOther, step.time,
            fmt::format("{} travels over a channel to {}", story_.RecordName(step.record), where));
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
  const RecordStory* r = story_.Find(step.record);
  if (r != nullptr && r->kind == sim::TraceRowKind::kEvent) {
    auto& highest = highest_[{step.node, step.subtask}];
    highest = std::max(highest, r->record.timestamp);
  }
  if (r == nullptr || !RecordIsFocus(step.record) || !ShowsNode(step.node)) {
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
    // A window fate comes with its decision.
    const sim::WindowDecisionRecord* d = nullptr;
    if (node.kind == PlannedNode::Kind::kWindow && IsWindowFate(e.fate)) {
      while (next_decision < decisions.size() &&
             result_.window_decisions[decisions[next_decision]].node != e.node) {
        ++next_decision;
      }
      if (next_decision < decisions.size())
        d = &result_.window_decisions[decisions[next_decision++]];
    }
    if (!RecordIsFocus(e.record) || !ShowsNode(e.node)) continue;
    if (node.kind == PlannedNode::Kind::kSource && e.fate == Fate::kEmitted) continue;
    const std::string where = story_.SubtaskName(e.node, e.subtask);
    const std::string record = story_.RecordName(e.record);
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
      included |= c.record.id == *options_.record;
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

}  // namespace tidemark::reports
