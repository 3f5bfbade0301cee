#include "reports/timeline/timeline_late_svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "engine/core/record.h"
#include "reports/story/watermark_origin.h"
#include "reports/text/markup_escape.h"

namespace tidemark::reports {

using engine::Timestamp;

namespace {

constexpr double kMarkRadius = 5, kRingRadius = 4, kDiamondHalf = 6;
constexpr size_t kLabelNameChars = 24;

using engine::FormatTimestamp;

// A line from (x1, y1) to (x2, y2), cut `gap1` short at its start and `gap2`
// at its end, with an arrowhead at its end; "" when the two points are too
// close for one.
std::string Arrow(std::string_view cls, double x1, double y1, double x2, double y2, double gap1,
                  double gap2) {
  const double dx = x2 - x1, dy = y2 - y1, length = std::hypot(dx, dy);
  if (length <= gap1 + gap2 + 4) return "";
  const double ux = dx / length, uy = dy / length;
  const double sx = x1 + ux * gap1, sy = y1 + uy * gap1;
  const double tx = x2 - ux * gap2, ty = y2 - uy * gap2;
  const double bx = tx - ux * 7, by = ty - uy * 7, px = -uy * 3.5, py = ux * 3.5;
  return fmt::format(
      "<line class=\"{0}\" x1=\"{1:.1f}\" y1=\"{2:.1f}\" x2=\"{3:.1f}\" "
      "y2=\"{4:.1f}\"/><path class=\"{0}-head\" d=\"M{3:.1f},{4:.1f} "
      "L{5:.1f},{6:.1f} L{7:.1f},{8:.1f} Z\"/>",
      cls, sx, sy, tx, ty, bx + px, by + py, bx - px, by - py);
}

bool LaneDraws(const std::vector<std::pair<sim::NodeIndex, uint32_t>>& lines,
               const sim::WindowDecisionRecord& d) {
  return std::find(lines.begin(), lines.end(), std::pair(d.node, d.subtask)) != lines.end();
}

// "readings:6: cleanup 9999 ≤ wm 10499": the inequality that decided it.
std::string Label(const RunStory& story, const LateLink& link) {
  const sim::WindowDecisionRecord& d = story.result().window_decisions[link.decision];
  const bool late = link.window.admission == engine::WindowAdmission::kLate;
  const RecordStory& r = story.records()[link.record];
  return fmt::format("{}:{}: {} {} \u2264 wm {}",
                     CutLabel(story.plan().sources[r.source].name(), kLabelNameChars),
                     engine::RecordRow(r.record.id), late ? "cleanup" : "max ts",
                     FormatTimestamp(LateThreshold(link)), FormatTimestamp(d.decision.watermark));
}

}  // namespace

LateDrawing DrawLateLinks(const RunStory& story, const TimelineFrame& frame,
                          const TimelineLanes& lanes, const std::vector<LateLink>& links,
                          size_t lane,
                          const std::vector<std::pair<sim::NodeIndex, uint32_t>>& lines) {
  const LaneBox& box = frame.lanes[lane];
  std::vector<const LateLink*> here;
  for (const LateLink& link : links) {
    if (lanes.lane_of[link.record] != static_cast<int32_t>(lane)) continue;
    if (LaneDraws(lines, story.result().window_decisions[link.decision])) here.push_back(&link);
  }
  LateDrawing out;
  if (here.empty()) return out;
  const bool labelled = here.size() <= kLabelledLateLinks;
  out.svg = "<g class=\"late-links\">\n";
  for (const LateLink* link : here) {
    const RecordStory& r = story.records()[link->record];
    const double mx = frame.x.X(r.arrival.millis()), my = box.Y(r.record.timestamp, frame.y);
    std::string parts;
    if (link->step) {
      const sim::ScheduleStep& s = story.result().schedule[*link->step];
      const double sx = frame.x.X(s.time.millis()), sy = box.Y(s.watermark, frame.y);
      parts += Arrow("late-to-step", mx, my, sx, sy, kMarkRadius + 1, kRingRadius + 1);
      parts += fmt::format("<circle class=\"late-step\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\"/>", sx,
                           sy, kRingRadius);
    }
    if (link->firing) {
      const sim::FiringRecord& f = story.result().firings[*link->firing];
      const double fx = frame.x.X(f.time.millis());
      const double fy = box.Y(f.result.window.max_timestamp(), frame.y);
      const std::string arrow =
          Arrow("late-to-firing", mx, my, fx, fy, kMarkRadius + 1, kDiamondHalf + 1);
      out.to_firing = out.to_firing || !arrow.empty();
      parts += arrow;
    }
    if (labelled) {
      // Under the mark, away from the watermark line above it; over it on the floor.
      const bool left = mx > kPlotLeft + kPlotWidth * 0.7;
      const double ly = my + 17 < box.plot_bottom() ? my + 17 : my - 9;
      parts += fmt::format(
          "<text class=\"late-label\" x=\"{:.1f}\" y=\"{:.1f}\" "
          "text-anchor=\"{}\">{}</text>",
          left ? mx - 8 : mx + 8, ly, left ? "end" : "start", HtmlEscape(Label(story, *link)));
    }
    out.svg +=
        fmt::format("<g class=\"late-link\" data-record=\"{}\"><title>{}</title>{}</g>\n",
                    HtmlEscape(story.RecordName(r)), HtmlEscape(LateLinkText(story, *link)), parts);
    ++out.links;
  }
  out.svg += "</g>\n";
  return out;
}

std::string LateListHtml(const RunStory& story, const std::vector<LateLink>& links,
                         size_t max_listed) {
  if (links.empty()) return "";
  std::string out =
      "<h3 id=\"late-links-heading\">Why each late record was late</h3>\n"
      "<ol class=\"late-links\" id=\"late-links\">\n";
  for (size_t i = 0; i < links.size() && i < max_listed; ++i) {
    const LateLink& link = links[i];
    std::string origin;
    if (link.step) {
      const sim::ScheduleStep& s = story.result().schedule[*link.step];
      origin = WatermarkOrigin(story, s.node, s.subtask, s.watermark, s.time);
    }
    out += fmt::format("<li data-record=\"{}\">{}{}</li>\n",
                       HtmlEscape(story.RecordName(story.records()[link.record])),
                       HtmlEscape(LateLinkText(story, link)),
                       origin.empty() ? ""
                                      : " <span class=\"origin\">What raised that watermark: " +
                                            HtmlEscape(origin) + ".</span>");
  }
  out += "</ol>\n";
  if (links.size() > max_listed) {
    out += fmt::format(
        "<p class=\"note\">The first {} of {} late records; <code>tidemark explain "
        "--record SOURCE:ROW</code> tells any of them.</p>\n",
        max_listed, links.size());
  }
  return out;
}

}  // namespace tidemark::reports
