#include "reports/pages/json_report.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "engine/windows/window_result.h"
#include "reports/pages/internal/json_values.h"
#include "reports/pages/sections/report_section.h"
#include "reports/story/explain.h"

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

json Value(const engine::Value& v) { return internal::JsonValue(v); }
json Values(const std::vector<engine::Value>& values) { return internal::JsonValues(values); }
json Time(engine::Timestamp t) { return internal::JsonTime(t); }

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
         {"row", engine::RecordRow(r.record.id)},
         {"line", r.line},
         {"kind", sim::TraceRowKindName(r.kind)},
         {"event_time", Time(r.record.timestamp)},
         {"arrival", r.arrived ? Time(r.arrival) : json(nullptr)},
         {"partition", r.partition},
         {"subtask", r.subtask},
         {"values", Values(r.record.values)},
         {"out_of_order", r.out_of_order},
         {"verdict", VerdictName(r.verdict)},
         // Always false since ids name their source (format version 1 keeps its keys).
         {"ambiguous", false},
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
    const bool row = e.record != engine::kNoRecordId;  // else a window result
    entries.push_back({{"source", row ? json(plan.sources[engine::RecordSource(e.record)].name())
                                      : json(nullptr)},
                       {"row", row ? json(engine::RecordRow(e.record)) : json(nullptr)},
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
        contents.push_back({{"source", story.plan().sources[record.source].name()},
                            {"row", engine::RecordRow(record.record.id)}});
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

// A decision's row within its source. A decision on a timer's output names
// none: it keeps the all-ones id (18446744073709551615) the format has
// always written there.
json DecisionRow(engine::RecordId id) {
  return id == engine::kNoRecordId ? json(id) : json(engine::RecordRow(id));
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
                   {"row", DecisionRow(d.decision.record_id)},
                   {"timestamp", Time(d.decision.timestamp)},
                   {"watermark", Time(d.decision.watermark)},
                   {"outcome", engine::ElementOutcomeName(d.decision.outcome)},
                   {"windows", windows}});
  }
  return out;
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
  // Each only when it has something to say, so other reports stay as they were.
  for (const ReportSection* section : ReportSections()) section->AddJson(story, report);
  // A trace may hold bytes that are not UTF-8: replace them rather than fail.
  return report.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace tidemark::reports
