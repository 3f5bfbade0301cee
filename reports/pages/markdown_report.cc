#include "reports/pages/markdown_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "reports/pages/text_report.h"
#include "reports/story/counterfactual.h"
#include "reports/story/explain.h"
#include "reports/story/held_watermarks.h"
#include "reports/story/pending_text.h"
#include "reports/story/recovery_text.h"
#include "reports/text/markup_escape.h"
#include "reports/text/sink_file_names.h"

namespace tidemark::reports {

namespace {

// Enough rows to see the shape on a CI page; the CSV files hold the rest.
constexpr size_t kSinkRows = 20;
constexpr size_t kNotableRecords = 50;

std::string SinkTable(const sim::SinkOutput& sink, const std::string& csv_file) {
  std::string out = fmt::format("### {} ({} record{})\n\n", MarkdownText(sink.name), sink.count,
                                sink.count == 1 ? "" : "s");
  if (sink.records.empty()) return out + "No records.\n\n";
  std::vector<std::string> names, rule;
  for (const engine::Field& f : sink.schema.fields()) {
    names.push_back(MarkdownCell(f.name));
    rule.push_back("---");
  }
  out += fmt::format("| {} |\n|{}|\n", fmt::join(names, " | "), fmt::join(rule, "|"));
  for (size_t i = 0; i < sink.records.size() && i < kSinkRows; ++i) {
    std::vector<std::string> cells;
    for (const engine::Value& v : sink.records[i].values) {
      cells.push_back(MarkdownCell(engine::FormatValue(v)));
    }
    out += fmt::format("| {} |\n", fmt::join(cells, " | "));
  }
  if (sink.count > kSinkRows) {
    out += fmt::format("\n{} more in {}.\n", sink.count - kSinkRows, MarkdownCode(csv_file, false));
  }
  return out + "\n";
}

std::string VerdictTable(const RunStory& story) {
  std::vector<uint64_t> counts(static_cast<size_t>(Verdict::kNoFate) + 1, 0);
  for (const RecordStory& r : story.records()) {
    if (r.kind == sim::TraceRowKind::kEvent) ++counts[static_cast<size_t>(r.verdict)];
  }
  std::string out = "| verdict | records |\n|---|---:|\n";
  for (size_t v = 0; v < counts.size(); ++v) {
    if (counts[v] > 0)
      out += fmt::format("| {} | {} |\n", VerdictName(static_cast<Verdict>(v)), counts[v]);
  }
  return out;
}

bool Notable(Verdict v) {
  return v == Verdict::kDroppedLate || v == Verdict::kLateToSideOutput ||
         v == Verdict::kWithinLateness || v == Verdict::kDiscarded;
}

// Windows left pending when the run ended (§1.13); empty when none.
std::string PendingSection(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  if (story.result().pending.empty()) return "";
  std::string out =
      "## Pending windows\n\nThe run ended before these windows fired; their "
      "records are `pending`, not on time.\n\n";
  for (const sim::PendingSubtask& p : story.result().pending) {
    for (const engine::PendingWindow& w : p.windows) {
      const std::string would = PendingCounterfactualText(plan, p, w);
      out +=
          fmt::format("- {}: {}; {}{}\n", MarkdownText(PendingWindowName(plan, p, w)),
                      MarkdownText(PendingContents(w)), MarkdownText(PendingWaitsFor(plan, p, w)),
                      would.empty() ? "" : "; " + MarkdownText(would));
    }
    if (plan.nodes[p.node].window->assigner->IsEventTime() && !p.watermark.is_max()) {
      out += fmt::format("  - watermark held back by: {}\n", MarkdownText(HoldChainText(plan, p)));
    }
  }
  return out + "\n";
}

// Checkpoints, failures, restarts and each sink's delivery (docs/checkpoints.md);
// empty for a job without fault tolerance configured.
std::string RecoverySection(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  if (!story.result().recovery) return "";
  const sim::RecoveryResult& r = *story.result().recovery;
  std::string out =
      "## Checkpoints and failures\n\n" + MarkdownText(RecoveryHeadline(plan, r)) + ".\n\n";
  if (!r.job_failed.empty()) out += "**The job " + MarkdownText(JobFailedText(r)) + "**\n\n";
  for (size_t i = 0; i < r.failures.size() && i < kNotableRecords; ++i) {
    out += "- failure " + MarkdownText(FailureText(plan, r.failures[i])) + "\n";
  }
  if (r.failure_count > std::min<uint64_t>(r.failures.size(), kNotableRecords)) {
    out += fmt::format("- and {} more failures in `report.json`\n",
                       r.failure_count - std::min<uint64_t>(r.failures.size(), kNotableRecords));
  }
  if (!r.failures.empty()) out += "\n";
  out +=
      "| sink | guarantee | written | visible | aborted | uncommitted | duplicates | "
      "max visibility latency |\n|---|---|---:|---:|---:|---:|---:|---:|\n";
  for (size_t s = 0; s < r.sinks.size(); ++s) {
    const sim::SinkRecovery& sink = r.sinks[s];
    out += fmt::format(
        "| {} | {} | {} | {} | {} | {} | {} | {}ms |\n", MarkdownCell(plan.sinks[s].name),
        sim::SinkGuaranteeName(plan.sinks[s].guarantee), sink.written, sink.visible, sink.aborted,
        sink.uncommitted, sink.duplicates, sink.max_visibility_latency.millis());
  }
  out += "\n";
  for (size_t s = 0; s < r.sinks.size(); ++s) {
    const sim::SinkRecovery& sink = r.sinks[s];
    if (sink.listed_duplicates.empty()) continue;
    out += fmt::format("Duplicates in {}:\n\n", MarkdownText(plan.sinks[s].name));
    for (size_t i = 0; i < sink.listed_duplicates.size() && i < kNotableRecords; ++i) {
      out += "- " +
             MarkdownText(DuplicateText(story.result().sinks[s], sink.listed_duplicates[i])) + "\n";
    }
    if (sink.duplicates > std::min<uint64_t>(sink.listed_duplicates.size(), kNotableRecords)) {
      out += fmt::format(
          "- and {} more\n",
          sink.duplicates - std::min<uint64_t>(sink.listed_duplicates.size(), kNotableRecords));
    }
    out += "\n";
  }
  return out;
}

}  // namespace

std::string FormatMarkdownReport(const RunStory& story, const ReportContext& context) {
  const sim::JobInfo& info = story.plan().info;
  std::string out = fmt::format("# tidemark report: {}\n\n", MarkdownText(info.name));
  if (!info.description.empty()) {
    // The first paragraph, as one line of text.
    const std::string first = info.description.substr(0, info.description.find("\n\n"));
    out += MarkdownText(first) + "\n\n";
  }
  out += "| | |\n|---|---|\n";
  out += fmt::format("| scenario | {} |\n",
                     MarkdownCode(ScenarioFileName(story.plan()), /*in_table=*/true));
  out += fmt::format("| hash | `{}` |\n", ScenarioHash(story.plan()));
  out += fmt::format("| seed | {} |\n", context.seed);
  out += fmt::format("| tool | tidemark {} |\n", context.tool_version);
  out += fmt::format("| records in | {} |\n\n", story.result().records_in);
  if (story.cut()) out += DetailCutNote(story) + " `records.jsonl` lists every trace row.\n\n";
  out += "## Verdicts\n\n" + VerdictTable(story) + "\n";
  // Not at the start of a line: a span fenced by three backticks would open a code block.
  out +=
      "Ledger: " + MarkdownCode(FormatLedgerSummary(story.plan(), story.result()), false) + "\n\n";
  out += "## Sinks\n\n";
  const std::vector<std::string> files = SinkCsvFileNames(story.plan());
  for (size_t s = 0; s < story.result().sinks.size(); ++s) {
    out += SinkTable(story.result().sinks[s], files[s]);
  }
  out += RecoverySection(story);
  std::vector<std::string> notable;
  for (const RecordStory& r : story.records()) {
    if (r.kind == sim::TraceRowKind::kEvent && Notable(r.verdict)) {
      notable.push_back("- " + MarkdownText(VerdictSentence(story, r)));
    }
  }
  const std::vector<HeldWatermark> held = FindHeldWatermarks(story);
  if (!held.empty()) {
    out += "## Watermark held back\n\n";
    for (const HeldWatermark& h : held)
      out += "- " + MarkdownText(HeldWatermarkText(story.plan(), h)) + "\n";
    out += "\n";
  }
  const std::string pending = PendingSection(story);
  out += pending;
  out += "## Late, dropped and discarded records\n\n";
  if (notable.empty() && !pending.empty()) {
    out += "None: every record was on time, delivered or pending.\n";
  } else if (notable.empty()) {
    out += "None: every record was on time or delivered.\n";
  }
  for (size_t i = 0; i < notable.size() && i < kNotableRecords; ++i) out += notable[i] + "\n";
  if (notable.size() > kNotableRecords) {
    out += fmt::format("\n{} more in `report.json`.\n", notable.size() - kNotableRecords);
  }
  return out;
}

}  // namespace tidemark::reports
