#include "reports/timeline_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "reports/density_grid.h"
#include "reports/idle_spans.h"
#include "reports/late_links.h"
#include "reports/markup_escape.h"
#include "reports/pending_text.h"
#include "reports/timeline_geometry.h"
#include "reports/timeline_lanes.h"
#include "reports/timeline_late_svg.h"
#include "reports/timeline_legend.h"
#include "reports/timeline_partitions.h"

// Longer than most files here: one class lays out and draws every lane
// element from one frame; the pieces with rules of their own (lanes, late
// links, partitions, density, legend, geometry) live in their own files.

namespace tidemark::reports {

using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;

std::string_view VerdictColour(Verdict verdict) {
  switch (verdict) {
    case Verdict::kDroppedLate:
      return "#67001f";
    case Verdict::kLateToSideOutput:
      return "#d6604d";
    case Verdict::kWithinLateness:
      return "#e6a817";
    case Verdict::kPending:
      return "#8e44ad";
    case Verdict::kOnTime:
      return "#2166ac";
    case Verdict::kDelivered:
      return "#1b7837";
    case Verdict::kDiscarded:
      return "#878787";
    case Verdict::kFiltered:
      return "#bababa";
    case Verdict::kNoFate:
      return "#000000";
  }
  return "#000000";
}

std::vector<std::pair<NodeIndex, uint32_t>> TimelineSubtasks(const sim::JobPlan& plan) {
  std::vector<std::pair<NodeIndex, uint32_t>> out;
  for (int pass = 0; pass < 2 && out.empty(); ++pass) {
    for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
      const PlannedNode::Kind kind = plan.nodes[n].kind;
      const bool chosen =
          pass == 0 ? kind == PlannedNode::Kind::kWindow || kind == PlannedNode::Kind::kKeyedProcess
                    : kind == PlannedNode::Kind::kSource;
      if (!chosen) continue;
      for (int s = 0; s < plan.nodes[n].parallelism; ++s)
        out.emplace_back(n, static_cast<uint32_t>(s));
    }
  }
  return out;
}

namespace {

constexpr double kTop = 8, kLaneGap = 10, kXAxisHeight = 46, kBottom = 8;
constexpr std::string_view kLineColours[] = {"#762a83", "#e08214", "#35978f", "#c51b7d",
                                             "#4d9221", "#8c510a", "#4393c3", "#999999"};
constexpr size_t kDensityColumns = 80;
constexpr double kDensityRowHeight = 8;

std::string Ms(Timestamp t) { return engine::FormatTimestamp(t); }

using Subtask = std::pair<NodeIndex, uint32_t>;

class Plot {
 public:
  Plot(const RunStory& story, const TimelineRange& range);
  TimelineHtml Render();

 private:
  void FitX(const TimelineRange& range);
  void FitY();
  void Layout();
  bool InView(int64_t t) const { return frame_.x.scale.Contains(t); }
  // The lane of a record by its key, whether or not it arrived in the range.
  int32_t LaneOfRecord(const RecordStory& r) const;
  int32_t LaneOfResult(const engine::Value& key, bool keyed) const;
  std::vector<Subtask> LinesOf(size_t lane) const;
  std::string_view ColourOf(const Subtask& line) const;

  std::string LaneFrame(size_t lane) const;
  std::string XAxisLabels() const;
  std::string Windows(size_t lane);
  std::string PendingWindows(size_t lane);
  std::string StepLine(size_t lane, const Subtask& line);
  std::string OutOfRange(const LaneBox& box, const Subtask& line, const std::vector<size_t>& steps);
  std::string Marks(size_t lane);
  std::string Density(size_t lane);
  std::string Firings(size_t lane);
  std::string Notes() const;

  const RunStory& story_;
  TimelineRange range_;
  TimelineFrame frame_;
  Scale run_x_;  // the whole run's processing time, unpadded
  TimelineLanes lanes_;
  std::vector<LateLink> links_;
  std::vector<Subtask> subtasks_;  // TimelineSubtasks: a line's colour is its index
  PartitionStrip strip_;
  bool density_ = false;
  size_t drawn_records_ = 0;
  double height_ = 0;
  // What was drawn, for the data-* counts and the legend.
  size_t marks_ = 0, firings_ = 0, below_ = 0, above_ = 0, late_drawn_ = 0;
  std::set<Subtask> lines_drawn_;
  TimelineLegend legend_;
};

Plot::Plot(const RunStory& story, const TimelineRange& range)
    : story_(story),
      range_(range),
      links_(FindLateLinks(story)),
      subtasks_(TimelineSubtasks(story.plan())) {
  FitX(range);
  lanes_ = AssignLanes(story, Timestamp::Millis(frame_.x.scale.lo),
                       Timestamp::Millis(frame_.x.scale.hi));
  for (int32_t lane : lanes_.lane_of) drawn_records_ += lane >= 0 ? 1 : 0;
  density_ = drawn_records_ > kMaxMarks;
  FitY();
  strip_ = CollectPartitionStrip(story);
  Layout();
}

// Processing time: every arrival, firing and schedule step, padded; the range
// asked for replaces either end.
void Plot::FitX(const TimelineRange& range) {
  bool seen = false;
  auto include = [&](int64_t v) {
    if (!seen) run_x_.lo = run_x_.hi = v;
    run_x_.Include(v);
    seen = true;
  };
  for (const RecordStory& r : story_.records()) {
    if (r.kind == sim::TraceRowKind::kEvent && r.arrived) include(r.arrival.millis());
  }
  for (const sim::FiringRecord& f : story_.result().firings) include(f.time.millis());
  for (const sim::ScheduleStep& s : story_.result().schedule) include(s.time.millis());
  Scale x = run_x_;
  x.Pad();
  if (range.from) x.lo = range.from->millis();
  if (range.to) x.hi = range.to->millis();
  if (x.hi <= x.lo) x.hi = x.lo + 1;
  frame_.x.scale = x;
}

// Event time: the records drawn and the windows that fired in the range or are pending.
void Plot::FitY() {
  bool seen = false;
  Scale& y = frame_.y;
  auto include = [&](int64_t v) {
    if (!seen) y.lo = y.hi = v;
    y.Include(v);
    seen = true;
  };
  const auto& records = story_.records();
  for (size_t i = 0; i < records.size(); ++i) {
    if (lanes_.lane_of[i] >= 0) include(records[i].record.timestamp.millis());
  }
  for (const sim::FiringRecord& f : story_.result().firings) {
    if (!InView(f.time.millis()) || f.result.window.is_global()) continue;
    include(f.result.window.start().millis());
    include(f.result.window.end().millis());
  }
  for (const sim::PendingSubtask& p : story_.result().pending) {
    for (const engine::PendingWindow& w : p.windows) {
      if (w.window.is_global()) continue;
      include(w.window.start().millis());
      include(w.window.end().millis());
    }
  }
  y.Pad();
}

void Plot::Layout() {
  const double plot_height = LanePlotHeight(lanes_.lanes.size());
  double top = kTop;
  for (size_t i = 0; i < lanes_.lanes.size(); ++i) {
    frame_.lanes.push_back({.top = top, .plot_height = plot_height});
    top = frame_.lanes.back().bottom() + kLaneGap;
  }
  height_ = std::ceil(top + kXAxisHeight + strip_.height() + kBottom);
}

int32_t Plot::LaneOfRecord(const RecordStory& r) const {
  if (!lanes_.node) return 0;
  const auto field = story_.KeyFieldInSource(*lanes_.node, r.source);
  return field ? lanes_.LaneOfKey(r.record.values[*field]) : -1;
}

int32_t Plot::LaneOfResult(const engine::Value& key, bool keyed) const {
  if (!lanes_.node) return 0;
  return keyed ? lanes_.LaneOfKey(key) : -1;
}

// The watermark lines a lane draws: the subtasks of window and keyed-process
// operators that took its records (the lane operator's when none did); every
// candidate line with one lane.
std::vector<Subtask> Plot::LinesOf(size_t lane) const {
  if (!lanes_.node) return subtasks_;
  std::vector<Subtask> out = lanes_.lanes[lane].judges;
  if (out.empty()) {
    for (const Subtask& s : subtasks_) {
      if (s.first == *lanes_.node) out.push_back(s);
    }
  }
  return out;
}

std::string_view Plot::ColourOf(const Subtask& line) const {
  const size_t at =
      static_cast<size_t>(std::find(subtasks_.begin(), subtasks_.end(), line) - subtasks_.begin());
  return kLineColours[at % std::size(kLineColours)];
}

// The lane's label, plot, gutters, grid and event-time ticks.
std::string Plot::LaneFrame(size_t lane) const {
  const LaneBox& box = frame_.lanes[lane];
  const TimelineLane& l = lanes_.lanes[lane];
  std::vector<std::string> judged;
  for (const Subtask& s : LinesOf(lane)) {
    judged.push_back(CutLabel(story_.SubtaskName(s.first, s.second), kMaxLabelChars));
  }
  std::string info =
      fmt::format(" \u00b7 {} record{}, {} late", l.records, l.records == 1 ? "" : "s", l.late);
  if (!judged.empty()) info += fmt::format(" \u00b7 watermark of {}", fmt::join(judged, ", "));
  std::string out = fmt::format(
      "<text class=\"lane-label\" x=\"{}\" y=\"{:.1f}\"><title>{}</title><tspan "
      "class=\"lane-key\">{}</tspan><tspan class=\"lane-info\">{}</tspan></text>\n",
      kPlotLeft, box.top + 14, HtmlEscape(LaneTitle(lanes_, l)), HtmlEscape(LaneLabel(lanes_, l)),
      HtmlEscape(info));
  out += fmt::format(
      "<rect class=\"gutter\" x=\"{0}\" y=\"{1:.1f}\" width=\"{2}\" height=\"{3}\"/>"
      "<rect class=\"gutter\" x=\"{0}\" y=\"{4:.1f}\" width=\"{2}\" height=\"{3}\"/>"
      "<rect class=\"plot\" x=\"{0}\" y=\"{5:.1f}\" width=\"{2}\" height=\"{6}\"/>\n",
      kPlotLeft, box.plot_top() - kGutter, kPlotWidth, kGutter, box.plot_bottom(), box.plot_top(),
      box.plot_height);
  out += fmt::format(
      "<text class=\"inf-label\" x=\"{0}\" y=\"{1:.1f}\" text-anchor=\"end\">+inf"
      "</text><text class=\"inf-label\" x=\"{0}\" y=\"{2:.1f}\" "
      "text-anchor=\"end\">-inf</text>\n",
      kPlotLeft - 6, box.plus_inf_y() + 4, box.minus_inf_y() + 4);
  const Scale& x = frame_.x.scale;
  const int64_t xs = TickStep(x, 10);
  for (int64_t t = (x.lo / xs) * xs; t <= x.hi; t += xs) {
    if (t < x.lo) continue;
    out += fmt::format(
        "<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" "
        "y2=\"{2:.1f}\"/>",
        frame_.x.X(t), box.plot_top(), box.plot_bottom());
  }
  const Scale& y = frame_.y;
  const int64_t ys = TickStep(y, std::clamp(static_cast<int>(box.plot_height / 30), 3, 8));
  for (int64_t t = (y.lo / ys) * ys; t <= y.hi; t += ys) {
    if (t < y.lo) continue;
    const double at = box.Y(Timestamp::Millis(t), y);
    out += fmt::format(
        "<line class=\"grid\" x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\"/>"
        "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>",
        kPlotLeft, at, kPlotLeft + kPlotWidth, kPlotLeft - 6, at + 4, t);
  }
  return out + "\n";
}

std::string Plot::XAxisLabels() const {
  const double base = frame_.lanes.empty() ? kTop : frame_.lanes.back().bottom();
  std::string out;
  const Scale& x = frame_.x.scale;
  const int64_t xs = TickStep(x, 10);
  for (int64_t t = (x.lo / xs) * xs; t <= x.hi; t += xs) {
    if (t < x.lo) continue;
    out += fmt::format(
        "<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}"
        "</text>",
        frame_.x.X(t), base + 14, t);
  }
  out += fmt::format(
      "\n<text class=\"axis\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"middle\">"
      "processing time (ms)</text>\n",
      kPlotLeft + kPlotWidth / 2, base + 34);
  const double mid =
      frame_.lanes.empty()
          ? kTop
          : (frame_.lanes.front().plot_top() + frame_.lanes.back().plot_bottom()) / 2;
  out += fmt::format(
      "<text class=\"axis\" transform=\"translate(20,{:.1f}) rotate(-90)\" "
      "text-anchor=\"middle\">event time (ms)</text>\n",
      mid);
  return out;
}

// One band per fired window of the lane: from the first element it took (or
// its first firing) to its last firing, over [start, end) of event time;
// windows of its keys fired at once share one.
std::string Plot::Windows(size_t lane) {
  std::map<std::tuple<NodeIndex, engine::TimeWindow>, std::pair<int64_t, int64_t>> extents;
  for (const sim::FiringRecord& f : story_.result().firings) {
    if (f.result.window.is_global() ||
        LaneOfResult(f.result.key, f.result.keyed) != static_cast<int32_t>(lane)) {
      continue;
    }
    auto [it, fresh] =
        extents.try_emplace({f.node, f.result.window}, f.time.millis(), f.time.millis());
    it->second.first = std::min(it->second.first, f.time.millis());
    it->second.second = std::max(it->second.second, f.time.millis());
  }
  if (extents.empty()) return "";
  const auto& decisions = story_.result().window_decisions;
  for (const RecordStory& r : story_.records()) {
    if (r.decisions.empty() || LaneOfRecord(r) != static_cast<int32_t>(lane)) continue;
    for (size_t d : r.decisions) {
      for (const engine::WindowDecision& w : decisions[d].decision.windows) {
        auto it = extents.find({decisions[d].node, w.window});
        if (it != extents.end())
          it->second.first = std::min(it->second.first, decisions[d].time.millis());
      }
    }
  }
  const LaneBox& box = frame_.lanes[lane];
  std::string out = "<g class=\"windows\">\n";
  for (const auto& [key, span] : extents) {
    if (span.second < frame_.x.scale.lo || span.first > frame_.x.scale.hi) continue;
    const auto& [node, window] = key;
    const double x0 = frame_.x.X(span.first), x1 = frame_.x.X(span.second);
    const double y0 = box.Y(window.end(), frame_.y), y1 = box.Y(window.start(), frame_.y);
    out += fmt::format(
        "<rect class=\"window\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
        "height=\"{:.1f}\"><title>{} window {}: open from {} ms, last fired at {} "
        "ms</title></rect>\n",
        x0, y0, std::max(2.0, x1 - x0), y1 - y0, HtmlEscape(story_.plan().nodes[node].name),
        window.ToString(), span.first, span.second);
    legend_.windows = true;
  }
  return out + "</g>\n";
}

// Windows of the lane still open when the run ended (§1.13): an open band,
// dashed and without a firing, from the first element the window took to
// the plot's right edge — it never closed.
std::string Plot::PendingWindows(size_t lane) {
  const sim::RunResult& result = story_.result();
  std::string out;
  for (const sim::PendingSubtask& p : result.pending) {
    for (const engine::PendingWindow& w : p.windows) {
      if (w.window.is_global() || LaneOfResult(w.key, w.keyed) != static_cast<int32_t>(lane))
        continue;
      int64_t first = INT64_MAX;
      for (const sim::WindowDecisionRecord& d : result.window_decisions) {
        if (d.node != p.node || d.subtask != p.subtask) continue;
        for (const engine::WindowDecision& dw : d.decision.windows) {
          if (dw.window == w.window) first = std::min(first, d.time.millis());
        }
      }
      if (first != INT64_MAX && first > frame_.x.scale.hi) continue;
      const LaneBox& box = frame_.lanes[lane];
      const double y0 = box.Y(w.window.end(), frame_.y), y1 = box.Y(w.window.start(), frame_.y);
      const double x0 = first == INT64_MAX ? kPlotLeft : frame_.x.X(first);
      out += fmt::format(
          "<rect class=\"pending-window\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
          "height=\"{:.1f}\"><title>{}: {}; {}</title></rect>\n",
          x0, y0, kPlotLeft + kPlotWidth - x0, y1 - y0,
          HtmlEscape(PendingWindowName(story_.plan(), p, w)), HtmlEscape(PendingContents(w)),
          HtmlEscape(PendingWaitsFor(story_.plan(), p, w)));
      legend_.pending = true;
    }
  }
  return out.empty() ? "" : "<g class=\"pending-windows\">\n" + out + "</g>\n";
}

// A step line over the lane's plot and gutters, and an arrow with the value
// where the watermark runs below (or above) the plotted range.
std::string Plot::StepLine(size_t lane, const Subtask& line) {
  const LaneBox& box = frame_.lanes[lane];
  const WatermarkLine* steps = nullptr;
  for (const WatermarkLine& l : story_.watermark_lines()) {
    if (l.node == line.first && l.subtask == line.second) steps = &l;
  }
  // From the value the watermark had when the range drawn starts, through
  // the steps inside it, level to the right edge: steps outside the range
  // would only pile up on its edges.
  Timestamp at_start = Timestamp::Min();
  std::string moves, markers, last = "-inf", last_x;
  const auto& schedule = story_.result().schedule;
  const size_t count = steps == nullptr ? 0 : steps->steps.size();
  for (size_t k = 0; k < count; ++k) {
    const sim::ScheduleStep& s = schedule[steps->steps[k]];
    last = Ms(s.watermark);
    if (s.time.millis() < frame_.x.scale.lo) at_start = s.watermark;
    if (!InView(s.time.millis())) continue;
    std::string x = fmt::format("{:.1f}", frame_.x.X(s.time.millis()));
    if (x != last_x) moves += " H" + x;  // steps in one pixel column need one move across
    moves += fmt::format(" V{:.1f}", box.Y(s.watermark, frame_.y));
    last_x = std::move(x);
  }
  std::string d = fmt::format("M{:.1f},{:.1f}", kPlotLeft, box.Y(at_start, frame_.y)) + moves;
  if (steps != nullptr) markers = OutOfRange(box, line, steps->steps);
  d += fmt::format(" H{:.1f}", kPlotLeft + kPlotWidth);
  lines_drawn_.insert(line);
  return fmt::format(
      "<path class=\"wm-line\" data-operator=\"{}\" data-subtask=\"{}\" "
      "stroke=\"{}\" d=\"{}\"><title>watermark of {} (last {})</title></path>\n{}",
      HtmlEscape(story_.plan().nodes[line.first].name), line.second, ColourOf(line), d,
      HtmlEscape(story_.SubtaskName(line.first, line.second)), last, markers);
}

// Each stretch of a line's steps outside the plotted range: an arrow where it
// starts (or where the range drawn starts), with its first value when there
// is room beside it.
std::string Plot::OutOfRange(const LaneBox& box, const Subtask& line,
                             const std::vector<size_t>& steps) {
  const auto& schedule = story_.result().schedule;
  const size_t count = steps.size();
  std::string markers;
  for (size_t k = 0; k < count;) {
    const sim::ScheduleStep& s = schedule[steps[k]];
    const YPlace place = PlaceOf(s.watermark, frame_.y);
    size_t end = k + 1;
    while (end < count && PlaceOf(schedule[steps[end]].watermark, frame_.y) == place) ++end;
    const size_t first = k;
    k = end;
    if (place != YPlace::kBelow && place != YPlace::kAbove) continue;
    const bool below = place == YPlace::kBelow;
    const int64_t from = s.time.millis();
    const int64_t to = end < count ? std::min(frame_.x.scale.hi, schedule[steps[end]].time.millis())
                                   : frame_.x.scale.hi;
    if (to < frame_.x.scale.lo || from > frame_.x.scale.hi) continue;
    const double x0 = frame_.x.X(from), x1 = frame_.x.X(to);
    const double y = below ? box.plot_bottom() : box.plot_top();
    const Timestamp last_value = schedule[steps[end - 1]].watermark;
    const std::string values = last_value == s.watermark
                                   ? Ms(s.watermark)
                                   : fmt::format("{} to {}", Ms(s.watermark), Ms(last_value));
    markers += fmt::format(
        "<path class=\"{0}\" d=\"M{1:.1f},{2:.1f} h8 l-4,{3} z\"><title>watermark of {4}: {5} "
        "from {6} ms, {7} the plotted range</title></path>",
        below ? "wm-below" : "wm-above", x0 + 2, below ? y - 8 : y + 8, below ? 7 : -7,
        HtmlEscape(story_.SubtaskName(line.first, line.second)), values, from,
        below ? "below" : "above");
    if (x1 - x0 > 70) {
      markers += fmt::format("<text class=\"wm-value\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>",
                             x0 + 13, below ? y - 2 : y + 10, Ms(schedule[steps[first]].watermark));
    }
    markers += "\n";
    ++(below ? below_ : above_);
  }
  return markers;
}

std::string Plot::Marks(size_t lane) {
  const LaneBox& box = frame_.lanes[lane];
  std::string out = "<g class=\"marks\">\n";
  const auto& records = story_.records();
  for (size_t i = 0; i < records.size(); ++i) {
    if (lanes_.lane_of[i] != static_cast<int32_t>(lane)) continue;
    const RecordStory& r = records[i];
    out += fmt::format(
        "<circle class=\"mark\" data-verdict=\"{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
        "r=\"5\" fill=\"{}\"><title>{} at {} ms, ts {}: {}</title></circle>\n",
        VerdictName(r.verdict), frame_.x.X(r.arrival.millis()), box.Y(r.record.timestamp, frame_.y),
        VerdictColour(r.verdict), HtmlEscape(story_.RecordName(r)), r.arrival.millis(),
        Ms(r.record.timestamp), VerdictName(r.verdict));
    ++marks_;
  }
  return out + "</g>\n";
}

// Too many records for one mark each: the lane's records binned by
// processing and event time, a cell coloured by its worst verdict.
std::string Plot::Density(size_t lane) {
  const LaneBox& box = frame_.lanes[lane];
  const size_t rows = std::max<size_t>(6, static_cast<size_t>(box.plot_height / kDensityRowHeight));
  DensityGrid grid(kDensityColumns, rows);
  const auto& records = story_.records();
  for (size_t i = 0; i < records.size(); ++i) {
    if (lanes_.lane_of[i] != static_cast<int32_t>(lane)) continue;
    grid.Add(frame_.x.scale.Frac(records[i].arrival.millis()),
             frame_.y.Frac(records[i].record.timestamp.millis()), records[i].verdict);
  }
  const double w = kPlotWidth / static_cast<double>(grid.columns());
  const double h = box.plot_height / static_cast<double>(grid.rows());
  const double most = static_cast<double>(std::max<uint64_t>(1, grid.max_count()));
  std::string out = "<g class=\"density\">\n";
  for (const DensityCell& cell : grid.Cells()) {
    // A cell with a late record stays strong however few it holds: lateness
    // is what the picture is for.
    const bool late = cell.worst <= Verdict::kWithinLateness;
    const double opacity =
        std::max(late ? 0.8 : 0.0, 0.25 + 0.75 * std::sqrt(static_cast<double>(cell.count) / most));
    out += fmt::format(
        "<rect class=\"density-cell\" data-verdict=\"{}\" data-count=\"{}\" "
        "x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
        "fill-opacity=\"{:.2f}\"><title>{}</title></rect>\n",
        VerdictName(cell.worst), cell.count, kPlotLeft + static_cast<double>(cell.column) * w,
        box.plot_bottom() - static_cast<double>(cell.row + 1) * h, w, h, VerdictColour(cell.worst),
        opacity, HtmlEscape(DensityCellText(cell)));
    ++marks_;
  }
  return out + "</g>\n";
}

// One diamond per (operator, window, processing time) in the lane: keys that
// fire together share it, and its title lists them.
std::string Plot::Firings(size_t lane) {
  std::map<std::tuple<NodeIndex, engine::TimeWindow, int64_t>, std::vector<size_t>> groups;
  const auto& firings = story_.result().firings;
  for (size_t f = 0; f < firings.size(); ++f) {
    const engine::WindowResult& r = firings[f].result;
    if (!InView(firings[f].time.millis()) ||
        LaneOfResult(r.key, r.keyed) != static_cast<int32_t>(lane)) {
      continue;
    }
    groups[{firings[f].node, r.window, firings[f].time.millis()}].push_back(f);
  }
  if (groups.empty()) return "";
  const LaneBox& box = frame_.lanes[lane];
  std::string out = "<g class=\"firings\">\n";
  for (const auto& [key, members] : groups) {
    const auto& [node, window, time] = key;
    const double x = frame_.x.X(time), y = box.Y(window.max_timestamp(), frame_.y);
    std::vector<std::string> what;
    for (size_t i = 0; i < members.size() && i < 10; ++i) {
      const engine::WindowResult& r = firings[members[i]].result;
      what.push_back(fmt::format("key {} {} ({} elements)", engine::FormatValue(r.key),
                                 engine::FiringKindName(r.kind), r.element_count));
    }
    if (members.size() > 10) what.push_back(fmt::format("and {} more", members.size() - 10));
    out += fmt::format(
        "<path class=\"firing\" d=\"M{:.1f},{:.1f} l6,6 l-6,6 l-6,-6 z\"><title>{} "
        "fires {} at {} ms: {}</title></path>\n",
        x, y - 6, HtmlEscape(story_.plan().nodes[node].name), window.ToString(), time,
        HtmlEscape(fmt::format("{}", fmt::join(what, "; "))));
    ++firings_;
  }
  legend_.firings = true;
  return out + "</g>\n";
}

std::string Plot::Notes() const {
  std::string out;
  if (range_.from || range_.to) {
    out += fmt::format(
        "<p class=\"note\" id=\"timeline-range\">The timeline shows processing time {} to {} ms "
        "(<code>--from {} --to {}</code>) of a run from {} to {} ms: {} of {} records arrived in "
        "it. The tables and the narration cover the whole run.</p>\n",
        frame_.x.scale.lo, frame_.x.scale.hi, frame_.x.scale.lo, frame_.x.scale.hi, run_x_.lo,
        run_x_.hi, drawn_records_, story_.event_count());
  }
  if (density_) {
    out += fmt::format(
        "<p class=\"note\" id=\"density-note\">{} records are too many to draw one by one: each "
        "lane bins them into cells by processing and event time, coloured by the worst verdict "
        "in the cell and darker for more records (a cell with a late record always dark); hover "
        "a cell for its counts. The arrows of late records are left out; the list under the "
        "picture gives each one. <code>tidemark report SCENARIO -o DIR --from T --to T</code> "
        "draws a stretch of processing time (ms), one mark per record when it holds at most "
        "{}.</p>\n",
        drawn_records_, kMaxMarks);
  }
  return out;
}

TimelineHtml Plot::Render() {
  std::string body;
  for (size_t lane = 0; lane < lanes_.lanes.size(); ++lane) {
    const TimelineLane& l = lanes_.lanes[lane];
    body += fmt::format("<g class=\"lane\" data-lane=\"{}\" data-kind=\"{}\">\n", lane,
                        l.kind == TimelineLane::Kind::kKey         ? "key"
                        : l.kind == TimelineLane::Kind::kOtherKeys ? "other-keys"
                                                                   : "all");
    body += LaneFrame(lane) + Windows(lane) + PendingWindows(lane);
    const std::vector<Subtask> lines = LinesOf(lane);
    body += "<g class=\"watermarks\">\n";
    for (const Subtask& line : lines) body += StepLine(lane, line);
    body += "</g>\n";
    body += density_ ? Density(lane) : Marks(lane);
    body += Firings(lane);
    if (!density_) {
      const LateDrawing late = DrawLateLinks(story_, frame_, lanes_, links_, lane, lines);
      body += late.svg;
      late_drawn_ += late.links;
      legend_.late_step = legend_.late_step || late.links > 0;
      legend_.late_firing = legend_.late_firing || late.to_firing;
    }
    body += "</g>\n";
  }
  body += XAxisLabels();
  StripCounts strip;
  const double strip_top =
      (frame_.lanes.empty() ? kTop : frame_.lanes.back().bottom()) + kXAxisHeight;
  body += RenderPartitionStrip(story_, strip_, frame_.x, strip_top, !density_, strip);

  std::vector<bool> present(kVerdictCount, false);
  const auto& records = story_.records();
  for (size_t i = 0; i < records.size(); ++i) {
    if (lanes_.lane_of[i] >= 0) present[static_cast<size_t>(records[i].verdict)] = true;
  }
  for (size_t v = 0; v < present.size(); ++v) {
    if (present[v]) legend_.verdicts.push_back(static_cast<Verdict>(v));
  }
  for (const Subtask& s : subtasks_) {
    if (lines_drawn_.count(s))
      legend_.lines.emplace_back(story_.SubtaskName(s.first, s.second), ColourOf(s));
  }
  legend_.below = below_ > 0;
  legend_.above = above_ > 0;
  legend_.density = density_;
  legend_.idle = strip.idle > 0;
  legend_.held = strip.held > 0;
  legend_.ticks = !strip_.empty() && !density_;

  TimelineHtml out;
  out.svg = fmt::format(
      "<svg id=\"timeline\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" role=\"img\" "
      "aria-label=\"Event time against processing time, one lane per key\" data-records=\"{2}\" "
      "data-marks=\"{3}\" data-aggregated=\"{4}\" data-watermark-lines=\"{5}\" data-lanes=\"{6}\" "
      "data-late-links=\"{7}\" data-firings=\"{8}\" data-idle-spans=\"{9}\" "
      "data-held-spans=\"{10}\" data-below-markers=\"{11}\" data-range-from=\"{12}\" "
      "data-range-to=\"{13}\">\n<title>Event time against processing time, one lane per "
      "key</title>\n",
      kTimelineWidth, height_, drawn_records_, marks_, density_ ? "true" : "false",
      lines_drawn_.size(), lanes_.lanes.size(), late_drawn_, firings_, strip.idle, strip.held,
      below_, frame_.x.scale.lo, frame_.x.scale.hi);
  out.svg += body + "</svg>\n";
  out.legend = RenderTimelineLegend(legend_);
  out.late_list = LateListHtml(story_, links_, kMaxLateListed);
  out.notes = Notes();
  return out;
}

}  // namespace

TimelineHtml RenderTimeline(const RunStory& story, const TimelineRange& range) {
  return Plot(story, range).Render();
}

}  // namespace tidemark::reports
