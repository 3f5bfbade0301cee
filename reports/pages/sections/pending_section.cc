#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "reports/pages/internal/json_values.h"
#include "reports/pages/sections/report_section.h"
#include "reports/story/counterfactual.h"
#include "reports/story/pending_text.h"
#include "reports/text/markup_escape.h"

namespace tidemark::reports {

namespace {

using nlohmann::json;

// Windows left pending when the run ended (§1.13); empty when none.
std::string PendingHtml(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  if (story.result().pending.empty()) return "";
  std::string out =
      "<h2 id=\"pending\">Pending windows</h2>\n<p class=\"lead\">The run ended "
      "before these windows fired; their records are pending, not on time.</p>\n"
      "<ul class=\"pending\">\n";
  for (const sim::PendingSubtask& p : story.result().pending) {
    for (const engine::PendingWindow& w : p.windows) {
      const std::string would = PendingCounterfactualText(plan, p, w);
      out += fmt::format("<li>{}: {}; {}{}</li>\n", HtmlEscape(PendingWindowName(plan, p, w)),
                         HtmlEscape(PendingContents(w)), HtmlEscape(PendingWaitsFor(plan, p, w)),
                         would.empty() ? "" : "; " + HtmlEscape(would));
    }
    if (plan.nodes[p.node].window->assigner->IsEventTime() && !p.watermark.is_max()) {
      out += fmt::format("<li class=\"hold\">watermark held back by: {}</li>\n",
                         HtmlEscape(HoldChainText(plan, p)));
    }
  }
  return out + "</ul>\n";
}

// Windows left pending when the run ended (§1.13); empty when none.
std::string PendingMarkdown(const RunStory& story) {
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

// Windows the run left pending (§1.13), with what each waits for and what
// holds the watermark back, in the words `run` prints.
json PendingJson(const RunStory& story) {
  json out = json::array();
  const sim::JobPlan& plan = story.plan();
  for (const sim::PendingSubtask& p : story.result().pending) {
    for (const engine::PendingWindow& w : p.windows) {
      out.push_back({{"operator", p.node},
                     {"subtask", p.subtask},
                     {"key", w.keyed ? internal::JsonValue(w.key) : json(nullptr)},
                     {"window",
                      {{"start", internal::JsonTime(w.window.start())},
                       {"end", internal::JsonTime(w.window.end())}}},
                     {"element_count", w.element_count},
                     {"unfired_records", w.unfired},
                     {"fired", w.fired},
                     {"watermark", internal::JsonTime(p.watermark)},
                     {"waits_for", PendingWaitsFor(plan, p, w)},
                     {"held_back_by", HoldChainText(plan, p)}});
    }
  }
  return out;
}

class PendingWindows final : public ReportSection {
 public:
  std::string Html(const RunStory& story) const override { return PendingHtml(story); }
  std::string Markdown(const RunStory& story) const override { return PendingMarkdown(story); }
  // Only when some window is pending.
  void AddJson(const RunStory& story, json& report) const override {
    if (!story.result().pending.empty()) report["pending"] = PendingJson(story);
  }
};

}  // namespace

const ReportSection& PendingWindowsSection() {
  static const PendingWindows section;
  return section;
}

}  // namespace tidemark::reports
