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
#include "reports/story/internal/decision_words.h"
#include "reports/story/pending_text.h"
#include "reports/story/recovery_text.h"
#include "reports/story/watermark_origin.h"

namespace tidemark::reports {

using engine::Fate;
using engine::FormatTimestamp;
using engine::Timestamp;
using internal::DecisionText;
using internal::FateText;
using internal::InFlightSentence;
using internal::IsWindowFate;
using internal::PendingClause;
using internal::Values;
using sim::NodeIndex;
using sim::PlannedNode;
using sim::ScheduleStep;

engine::RecordId ParseRecordRef(const sim::JobPlan& plan, const std::string& text,
                                const std::string& flag) {
  const auto& sources = plan.sources;
  std::vector<std::string> names;
  for (const sim::SourcePlan& s : sources) names.push_back(s.name());
  const size_t colon = text.rfind(':');
  uint32_t source = 0;
  uint64_t row = 0;
  std::string_view number = text;
  if (colon != std::string::npos) {
    const std::string name = text.substr(0, colon);
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      throw engine::InputError({flag, 0, 0}, fmt::format("no source named '{}'", name),
                               engine::UnknownNameHint(name, names));
    }
    source = static_cast<uint32_t>(it - names.begin());
    number = std::string_view(text).substr(colon + 1);
  } else if (sources.size() > 1) {
    throw engine::InputError(
        {flag, 0, 0},
        fmt::format("record '{}' is ambiguous: every source has a row {}", text, text),
        fmt::format("name the source, e.g. {}:{}", names.front(), text));
  }
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), row);
  if (error != std::errc() || end != number.data() + number.size() || number.empty() ||
      row > engine::kMaxRecordRow) {
    throw engine::InputError({flag, 0, 0}, fmt::format("'{}' is not a record id", text),
                             "write SOURCE:ROW with ROW the 0-based data row, e.g. " +
                                 (names.empty() ? std::string("readings") : names.front()) + ":0");
  }
  return engine::MakeRecordId(source, row);
}

namespace {}  // namespace

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
    focus = story.Find(*options.record);
    if (focus == nullptr) {
      const uint32_t source = engine::RecordSource(*options.record);
      const auto rows = std::count_if(story.records().begin(), story.records().end(),
                                      [&](const RecordStory& r) { return r.source == source; });
      throw engine::InputError(
          {"--record", 0, 0},
          fmt::format("source '{}' has no row {}", plan.sources[source].name(),
                      engine::RecordRow(*options.record)),
          story.cut() ? fmt::format("a long trace is told for its first {} "
                                    "rows of each source",
                                    story.max_rows())
                      : fmt::format("rows are numbered from 0; this source has {}", rows));
    }
    out += fmt::format("\nThe story of {} (line {}): {}\n", story.RecordName(*focus), focus->line,
                       Values(plan, *focus));
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
