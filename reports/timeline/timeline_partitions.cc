#include "reports/timeline/timeline_partitions.h"

#include <algorithm>
#include <cstdint>
#include <set>

#include <fmt/format.h>

#include "reports/text/markup_escape.h"
#include "reports/timeline/timeline_lanes.h"

namespace tidemark::reports {

using engine::Timestamp;

namespace {

constexpr double kStripHeading = 22;
// Each row: its label on top, then the track the shading and ticks go on, so
// that the label never hides a tick.
constexpr double kTrackTop = 13, kTrackHeight = 15;

using engine::FormatTimestamp;

bool IsSource(const RunStory& story, sim::NodeIndex node) {
  return story.plan().nodes[node].kind == sim::PlannedNode::Kind::kSource;
}

}  // namespace

double PartitionStrip::height() const {
  return rows.empty() ? 0 : kStripHeading + static_cast<double>(rows.size()) * kStripRowHeight;
}

PartitionStrip CollectPartitionStrip(const RunStory& story) {
  PartitionStrip strip;
  strip.idle = FindIdleSpans(story);
  strip.held = FindHeldWatermarks(story);
  std::set<StripRow> rows;
  std::set<std::pair<sim::NodeIndex, uint32_t>> sources;
  for (const IdleSpan& s : strip.idle) {
    rows.insert({s.node, s.subtask, s.partition});
    if (IsSource(story, s.node)) sources.insert({s.node, s.subtask});
  }
  for (const HeldWatermark& h : strip.held) {
    rows.insert({h.node, h.subtask, h.partition});
    sources.insert({h.node, h.subtask});
  }
  for (const RecordStory& r : story.records()) {
    if (r.kind != sim::TraceRowKind::kEvent || !r.arrived || !sources.count({r.node, r.subtask})) {
      continue;
    }
    const bool partitioned = story.plan().sources[story.plan().nodes[r.node].source].partitions > 1;
    rows.insert({r.node, r.subtask, partitioned ? r.partition : -1});
  }
  for (const StripRow& row : rows) {
    if (strip.rows.size() == kMaxStripRows) {
      ++strip.rows_left_out;
    } else {
      strip.rows.push_back(row);
    }
  }
  return strip;
}

namespace {

std::string RowName(const RunStory& story, const StripRow& row, size_t max_chars) {
  const std::string subtask =
      CutLabel(story.plan().nodes[row.node].name, max_chars) + fmt::format("[{}]", row.subtask);
  if (row.partition >= 0) return fmt::format("{} partition {}", subtask, row.partition);
  return IsSource(story, row.node) ? subtask : subtask + " (its inputs)";
}

}  // namespace

std::string StripRowName(const RunStory& story, const StripRow& row) {
  return RowName(story, row, SIZE_MAX);
}

namespace {

// A row's arrival ticks as one path: a short vertical line per row arrived.
std::string Ticks(const RunStory& story, const StripRow& row, const XAxis& x, double y) {
  std::string d;
  std::string last;
  for (const RecordStory& r : story.records()) {
    if (r.kind != sim::TraceRowKind::kEvent || !r.arrived || r.node != row.node ||
        r.subtask != row.subtask || (row.partition >= 0 && r.partition != row.partition) ||
        !x.scale.Contains(r.arrival.millis())) {
      continue;
    }
    std::string at = fmt::format("M{:.1f},{:.1f}v{}", x.X(r.arrival.millis()), y + kTrackTop + 2,
                                 kTrackHeight - 4);
    if (at != last) d += at;  // rows a pixel apart share their tick
    last = std::move(at);
  }
  if (d.empty()) return "";
  return fmt::format("<path class=\"arrival-ticks\" d=\"{}\"/>\n", d);
}

bool Visible(const XAxis& x, Timestamp from, Timestamp to) {
  return from.millis() <= x.scale.hi && to.millis() >= x.scale.lo;
}

}  // namespace

std::string RenderPartitionStrip(const RunStory& story, const PartitionStrip& strip, const XAxis& x,
                                 double top, bool ticks, StripCounts& counts) {
  if (strip.empty()) return "";
  std::string out = fmt::format(
      "<g class=\"partitions\">\n<text class=\"strip-heading\" x=\"{}\" y=\"{:.1f}\">Sources: a "
      "tick per row arriving; grey while idle; orange while holding a watermark back{}</text>\n",
      kPlotLeft, top + 15,
      strip.rows_left_out == 0 ? ""
                               : fmt::format(" ({} more rows not shown)", strip.rows_left_out));
  for (size_t i = 0; i < strip.rows.size(); ++i) {
    const StripRow& row = strip.rows[i];
    const double y = top + kStripHeading + static_cast<double>(i) * kStripRowHeight;
    const std::string name = HtmlEscape(StripRowName(story, row));
    out += fmt::format(
        "<rect class=\"strip-row\" x=\"{}\" y=\"{:.1f}\" width=\"{}\" "
        "height=\"{}\"><title>{}</title></rect>\n",
        kPlotLeft, y + kTrackTop, kPlotWidth, kTrackHeight, name);
    for (const IdleSpan& s : strip.idle) {
      if (StripRow{s.node, s.subtask, s.partition} != row || !Visible(x, s.from, s.to)) continue;
      const double x0 = x.X(s.from.millis()), x1 = x.X(s.to.millis());
      out += fmt::format(
          "<rect class=\"idle-span\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
          "height=\"{}\"><title>{} idle from {} to {}</title></rect>\n",
          x0, y + kTrackTop, std::max(1.0, x1 - x0), kTrackHeight, name, FormatTimestamp(s.from),
          s.until_end ? "the end" : FormatTimestamp(s.to));
      ++counts.idle;
    }
    for (const HeldWatermark& h : strip.held) {
      if (StripRow{h.node, h.subtask, h.partition} != row || !Visible(x, h.from, h.to)) continue;
      const double x0 = x.X(h.from.millis()), x1 = x.X(h.to.millis());
      out += fmt::format(
          "<rect class=\"held-span\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
          "height=\"{}\"><title>{}</title></rect>\n",
          x0, y + kTrackTop + 2, std::max(1.0, x1 - x0), kTrackHeight - 4,
          HtmlEscape(HeldWatermarkText(story.plan(), h)));
      ++counts.held;
    }
    if (ticks) out += Ticks(story, row, x, y);
    out += fmt::format("<text class=\"strip-label\" x=\"{}\" y=\"{:.1f}\">{}</text>\n", kPlotLeft,
                       y + 10, HtmlEscape(RowName(story, row, kMaxLabelChars)));
  }
  return out + "</g>\n";
}

}  // namespace tidemark::reports
