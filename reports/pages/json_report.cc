#include "reports/pages/json_report.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "engine/windows/window_result.h"
#include "reports/story/explain.h"
#include "reports/story/held_watermarks.h"
#include "reports/story/pending_text.h"
#include "reports/story/recovery_text.h"

namespace tidemark::reports {

using engine::Fate;
using nlohmann::json;
using sim::NodeIndex;
using sim::PlannedNode;

std::string_view FateId(Fate fate) {
  switch (fate) {
    case Fate::kEmitted: return "emitted";
    case Fate::kRoutedToTag: return "routed_to_tag";
    case Fate::kFiltered: return "filtered";
    case Fate::kUnrouted: return "unrouted";
    case Fate::kInWindow: return "in_window";
    case Fate::kInWindowLate: return "in_window_late";
    case Fate::kLateToTag: return "late_to_tag";
    case Fate::kDroppedLate: return "dropped_late";
    case Fate::kDiscarded: return "discarded";
    case Fate::kUnconsumed: return "unconsumed";
    case Fate::kSunk: return "sunk";
    case Fate::kPending: return "pending";
  }
  return "?";
}

namespace {

json Value(const engine::Value& v) {
  switch (engine::TypeOf(v)) {
    case engine::ValueType::kNull: return nullptr;
    case engine::ValueType::kBool: return std::get<bool>(v);
    case engine::ValueType::kInt: return std::get<int64_t>(v);
    case engine::ValueType::kDouble: {
      const double d = std::get<double>(v);
      // JSON has no NaN or infinity: they are written as the trace spells them.
      if (!std::isfinite(d)) return engine::FormatValue(v);
      return d;
    }
    case engine::ValueType::kString: return std::get<std::string>(v);
    case engine::ValueType::kList: return std::get<engine::StringList>(v);
  }
  return nullptr;
}

json Values(const std::vector<engine::Value>& values) {
  json out = json::array();
  for (const engine::Value& v : values) out.push_back(Value(v));
  return out;
}

json Time(engine::Timestamp t) { return t.millis(); }

json Fields(const engine::Schema& schema) {
  json out = json::array();
  for (const engine::Field& f : schema.fields()) {
    out.push_back({{"name", f.name}, {"type", engine::TypeName(f.type)}});
  }
  return out;
}

json Operators(const sim::JobPlan& plan) {
  json out = json::array();
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const PlannedNode& node = plan.nodes[n];
    json inputs = json::array();
    for (const sim::NodeInput& in : node.inputs) {
      static constexpr std::string_view kPartitioning[] = {"forward", "rebalance", "hash"};
      inputs.push_back(
          {{"operator", in.node},
           {"side_output", in.port == engine::kMainPort
                               ? json(nullptr)
                               : json(plan.nodes[in.node].side_outputs[in.port - 1].id)},
           {"partitioning", kPartitioning[static_cast<int>(in.partitioning)]}});
    }
    json side_outputs = json::array();
    for (const engine::OutputTag& tag : node.side_outputs) side_outputs.push_back(tag.id);
    out.push_back({{"index", n},
                   {"name", node.name},
                   {"kind", sim::NodeKindName(node.kind)},
                   {"parallelism", node.parallelism},
                   {"inputs", inputs},
                   {"side_outputs", side_outputs},
                   {"fields", Fields(node.schema)}});
  }
  return out;
}

json Sinks(const sim::JobPlan& plan, const sim::RunResult& result) {
  json out = json::array();
  for (size_t s = 0; s < result.sinks.size(); ++s) {
    const sim::SinkOutput& sink = result.sinks[s];
    json records = json::array();
    for (const engine::Record& r : sink.records) records.push_back(Values(r.values));
    out.push_back({{"name", sink.name},
                   {"operator", plan.sinks[s].node},
                   {"fields", Fields(sink.schema)},
                   {"records", records}});
  }
  return out;
}

json Records(const RunStory& story) {
  json out = json::array();
  for (const RecordStory& r : story.records()) {
    out.push_back(
        {{"source", story.plan().sources[r.source].name()},
         {"row", r.record.id},
         {"line", r.line},
         {"kind", sim::TraceRowKindName(r.kind)},
         {"event_time", Time(r.record.timestamp)},
         {"arrival", r.arrived ? Time(r.arrival) : json(nullptr)},
         {"partition", r.partition},
         {"subtask", r.subtask},
         {"values", Values(r.record.values)},
         {"out_of_order", r.out_of_order},
         {"verdict", VerdictName(r.verdict)},
         {"ambiguous", r.ambiguous},
         {"explanation",
          r.kind == sim::TraceRowKind::kEvent ? json(VerdictSentence(story, r)) : json(nullptr)}});
  }
  return out;
}

// Where a fate sent the record: a side output's id, a sink's name, or null.
json Destination(const sim::JobPlan& plan, const engine::LedgerEntry& e) {
  if (e.fate == Fate::kSunk) return plan.sinks[e.tag].name;
  if (e.tag == engine::kMainPort) return nullptr;
  return plan.nodes[e.node].side_outputs[e.tag - 1].id;
}

json Ledger(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  const engine::Ledger& ledger = story.result().ledger;
  json counts = json::array();
  for (const auto& [key, count] : ledger.counts()) {
    const auto [node, fate, tag] = key;
    const engine::LedgerEntry e{.node = node, .fate = fate, .tag = tag};
    counts.push_back({{"operator", node},
                      {"fate", FateId(fate)},
                      {"to", Destination(plan, e)},
                      {"count", count}});
  }
  json entries = json::array();
  for (const engine::LedgerEntry& e : ledger.entries()) {
    const auto& sources = story.SourcesReaching(e.node);
    json source = nullptr;
    if (e.record != engine::kNoRecordId && sources.size() == 1) {
      source = plan.sources[sources[0]].name();
    }
    entries.push_back({{"source", source},
                       {"row", e.record == engine::kNoRecordId ? json(nullptr) : json(e.record)},
                       {"operator", e.node},
                       {"subtask", e.subtask},
                       {"fate", FateId(e.fate)},
                       {"to", Destination(plan, e)},
                       {"watermark", Time(e.watermark)},
                       {"processing_time", Time(e.processing_time)}});
  }
  return {{"counts", counts}, {"entries", entries}};
}

json Watermarks(const RunStory& story) {
  json out = json::array();
  const auto& schedule = story.result().schedule;
  for (const WatermarkLine& line : story.watermark_lines()) {
    json history = json::array();
    for (size_t i : line.steps) {
      const sim::ScheduleStep& s = schedule[i];
      json held_by = nullptr;
      if (s.held_by_node >= 0)
        held_by = {{"operator", s.held_by_node}, {"subtask", s.held_by_subtask}};
      history.push_back({{"time", Time(s.time)},
                         {"watermark", Time(s.watermark)},
                         {"held_by", held_by},
                         {"held_by_partition",
                          s.partition >= 0 && s.kind == sim::ScheduleStep::Kind::kOutputWatermark
                              ? json(s.partition)
                              : json(nullptr)}});
    }
    out.push_back({{"operator", line.node}, {"subtask", line.subtask}, {"history", history}});
  }
  return out;
}

json Firings(const RunStory& story) {
  json out = json::array();
  const auto& firings = story.result().firings;
  for (size_t f = 0; f < firings.size(); ++f) {
    const sim::FiringRecord& firing = firings[f];
    const engine::Schema& schema = story.plan().nodes[firing.node].schema;
    json aggregates = json::object();
    for (size_t i = 0; i < firing.result.aggregates.size() && 3 + i < schema.size(); ++i) {
      aggregates[schema.field(3 + i).name] = Value(firing.result.aggregates[i]);
    }
    json contents = nullptr;
    if (const auto& c = story.FiringContents(f)) {
      contents = json::array();
      for (size_t r : *c) {
        const RecordStory& record = story.records()[r];
        contents.push_back(
            {{"source", story.plan().sources[record.source].name()}, {"row", record.record.id}});
      }
    }
    out.push_back({{"operator", firing.node},
                   {"subtask", firing.subtask},
                   {"time", Time(firing.time)},
                   {"watermark", Time(firing.watermark)},
                   {"key", Value(firing.result.key)},
                   {"window",
                    {{"start", Time(firing.result.window.start())},
                     {"end", Time(firing.result.window.end())}}},
                   {"kind", engine::FiringKindName(firing.result.kind)},
                   {"element_count", firing.result.element_count},
                   {"aggregates", aggregates},
                   {"contents", contents}});
  }
  return out;
}

// Windows the run left pending (§1.13), with what each waits for and what
// holds the watermark back, in the words `run` prints.
json Pending(const RunStory& story) {
  json out = json::array();
  const sim::JobPlan& plan = story.plan();
  for (const sim::PendingSubtask& p : story.result().pending) {
    for (const engine::PendingWindow& w : p.windows) {
      out.push_back({{"operator", p.node},
                     {"subtask", p.subtask},
                     {"key", w.keyed ? Value(w.key) : json(nullptr)},
                     {"window", {{"start", Time(w.window.start())}, {"end", Time(w.window.end())}}},
                     {"element_count", w.element_count},
                     {"unfired_records", w.unfired},
                     {"fired", w.fired},
                     {"watermark", Time(p.watermark)},
                     {"waits_for", PendingWaitsFor(plan, p, w)},
                     {"held_back_by", HoldChainText(plan, p)}});
    }
  }
  return out;
}

// Partitions and reader subtasks that held a watermark back while others
// advanced, with the sentence explain prints.
json HeldWatermarks(const RunStory& story, const std::vector<HeldWatermark>& held) {
  json out = json::array();
  for (const HeldWatermark& h : held) {
    out.push_back({{"source", h.node},
                   {"subtask", h.subtask},
                   {"partition", h.partition >= 0 ? json(h.partition) : json(nullptr)},
                   {"held_operator", h.partition >= 0 ? json(nullptr) : json(h.held_node)},
                   {"held_subtask", h.partition >= 0 ? json(nullptr) : json(h.held_subtask)},
                   {"from", Time(h.from)},
                   {"to", Time(h.to)},
                   {"until_end", h.until_end},
                   {"watermark", Time(h.watermark)},
                   {"other_rows", h.other_rows},
                   {"text", HeldWatermarkText(story.plan(), h)}});
  }
  return out;
}

json WindowDecisions(const RunStory& story) {
  json out = json::array();
  for (const sim::WindowDecisionRecord& d : story.result().window_decisions) {
    json windows = json::array();
    for (const engine::WindowDecision& w : d.decision.windows) {
      windows.push_back({{"start", Time(w.window.start())},
                         {"end", Time(w.window.end())},
                         {"cleanup", Time(w.cleanup_time)},
                         {"admission", engine::WindowAdmissionName(w.admission)}});
    }
    out.push_back({{"operator", d.node},
                   {"subtask", d.subtask},
                   {"time", Time(d.time)},
                   {"row", d.decision.record_id},
                   {"timestamp", Time(d.decision.timestamp)},
                   {"watermark", Time(d.decision.watermark)},
                   {"outcome", engine::ElementOutcomeName(d.decision.outcome)},
                   {"windows", windows}});
  }
  return out;
}

// Checkpoints, failures, restarts and what each sink wrote and showed
// (docs/report-format.md, "recovery"): the counters under the names a
// scenario's `recovery:` expectation takes, then the listed history.
json Recovery(const sim::JobPlan& plan, const sim::RecoveryResult& r) {
  json replayed = json::object();
  for (size_t s = 0; s < r.replayed_rows.size() && s < plan.sources.size(); ++s) {
    replayed[plan.sources[s].name()] = r.replayed_rows[s];
  }
  json sinks = json::object();
  for (size_t s = 0; s < r.sinks.size(); ++s) {
    const sim::SinkRecovery& sink = r.sinks[s];
    json duplicates = json::array();
    for (const sim::DuplicateRecord& d : sink.listed_duplicates) {
      duplicates.push_back({{"index", d.index}, {"first", d.first}});
    }
    sinks[plan.sinks[s].name] = {
        {"guarantee", sim::SinkGuaranteeName(plan.sinks[s].guarantee)},
        {"written", sink.written},
        {"visible", sink.visible},
        {"aborted", sink.aborted},
        {"uncommitted", sink.uncommitted},
        {"duplicates", sink.duplicates},
        {"duplicate_records", duplicates},
        {"max_visibility_latency", sink.max_visibility_latency.millis()},
        {"total_visibility_latency", sink.total_visibility_latency.millis()}};
  }
  json checkpoints = json::array();
  for (const sim::CheckpointRecord& c : r.checkpoints) {
    json cuts = json::array();
    for (const sim::SourceCut& cut : c.cuts) {
      cuts.push_back(
          {{"operator", cut.node}, {"subtask", cut.subtask}, {"next_row", cut.next_row}});
    }
    checkpoints.push_back({{"id", c.id},
                           {"triggered", Time(c.triggered)},
                           {"outcome", CheckpointOutcomeName(c.outcome)},
                           {"ended", c.ended.is_min() ? json(nullptr) : Time(c.ended)},
                           {"reason", c.reason.empty() ? json(nullptr) : json(c.reason)},
                           {"source_cuts", cuts}});
  }
  json failures = json::array();
  for (const sim::FailureRecord& f : r.failures) {
    json restarted = json::array();
    for (const auto& [node, subtask] : f.restarted) {
      restarted.push_back({{"operator", node}, {"subtask", subtask}});
    }
    const bool restarts = f.outcome == sim::FailureRecord::Outcome::kRestarted ||
                          f.outcome == sim::FailureRecord::Outcome::kMerged;
    failures.push_back(
        {{"at", Time(f.at)},
         {"operator", f.node},
         {"subtask", f.subtask},
         {"cause", f.cause},
         {"outcome", FailureOutcomeName(f.outcome)},
         {"restart_at", restarts ? Time(f.restart_at) : json(nullptr)},
         {"restored_checkpoint", restarts ? json(f.restored_checkpoint) : json(nullptr)},
         {"restarted", restarted},
         {"refusal", f.refusal.empty() ? json(nullptr) : json(f.refusal)},
         {"text", FailureText(plan, f)}});
  }
  return {{"checkpoints_completed", r.checkpoints_completed},
          {"checkpoints_aborted", r.checkpoints_aborted},
          {"failures", r.failure_count},
          {"restarts", r.restarts},
          {"job_failed", !r.job_failed.empty()},
          {"job_failed_reason", r.job_failed.empty() ? json(nullptr) : json(r.job_failed)},
          {"failed_at", r.job_failed.empty() ? json(nullptr) : Time(r.failed_at)},
          {"replayed_rows", replayed},
          {"sinks", sinks},
          {"history",
           {{"listed_up_to", sim::RecoveryResult::kMaxListed},
            {"checkpoints", checkpoints},
            {"failures", failures}}}};
}

json Summary(const RunStory& story) {
  json verdicts = json::object();
  for (const RecordStory& r : story.records()) {
    if (r.kind != sim::TraceRowKind::kEvent) continue;
    const std::string name(VerdictName(r.verdict));
    verdicts[name] = verdicts.value(name, 0) + 1;
  }
  json sinks = json::object();
  for (const sim::SinkOutput& sink : story.result().sinks) sinks[sink.name] = sink.count;
  return {{"records_in", story.result().records_in}, {"verdicts", verdicts}, {"sinks", sinks}};
}

}  // namespace

std::string FormatJsonReport(const RunStory& story, const ReportContext& context) {
  const sim::JobInfo& info = story.plan().info;
  json report = {
      {"format", "tidemark-report"},
      {"format_version", kReportFormatVersion},
      {"tool", {{"name", "tidemark"}, {"version", context.tool_version}}},
      {"scenario",
       {{"name", info.name},
        {"description", info.description},
        {"file", ScenarioFileName(story.plan())},
        {"hash", ScenarioHash(story.plan())},
        {"seed", info.seed}}},
      {"seed", context.seed},
      {"summary", Summary(story)},
      {"operators", Operators(story.plan())},
      {"sinks", Sinks(story.plan(), story.result())},
      {"records", Records(story)},
      {"ledger", Ledger(story)},
      {"watermarks", Watermarks(story)},
      {"firings", Firings(story)},
      {"window_decisions", WindowDecisions(story)},
  };
  // Only for a run longer than its listed detail, so other reports stay as they were.
  if (story.cut()) {
    report["detail"] = {{"cut", true},
                        {"note", DetailCutNote(story)},
                        {"rows_listed_per_source", story.max_rows()},
                        {"records_listed", story.event_count()},
                        {"records_in", story.result().records_in}};
  }
  // Only when some window is pending, so other reports stay as they were.
  if (!story.result().pending.empty()) report["pending"] = Pending(story);
  // Likewise only when a watermark was held back.
  const std::vector<HeldWatermark> held = FindHeldWatermarks(story);
  if (!held.empty()) report["held_watermarks"] = HeldWatermarks(story, held);
  // Only when the job configures checkpoints or failures.
  if (story.result().recovery)
    report["recovery"] = Recovery(story.plan(), *story.result().recovery);
  // A trace may hold bytes that are not UTF-8: replace them rather than fail.
  return report.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace tidemark::reports
