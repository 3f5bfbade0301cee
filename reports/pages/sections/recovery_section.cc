#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "reports/pages/internal/json_values.h"
#include "reports/pages/sections/report_section.h"
#include "reports/story/recovery_text.h"
#include "reports/text/markup_escape.h"

namespace tidemark::reports {

namespace {

using nlohmann::json;

// report.md lists at most this many failures and duplicates per sink; the
// rest are counted, and listed in report.json.
constexpr size_t kListedInMarkdown = 50;

// Checkpoints, failures, restarts and what each sink wrote and showed
// (docs/checkpoints.md); empty for a job without them configured.
std::string RecoveryHtml(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  if (!story.result().recovery) return "";
  const sim::RecoveryResult& r = *story.result().recovery;
  std::string out = "<h2 id=\"recovery\">Checkpoints and failures</h2>\n<p class=\"lead\">" +
                    HtmlEscape(RecoveryHeadline(plan, r)) + ".</p>\n";
  if (!r.job_failed.empty()) {
    out += "<p class=\"job-failed\">The job " + HtmlEscape(JobFailedText(r)) + "</p>\n";
  }
  if (!r.failures.empty()) {
    out += "<ul id=\"failures\">\n";
    for (const sim::FailureRecord& f : r.failures) {
      out += "<li>failure " + HtmlEscape(FailureText(plan, f)) + "</li>\n";
    }
    out += "</ul>\n";
    if (r.failure_count > r.failures.size()) {
      out += fmt::format("<p class=\"note\">The first {} of {} failures.</p>\n", r.failures.size(),
                         r.failure_count);
    }
  }
  out +=
      "<table id=\"recovery-sinks\"><tr><th>sink</th><th>guarantee</th><th>written</th>"
      "<th>visible</th><th>aborted</th><th>uncommitted</th><th>duplicates</th>"
      "<th>max visibility latency (ms)</th></tr>\n";
  for (size_t s = 0; s < r.sinks.size(); ++s) {
    const sim::SinkRecovery& sink = r.sinks[s];
    out += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td></tr>\n",
        HtmlEscape(plan.sinks[s].name), sim::SinkGuaranteeName(plan.sinks[s].guarantee),
        sink.written, sink.visible, sink.aborted, sink.uncommitted, sink.duplicates,
        sink.max_visibility_latency.millis());
  }
  out += "</table>\n";
  std::string duplicates;
  for (size_t s = 0; s < r.sinks.size(); ++s) {
    for (const sim::DuplicateRecord& d : r.sinks[s].listed_duplicates) {
      duplicates += "<li>" + HtmlEscape(plan.sinks[s].name) + ": " +
                    HtmlEscape(DuplicateText(story.result().sinks[s], d)) + "</li>\n";
    }
  }
  if (!duplicates.empty()) {
    out += "<h3>Duplicates, each traced to its first delivery</h3>\n<ol id=\"duplicates\">\n" +
           duplicates + "</ol>\n";
  }
  out +=
      "<details><summary>Every checkpoint</summary><table id=\"checkpoints\"><tr><th>id</th>"
      "<th>triggered</th><th>outcome</th><th>at</th><th>reason</th></tr>\n";
  for (const sim::CheckpointRecord& c : r.checkpoints) {
    out += fmt::format(
        "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td>"
        "<td class=\"num\">{}</td><td>{}</td></tr>\n",
        c.id, engine::FormatTimestamp(c.triggered), CheckpointOutcomeName(c.outcome),
        c.outcome == sim::CheckpointRecord::Outcome::kPending ? ""
                                                              : engine::FormatTimestamp(c.ended),
        HtmlEscape(c.reason));
  }
  return out + "</table></details>\n";
}

// Checkpoints, failures, restarts and each sink's delivery (docs/checkpoints.md);
// empty for a job without fault tolerance configured.
std::string RecoveryMarkdown(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  if (!story.result().recovery) return "";
  const sim::RecoveryResult& r = *story.result().recovery;
  std::string out =
      "## Checkpoints and failures\n\n" + MarkdownText(RecoveryHeadline(plan, r)) + ".\n\n";
  if (!r.job_failed.empty()) out += "**The job " + MarkdownText(JobFailedText(r)) + "**\n\n";
  for (size_t i = 0; i < r.failures.size() && i < kListedInMarkdown; ++i) {
    out += "- failure " + MarkdownText(FailureText(plan, r.failures[i])) + "\n";
  }
  if (r.failure_count > std::min<uint64_t>(r.failures.size(), kListedInMarkdown)) {
    out += fmt::format("- and {} more failures in `report.json`\n",
                       r.failure_count - std::min<uint64_t>(r.failures.size(), kListedInMarkdown));
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
    for (size_t i = 0; i < sink.listed_duplicates.size() && i < kListedInMarkdown; ++i) {
      out += "- " +
             MarkdownText(DuplicateText(story.result().sinks[s], sink.listed_duplicates[i])) + "\n";
    }
    if (sink.duplicates > std::min<uint64_t>(sink.listed_duplicates.size(), kListedInMarkdown)) {
      out += fmt::format(
          "- and {} more\n",
          sink.duplicates - std::min<uint64_t>(sink.listed_duplicates.size(), kListedInMarkdown));
    }
    out += "\n";
  }
  return out;
}

// Checkpoints, failures, restarts and what each sink wrote and showed
// (docs/report-format.md, "recovery"): the counters under the names a
// scenario's `recovery:` expectation takes, then the listed history.
json RecoveryJson(const sim::JobPlan& plan, const sim::RecoveryResult& r) {
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
    checkpoints.push_back(
        {{"id", c.id},
         {"triggered", internal::JsonTime(c.triggered)},
         {"outcome", CheckpointOutcomeName(c.outcome)},
         {"ended", c.ended.is_min() ? json(nullptr) : internal::JsonTime(c.ended)},
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
        {{"at", internal::JsonTime(f.at)},
         {"operator", f.node},
         {"subtask", f.subtask},
         {"cause", f.cause},
         {"outcome", FailureOutcomeName(f.outcome)},
         {"restart_at", restarts ? internal::JsonTime(f.restart_at) : json(nullptr)},
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
          {"failed_at", r.job_failed.empty() ? json(nullptr) : internal::JsonTime(r.failed_at)},
          {"replayed_rows", replayed},
          {"sinks", sinks},
          {"history",
           {{"listed_up_to", sim::RecoveryResult::kMaxListed},
            {"checkpoints", checkpoints},
            {"failures", failures}}}};
}

class Recovery final : public ReportSection {
 public:
  std::string Html(const RunStory& story) const override { return RecoveryHtml(story); }
  std::string Markdown(const RunStory& story) const override { return RecoveryMarkdown(story); }
  // Only when the job configures checkpoints or failures.
  void AddJson(const RunStory& story, json& report) const override {
    if (story.result().recovery) {
      report["recovery"] = RecoveryJson(story.plan(), *story.result().recovery);
    }
  }
};

}  // namespace

const ReportSection& RecoverySection() {
  static const Recovery section;
  return section;
}

}  // namespace tidemark::reports
