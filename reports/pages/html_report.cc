#include "reports/pages/html_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "reports/pages/sections/report_section.h"
#include "reports/pages/text_report.h"
#include "reports/story/explain.h"
#include "reports/text/markup_escape.h"
#include "reports/text/sink_file_names.h"
#include "reports/timeline/timeline_svg.h"

namespace tidemark::reports {

namespace {

constexpr size_t kLedgerRows = 2000;
constexpr size_t kSinkRowsOnPage = 500;
constexpr size_t kNarrationLines = 3000;

constexpr std::string_view kStyle = R"(
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #222; max-width: 1250px; }
h1 { font-size: 22px; margin: 0 0 4px; } p.meta { color: #444; margin: 0 0 8px; } h2 { font-size: 18px; margin: 28px 0 8px; }
pre.description { white-space: pre-wrap; background: #f6f6f6; padding: 8px; font-size: 12px; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.note { color: #555; font-style: italic; }
.verdict { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; }
svg#timeline { display: block; width: 100%; max-width: 1200px; height: auto; }
svg .plot { fill: #fcfcfc; stroke: #999; } svg .gutter { fill: #f2f2f2; }
svg .grid { stroke: #e4e4e4; }
svg .tick { font-size: 11px; fill: #555; }
svg .inf-label { font-size: 10px; fill: #666; font-style: italic; }
svg .axis { font-size: 13px; fill: #222; }
svg .lane-label { font-size: 13px; fill: #222; } svg .lane-key { font-weight: 600; }
svg .lane-info { fill: #555; }
svg .window { fill: #9ecae1; fill-opacity: 0.18; stroke: #6baed6; stroke-dasharray: 3 2; }
svg .pending-window { fill: #8e44ad; fill-opacity: 0.08; stroke: #8e44ad; stroke-dasharray: 4 3; }
svg .wm-line { fill: none; stroke-width: 2; }
svg .wm-below, svg .wm-above { fill: #444; } svg .wm-value { font-size: 10px; fill: #444; }
svg .mark { stroke: #fff; stroke-width: 0.8; }
svg .firing { fill: #222; }
svg .late-to-step { stroke: #54278f; stroke-width: 1.5; } svg .late-to-step-head { fill: #54278f; }
svg .late-step { fill: none; stroke: #54278f; stroke-width: 1.5; }
svg .late-to-firing { stroke: #222; stroke-width: 1.2; stroke-dasharray: 3 2; }
svg .late-to-firing-head { fill: #222; }
svg .late-label, svg .strip-label { font-size: 11px; paint-order: stroke; stroke: #fff;
  stroke-width: 3px; stroke-linejoin: round; }
svg .late-label { fill: #67001f; } svg .strip-label { fill: #222; }
svg .strip-heading { font-size: 12px; fill: #222; }
svg .strip-row { fill: #f4f4f4; } svg .idle-span { fill: #888; fill-opacity: 0.45; }
svg .held-span { fill: #e08214; fill-opacity: 0.3; stroke: #e08214; }
svg .arrival-ticks { stroke: #2166ac; fill: none; }
ul.legend { display: flex; flex-wrap: wrap; gap: 2px 18px; list-style: none; padding: 0; margin: 8px 0;
  font-size: 12px; }
ul.legend li { display: flex; align-items: center; gap: 4px; min-width: 0; overflow-wrap: anywhere; }
ul.legend svg.swatch { flex: none; }
ol.late-links { font-size: 12px; } ol.late-links .origin { color: #555; }
ol.narration { font: 12px/1.4 ui-monospace, monospace; padding-left: 0; list-style: none; }
ol.narration li { white-space: pre-wrap; }
ol.narration .t { color: #777; display: inline-block; min-width: 7ch; text-align: right; margin-right: 1ch; }
li.decision { color: #08306b; } li.firing { color: #67000d; font-weight: 600; } li.watermark { color: #54278f; }
@media print {
  body { margin: 0; max-width: none; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  svg#timeline, ul.legend, ol.late-links li { break-inside: avoid; }
}
)";

// Only for a job with checkpoints or failures configured, so that every other
// page keeps its bytes.
constexpr std::string_view kRecoveryStyle = R"(
svg .cp-barrier { stroke: #1b7837; stroke-width: 1; stroke-dasharray: 1 3; }
svg .cp-complete { stroke: #1b7837; stroke-width: 1.5; }
svg .cp-aborted { stroke: #878787; stroke-width: 1.5; stroke-dasharray: 4 3; }
svg .failure { stroke: #d7301f; stroke-width: 2; }
svg .downtime { fill: #d7301f; fill-opacity: 0.1; }
svg .cp-label { font-size: 11px; fill: #1b7837; } svg .failure-label { font-size: 11px; fill: #b30000; }
svg .restart-label { font-size: 11px; fill: #444; }
p.job-failed { color: #b30000; font-weight: 600; }
)";

std::string Meta(const RunStory& story, const ReportContext& context) {
  return fmt::format("<p class=\"meta\"><b>{}</b> · {} · seed {} · tidemark {} · {}</p>\n",
                     HtmlEscape(ScenarioFileName(story.plan())),
                     HtmlEscape(ScenarioHash(story.plan())), context.seed,
                     HtmlEscape(context.tool_version),
                     HtmlEscape(FormatLedgerSummary(story.plan(), story.result())));
}

std::string LedgerTable(const RunStory& story) {
  std::string out =
      "<table id=\"ledger\"><tr><th>record</th><th>line</th><th>event time</th><th>arrival</th>"
      "<th>partition</th><th>subtask</th><th>verdict</th><th>why</th></tr>\n";
  size_t rows = 0;
  for (const RecordStory& r : story.records()) {
    if (r.kind != sim::TraceRowKind::kEvent) continue;
    if (rows++ == kLedgerRows) break;
    const std::string sentence = VerdictSentence(story, r);
    const size_t dash = sentence.find(" — ");
    out += fmt::format(
        "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td><td class=\"num\">{}</td><td><span class=\"verdict\" "
        "style=\"background:{}\"></span>{}</td><td>{}</td></tr>\n",
        HtmlEscape(story.RecordName(r)), r.line, engine::FormatTimestamp(r.record.timestamp),
        r.arrived ? engine::FormatTimestamp(r.arrival) : "", r.partition,
        HtmlEscape(story.SubtaskName(r.node, r.subtask)), VerdictColour(r.verdict),
        VerdictName(r.verdict),
        HtmlEscape(dash == std::string::npos ? "" : sentence.substr(dash + 5)));
  }
  out += "</table>\n";
  if (story.cut()) {
    out += fmt::format(
        "<p class=\"note\">The first {} of {} records; report.json holds the first "
        "{}, records.jsonl every trace row.</p>\n",
        std::min<uint64_t>(kLedgerRows, story.event_count()), story.result().records_in,
        story.event_count());
  } else if (story.event_count() > kLedgerRows) {
    out += fmt::format(
        "<p class=\"note\">The first {} of {} records; report.json holds every "
        "one.</p>\n",
        kLedgerRows, story.event_count());
  }
  return out;
}

std::string SinkTables(const RunStory& story) {
  std::string out;
  const std::vector<std::string> files = SinkCsvFileNames(story.plan());
  for (size_t s = 0; s < story.result().sinks.size(); ++s) {
    const sim::SinkOutput& sink = story.result().sinks[s];
    out += fmt::format("<h3>{} ({} record{})</h3>\n<table class=\"sink\"><tr>",
                       HtmlEscape(sink.name), sink.count, sink.count == 1 ? "" : "s");
    for (const engine::Field& f : sink.schema.fields())
      out += "<th>" + HtmlEscape(f.name) + "</th>";
    out += "</tr>\n";
    for (size_t i = 0; i < sink.records.size() && i < kSinkRowsOnPage; ++i) {
      out += "<tr>";
      for (const engine::Value& v : sink.records[i].values) {
        out += "<td>" + HtmlEscape(engine::FormatValue(v)) + "</td>";
      }
      out += "</tr>\n";
    }
    out += "</table>\n";
    if (sink.count > kSinkRowsOnPage) {
      out += fmt::format("<p class=\"note\">The first {} of {}; {} holds every one.</p>\n",
                         kSinkRowsOnPage, sink.count, HtmlEscape(files[s]));
    }
  }
  return out;
}

std::string Narration(const RunStory& story) {
  static constexpr std::string_view kClasses[] = {"arrival", "decision", "watermark", "firing",
                                                  "other"};
  const std::vector<NarrationLine> lines = Narrate(story, {});
  std::string out = "<ol class=\"narration\">\n";
  for (size_t i = 0; i < lines.size() && i < kNarrationLines; ++i) {
    out += fmt::format("<li class=\"{}\"><span class=\"t\">{}</span>{}</li>\n",
                       kClasses[static_cast<int>(lines[i].kind)],
                       engine::FormatTimestamp(lines[i].time), HtmlEscape(lines[i].text));
  }
  out += "</ol>\n";
  if (lines.size() > kNarrationLines) {
    out += fmt::format(
        "<p class=\"note\">The first {} of {} steps; `tidemark explain` prints "
        "them all.</p>\n",
        kNarrationLines, lines.size());
  }
  return out;
}

// A run longer than its listed detail: what the page lists, and the ledger's
// counts, which cover every record. Empty otherwise.
std::string Aggregates(const RunStory& story) {
  if (!story.cut()) return "";
  const sim::JobPlan& plan = story.plan();
  std::string out = "<h2 id=\"aggregates\">Every record, aggregated</h2>\n<p class=\"note\">" +
                    HtmlEscape(DetailCutNote(story)) +
                    "</p>\n<table id=\"aggregate-ledger\"><tr><th>operator</th><th>fate</th>"
                    "<th>to</th><th>records</th></tr>\n";
  for (const auto& [key, count] : story.result().ledger.counts()) {
    const auto [node, fate, tag] = key;
    std::string to;
    if (fate == engine::Fate::kSunk) {
      to = plan.sinks[tag].name;
    } else if (tag != engine::kMainPort) {
      to = plan.nodes[node].side_outputs[tag - 1].id;
    }
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td></tr>\n",
                       HtmlEscape(plan.nodes[node].name), engine::FateName(fate), HtmlEscape(to),
                       count);
  }
  return out + "</table>\n";
}

}  // namespace

std::string FormatHtmlReport(const RunStory& story, const ReportContext& context) {
  const sim::JobInfo& info = story.plan().info;
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>tidemark report: {0}</title>\n<style>{1}</style>\n</head>\n<body>\n"
      "<h1>tidemark report: {0}</h1>\n",
      HtmlEscape(info.name),
      story.result().recovery ? std::string(kStyle) + std::string(kRecoveryStyle)
                              : std::string(kStyle));
  out += Meta(story, context);
  out += Aggregates(story);
  const TimelineHtml timeline = RenderTimeline(story, context.timeline);
  out +=
      "<h2>Timeline</h2>\n<p class=\"lead\">One lane per key. Each record is a mark at its "
      "arrival (processing time) and its event time, coloured by what became of it; the step "
      "line is the watermark of the subtask that judged the lane's records, and a record below "
      "it may be late. From each late record an arrow leads to the watermark step that made it "
      "late and a dashed one to the firing of the window it missed. Hover any element for "
      "details.</p>\n";
  out += timeline.notes + timeline.legend + timeline.svg + timeline.late_list;
  if (!info.description.empty()) {
    out += "<details><summary>Scenario description</summary><pre class=\"description\">" +
           HtmlEscape(info.description) + "</pre></details>\n";
  }
  for (const ReportSection* section : ReportSections()) out += section->Html(story);
  out += "<h2>Records</h2>\n" + LedgerTable(story);
  out += "<h2>Outputs</h2>\n" + SinkTables(story);
  out += "<h2>Narration</h2>\n" + Narration(story);
  out += "<footer id=\"report-end\" class=\"note\">Written by tidemark " +
         HtmlEscape(context.tool_version) +
         "; the same scenario and seed give this file byte for byte.</footer>\n";
  return out + "</body>\n</html>\n";
}

}  // namespace tidemark::reports
