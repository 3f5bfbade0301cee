#include "reports/story/internal/decision_words.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "reports/story/pending_text.h"

namespace tidemark::reports::internal {

using engine::Fate;
using engine::FormatTimestamp;
using engine::Timestamp;
using sim::PlannedNode;

namespace {

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

}  // namespace

std::string Values(const sim::JobPlan& plan, const RecordStory& r) {
  const engine::Schema& schema = plan.sources[r.source].schema();
  std::vector<std::string> cells;
  for (size_t i = 0; i < r.record.values.size() && i < schema.size(); ++i) {
    cells.push_back(
        fmt::format("{}: {}", schema.field(i).name, engine::FormatValue(r.record.values[i])));
  }
  return fmt::format("{{{}}}", fmt::join(cells, ", "));
}

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

std::string PendingClause(const sim::JobPlan& plan, const sim::RunResult& result,
                          const engine::LedgerEntry& e) {
  const auto pending = PendingOf(result, e);
  if (!pending) return "";
  return fmt::format("; the run ended before window {} fired: it {}",
                     pending->second->window.ToString(),
                     PendingWaitsFor(plan, *pending->first, *pending->second));
}

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

}  // namespace tidemark::reports::internal
