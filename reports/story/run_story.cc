#include "reports/story/run_story.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "sim/trace/trace_input.h"

namespace tidemark::reports {

using engine::Fate;
using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;
using sim::ScheduleStep;

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kDroppedLate: return "dropped_late";
    case Verdict::kLateToSideOutput: return "late_to_side_output";
    case Verdict::kWithinLateness: return "within_lateness";
    case Verdict::kPending: return "pending";
    case Verdict::kOnTime: return "on_time";
    case Verdict::kDelivered: return "delivered";
    case Verdict::kDiscarded: return "discarded";
    case Verdict::kFiltered: return "filtered";
    case Verdict::kInFlight: return "in_flight";
    case Verdict::kNoFate: return "no_fate";
  }
  return "?";
}

namespace {

std::optional<Verdict> VerdictOf(Fate fate) {
  switch (fate) {
    case Fate::kInWindow: return Verdict::kOnTime;
    case Fate::kInWindowLate: return Verdict::kWithinLateness;
    case Fate::kPending: return Verdict::kPending;
    case Fate::kLateToTag: return Verdict::kLateToSideOutput;
    case Fate::kDroppedLate: return Verdict::kDroppedLate;
    case Fate::kDiscarded:
    case Fate::kUnrouted:
    case Fate::kUnconsumed: return Verdict::kDiscarded;
    case Fate::kFiltered: return Verdict::kFiltered;
    case Fate::kSunk: return Verdict::kDelivered;
    case Fate::kEmitted:
    case Fate::kRoutedToTag: return std::nullopt;
  }
  return std::nullopt;
}

bool Within(const engine::TimeWindow& inner, const engine::TimeWindow& outer) {
  if (inner.is_global() || outer.is_global()) return inner == outer;
  return outer.start() <= inner.start() && inner.end() <= outer.end();
}

// A key as a map key: type, then the printed value (exact for every type).
std::pair<int, std::string> KeyOf(const engine::Value& value) {
  return {static_cast<int>(engine::TypeOf(value)), engine::FormatValue(value)};
}

}  // namespace

std::string DetailCutNote(const RunStory& story) {
  if (!story.cut()) return "";
  return fmt::format(
      "This run read {} records, more than are listed one by one: the records, timeline and "
      "narration show the first {} of each source ({} records), each sink its first {} records; "
      "the ledger counts and each sink's count cover every record.",
      story.result().records_in, story.max_rows(), story.event_count(), story.max_rows());
}

RunStory::RunStory(const sim::JobPlan& plan, const sim::RunResult& result, uint64_t max_rows)
    : plan_(plan), result_(result), max_rows_(max_rows) {
  TIDEMARK_CHECK(result.ledger.detail() == engine::Ledger::Detail::kEveryRecord);
  const size_t n = plan.nodes.size();
  upstream_.assign(n, std::vector<bool>(n, false));
  sources_reaching_.resize(n);
  // Nodes are in topological order: inputs precede consumers.
  for (NodeIndex b = 0; b < n; ++b) {
    upstream_[b][b] = true;
    for (const sim::NodeInput& in : plan.nodes[b].inputs) {
      for (NodeIndex a = 0; a < n; ++a) {
        if (upstream_[a][in.node]) upstream_[a][b] = true;
      }
    }
  }
  for (NodeIndex a = 0; a < n; ++a) {
    if (plan.nodes[a].kind != PlannedNode::Kind::kSource) continue;
    for (NodeIndex b = 0; b < n; ++b) {
      if (upstream_[a][b])
        sources_reaching_[b].push_back(static_cast<uint32_t>(plan.nodes[a].source));
    }
  }
  for (auto& sources : sources_reaching_) std::sort(sources.begin(), sources.end());
  ReadTraces(max_rows);
  IndexSchedule();
  AttachLedger();
  AttachDecisions();
  ComputeVerdicts();
  ComputeFiringContents();
}

void RunStory::ReadTraces(uint64_t max_rows) {
  for (uint32_t s = 0; s < plan_.sources.size(); ++s) {
    source_offset_.push_back(records_.size());
    NodeIndex node = 0;
    for (NodeIndex i = 0; i < plan_.nodes.size(); ++i) {
      if (plan_.nodes[i].kind == PlannedNode::Kind::kSource && plan_.nodes[i].source == s) node = i;
    }
    auto input = sim::OpenTrace(plan_.sources[s].trace);
    for (uint64_t rows = 0; rows < max_rows; ++rows) {
      auto row = input->Next();
      if (!row) break;
      // The planner numbered the source: its rows' ids name it.
      TIDEMARK_CHECK(engine::RecordSource(row->record.id) == s);
      RecordStory story;
      story.source = s;
      story.node = node;
      story.kind = row->kind;
      story.record = std::move(row->record);
      story.line = row->line;
      if (story.kind == sim::TraceRowKind::kEvent) ++event_count_;
      records_.push_back(std::move(story));
    }
  }
  source_offset_.push_back(records_.size());
}

std::optional<size_t> RunStory::Index(engine::RecordId id) const {
  if (id == engine::kNoRecordId) return std::nullopt;
  const uint32_t source = engine::RecordSource(id);
  const uint64_t row = engine::RecordRow(id);
  if (source + 1 >= source_offset_.size()) return std::nullopt;
  const size_t first = source_offset_[source];
  const size_t end = source_offset_[source + 1];
  // Rows are dense from 0 within a source, so the row is at first + row.
  if (row >= end - first) return std::nullopt;
  return first + static_cast<size_t>(row);
}

const RecordStory* RunStory::Find(engine::RecordId id) const {
  auto index = Index(id);
  return index ? &records_[*index] : nullptr;
}

void RunStory::IndexSchedule() {
  const auto& schedule = result_.schedule;
  step_ledger_.resize(schedule.size());
  step_decisions_.resize(schedule.size());
  std::map<std::pair<NodeIndex, uint32_t>, std::vector<size_t>> lines;
  std::vector<Timestamp> highest(plan_.sources.size(), Timestamp::Min());
  for (size_t i = 0; i < schedule.size(); ++i) {
    const ScheduleStep& step = schedule[i];
    switch (step.kind) {
      case ScheduleStep::Kind::kArrival: {
        const uint32_t source = static_cast<uint32_t>(plan_.nodes[step.node].source);
        if (auto index = Index(step.record)) {
          RecordStory& story = records_[*index];
          if (story.arrived) {
            // Read again after a restore: the row keeps its first arrival
            // (and its place in the source's order).
            ++story.replays;
          } else {
            story.arrived = true;
            story.arrival = step.time;
            story.partition = step.partition;
            story.subtask = step.subtask;
          }
          if (story.kind == sim::TraceRowKind::kEvent && story.replays == 0) {
            story.highest_before = highest[source];
            story.out_of_order = story.record.timestamp < highest[source];
            highest[source] = std::max(highest[source], story.record.timestamp);
          }
        }
        [[fallthrough]];
      }
      case ScheduleStep::Kind::kDelivery:
        if (step.record != engine::kNoRecordId) record_steps_.push_back(i);
        break;
      case ScheduleStep::Kind::kWatermark:
      case ScheduleStep::Kind::kOutputWatermark:
        lines[{step.node, step.subtask}].push_back(i);
        break;
      default: break;
    }
  }
  for (auto& [where, steps] : lines) {
    watermark_lines_.push_back({where.first, where.second, std::move(steps)});
  }
  std::stable_sort(record_steps_.begin(), record_steps_.end(), [&](size_t a, size_t b) {
    return std::tie(schedule[a].record, schedule[a].time) <
           std::tie(schedule[b].record, schedule[b].time);
  });
}

std::optional<size_t> RunStory::StepFor(engine::RecordId id, Timestamp time, NodeIndex node) const {
  const auto& schedule = result_.schedule;
  auto end = std::upper_bound(record_steps_.begin(), record_steps_.end(), std::pair(id, time),
                              [&](const std::pair<engine::RecordId, Timestamp>& key, size_t s) {
                                return key < std::pair(schedule[s].record, schedule[s].time);
                              });
  for (auto it = end; it != record_steps_.begin();) {
    --it;
    const ScheduleStep& step = schedule[*it];
    if (step.record != id || step.time != time) break;
    if (upstream_[step.node][node]) return *it;
  }
  return std::nullopt;
}

void RunStory::AttachLedger() {
  const auto& entries = result_.ledger.entries();
  for (size_t i = 0; i < entries.size(); ++i) {
    const engine::LedgerEntry& entry = entries[i];
    if (entry.record == engine::kNoRecordId) continue;  // a window result, not a trace row
    if (auto index = Index(entry.record)) records_[*index].ledger.push_back(i);
    if (auto step = StepFor(entry.record, entry.processing_time, entry.node)) {
      step_ledger_[*step].push_back(i);
    }
  }
}

void RunStory::AttachDecisions() {
  const auto& decisions = result_.window_decisions;
  for (size_t i = 0; i < decisions.size(); ++i) {
    const sim::WindowDecisionRecord& d = decisions[i];
    if (d.decision.record_id == engine::kNoRecordId) continue;
    if (auto index = Index(d.decision.record_id)) records_[*index].decisions.push_back(i);
    if (auto step = StepFor(d.decision.record_id, d.time, d.node)) {
      step_decisions_[*step].push_back(i);
    }
  }
}

void RunStory::ComputeVerdicts() {
  const auto& entries = result_.ledger.entries();
  for (RecordStory& story : records_) {
    for (size_t i : story.ledger) {
      if (auto verdict = VerdictOf(entries[i].fate))
        story.verdict = std::min(story.verdict, *verdict);
    }
    // Noted on its way but never settled: only a job that failed (restarts
    // refused, or a sink that threw on the record every time) leaves one.
    if (story.verdict == Verdict::kNoFate && !story.ledger.empty()) {
      story.verdict = Verdict::kInFlight;
    }
  }
}

std::optional<size_t> RunStory::KeyFieldInSource(NodeIndex node, uint32_t source) const {
  const PlannedNode& keyed = plan_.nodes[node];
  if (!keyed.key_field || keyed.inputs.empty()) return std::nullopt;  // windowAll, or not keyed
  for (NodeIndex a = 0; a < node; ++a) {
    if (!upstream_[a][node] || sources_reaching_[a].empty()) continue;
    const PlannedNode::Kind kind = plan_.nodes[a].kind;
    if (kind != PlannedNode::Kind::kSource && kind != PlannedNode::Kind::kFilter &&
        kind != PlannedNode::Kind::kUnion) {
      return std::nullopt;
    }
  }
  const sim::NodeInput& in = keyed.inputs.front();  // a keyed node's inputs share one schema
  const engine::Schema& input =
      keyed.window ? keyed.window->input_schema : plan_.nodes[in.node].PortSchema(in.port);
  const std::string& name = input.field(*keyed.key_field).name;
  return plan_.sources[source].schema().IndexOf(name);
}

void RunStory::ComputeFiringContents() {
  const auto& firings = result_.firings;
  const auto& decisions = result_.window_decisions;
  firing_contents_.assign(firings.size(), std::nullopt);
  // Accepted decisions by (node, subtask, key), naming the record each took.
  using Where = std::tuple<NodeIndex, uint32_t, std::pair<int, std::string>>;
  std::map<Where, std::vector<std::pair<size_t, size_t>>> taken;  // (decision, record)
  std::vector<bool> nameable(plan_.nodes.size(), false);
  for (NodeIndex n = 0; n < plan_.nodes.size(); ++n) {
    if (plan_.nodes[n].kind != PlannedNode::Kind::kWindow) continue;
    const auto& sources = sources_reaching_[n];
    nameable[n] = sources.size() == 1 && KeyFieldInSource(n, sources[0]).has_value();
  }
  for (size_t i = 0; i < decisions.size(); ++i) {
    const sim::WindowDecisionRecord& d = decisions[i];
    if (!nameable[d.node] || d.decision.outcome != engine::ElementOutcome::kAccepted) continue;
    const uint32_t source = sources_reaching_[d.node][0];
    auto index = Index(d.decision.record_id);
    if (!index) continue;
    const engine::Value& key = records_[*index].record.values[*KeyFieldInSource(d.node, source)];
    taken[{d.node, d.subtask, KeyOf(key)}].emplace_back(i, *index);
  }
  for (size_t f = 0; f < firings.size(); ++f) {
    const sim::FiringRecord& firing = firings[f];
    if (!nameable[firing.node]) continue;
    auto it = taken.find({firing.node, firing.subtask, KeyOf(firing.result.key)});
    std::vector<size_t> contents;
    if (it != taken.end()) {
      for (const auto& [decision, record] : it->second) {
        const sim::WindowDecisionRecord& d = decisions[decision];
        if (d.time > firing.time) break;
        for (const engine::WindowDecision& w : d.decision.windows) {
          if (w.admission != engine::WindowAdmission::kLate &&
              Within(w.window, firing.result.window)) {
            contents.push_back(record);
            break;
          }
        }
      }
    }
    // Elements taken at the firing's instant but after it may be counted; the
    // default trigger never purges, so the contents are the first ones.
    const bool default_trigger = !plan_.nodes[firing.node].window->trigger.has_value();
    if (contents.size() > firing.result.element_count && default_trigger) {
      contents.resize(firing.result.element_count);
    }
    if (contents.size() == firing.result.element_count) firing_contents_[f] = std::move(contents);
  }
}

int RunStory::InputChannels(NodeIndex node) const {
  int channels = 0;
  for (const sim::NodeInput& in : plan_.nodes[node].inputs) {
    channels +=
        in.partitioning == sim::Partitioning::kForward ? 1 : plan_.nodes[in.node].parallelism;
  }
  return channels;
}

std::string RunStory::RecordName(engine::RecordId id) const {
  return fmt::format("{}:{}", plan_.sources[engine::RecordSource(id)].name(),
                     engine::RecordRow(id));
}

std::string RunStory::SubtaskName(NodeIndex node, uint32_t subtask) const {
  return fmt::format("{}[{}]", plan_.nodes[node].name, subtask);
}

std::string RunStory::PortName(NodeIndex node, uint32_t port) const {
  if (port == engine::kMainPort) return "main output";
  return fmt::format("'{}'", plan_.nodes[node].side_outputs[port - 1].id);
}

}  // namespace tidemark::reports
