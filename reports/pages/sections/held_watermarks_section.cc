#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "reports/pages/internal/json_values.h"
#include "reports/pages/sections/report_section.h"
#include "reports/story/held_watermarks.h"
#include "reports/text/markup_escape.h"

namespace tidemark::reports {

namespace {

using nlohmann::json;

// Partitions that held a watermark back while others advanced; empty when none.
std::string HeldHtml(const RunStory& story) {
  const std::vector<HeldWatermark> held = FindHeldWatermarks(story);
  if (held.empty()) return "";
  std::string out = "<h2 id=\"held\">Watermark held back</h2>\n<ul class=\"held\">\n";
  for (const HeldWatermark& h : held) {
    out += "<li>" + HtmlEscape(HeldWatermarkText(story.plan(), h)) + "</li>\n";
  }
  return out + "</ul>\n";
}

std::string HeldMarkdown(const RunStory& story) {
  const std::vector<HeldWatermark> held = FindHeldWatermarks(story);
  if (held.empty()) return "";
  std::string out = "## Watermark held back\n\n";
  for (const HeldWatermark& h : held) {
    out += "- " + MarkdownText(HeldWatermarkText(story.plan(), h)) + "\n";
  }
  return out + "\n";
}

// Partitions and reader subtasks that held a watermark back while others
// advanced, with the sentence explain prints.
json HeldJson(const RunStory& story, const std::vector<HeldWatermark>& held) {
  json out = json::array();
  for (const HeldWatermark& h : held) {
    out.push_back({{"source", h.node},
                   {"subtask", h.subtask},
                   {"partition", h.partition >= 0 ? json(h.partition) : json(nullptr)},
                   {"held_operator", h.partition >= 0 ? json(nullptr) : json(h.held_node)},
                   {"held_subtask", h.partition >= 0 ? json(nullptr) : json(h.held_subtask)},
                   {"from", internal::JsonTime(h.from)},
                   {"to", internal::JsonTime(h.to)},
                   {"until_end", h.until_end},
                   {"watermark", internal::JsonTime(h.watermark)},
                   {"other_rows", h.other_rows},
                   {"text", HeldWatermarkText(story.plan(), h)}});
  }
  return out;
}

class HeldWatermarks final : public ReportSection {
 public:
  std::string Html(const RunStory& story) const override { return HeldHtml(story); }
  std::string Markdown(const RunStory& story) const override { return HeldMarkdown(story); }
  // Only when a watermark was held back.
  void AddJson(const RunStory& story, json& report) const override {
    const std::vector<HeldWatermark> held = FindHeldWatermarks(story);
    if (!held.empty()) report["held_watermarks"] = HeldJson(story, held);
  }
};

}  // namespace

const ReportSection& HeldWatermarksSection() {
  static const HeldWatermarks section;
  return section;
}

}  // namespace tidemark::reports
