#include "reports/pages/markdown_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "reports/pages/sections/report_section.h"
#include "reports/pages/text_report.h"
#include "reports/story/explain.h"
#include "reports/text/markup_escape.h"
#include "reports/text/sink_file_names.h"

namespace tidemark::reports {

namespace {

// Enough rows to see the shape on a CI page; the CSV files hold the rest.
constexpr size_t kSinkRowsInMarkdown = 20;
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
  for (size_t i = 0; i < sink.records.size() && i < kSinkRowsInMarkdown; ++i) {
    std::vector<std::string> cells;
    for (const engine::Value& v : sink.records[i].values) {
      cells.push_back(MarkdownCell(engine::FormatValue(v)));
    }
    out += fmt::format("| {} |\n", fmt::join(cells, " | "));
  }
  if (sink.count > kSinkRowsInMarkdown) {
    out += fmt::format("\n{} more in {}.\n", sink.count - kSinkRowsInMarkdown,
                       MarkdownCode(csv_file, false));
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
  for (const ReportSection* section : ReportSections()) out += section->Markdown(story);
  std::vector<std::string> notable;
  for (const RecordStory& r : story.records()) {
    if (r.kind == sim::TraceRowKind::kEvent && Notable(r.verdict)) {
      notable.push_back("- " + MarkdownText(VerdictSentence(story, r)));
    }
  }
  out += "## Late, dropped and discarded records\n\n";
  if (notable.empty() && !story.result().pending.empty()) {
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
