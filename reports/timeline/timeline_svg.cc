#include "reports/timeline/timeline_svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "reports/text/markup_escape.h"
#include "reports/timeline/density_grid.h"
#include "reports/timeline/internal/timeline_plot.h"
#include "reports/timeline/timeline_late_svg.h"
#include "reports/timeline/timeline_recovery.h"

namespace tidemark::reports {

using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;

std::string_view VerdictColour(Verdict verdict) {
  switch (verdict) {
    case Verdict::kDroppedLate: return "#67001f";
    case Verdict::kLateToSideOutput: return "#d6604d";
    case Verdict::kWithinLateness: return "#e6a817";
    case Verdict::kPending: return "#8e44ad";
    case Verdict::kOnTime: return "#2166ac";
    case Verdict::kDelivered: return "#1b7837";
    case Verdict::kDiscarded: return "#878787";
    case Verdict::kFiltered: return "#bababa";
    case Verdict::kInFlight: return "#f4a582";
    case Verdict::kNoFate: return "#000000";
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

namespace internal {

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
  if (const auto& recovery = story_.result().recovery) {
    for (const sim::CheckpointRecord& c : recovery->checkpoints) {
      include(c.triggered.millis());
      if (c.outcome != sim::CheckpointRecord::Outcome::kPending) include(c.ended.millis());
    }
    for (const sim::FailureRecord& f : recovery->failures) {
      include(f.at.millis());
      if (f.outcome == sim::FailureRecord::Outcome::kRestarted) include(f.restart_at.millis());
    }
  }
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
  if (story_.result().recovery) lanes_top_ += kRecoveryRowHeight;
  double top = lanes_top_;
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
  for (const int64_t t : Ticks(x, 10)) {
    out += fmt::format(
        "<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" "
        "y2=\"{2:.1f}\"/>",
        frame_.x.X(t), box.plot_top(), box.plot_bottom());
  }
  const Scale& y = frame_.y;
  for (const int64_t t : Ticks(y, std::clamp(static_cast<int>(box.plot_height / 30), 3, 8))) {
    const double at = box.Y(Timestamp::Millis(t), y);
    out += fmt::format(
        "<line class=\"grid\" x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\"/>"
        "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>",
        kPlotLeft, at, kPlotLeft + kPlotWidth, kPlotLeft - 6, at + 4, t);
  }
  return out + "\n";
}

std::string Plot::XAxisLabels() const {
  const double base = frame_.lanes.empty() ? lanes_top_ : frame_.lanes.back().bottom();
  std::string out;
  const Scale& x = frame_.x.scale;
  for (const int64_t t : Ticks(x, 10)) {
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
          ? lanes_top_
          : (frame_.lanes.front().plot_top() + frame_.lanes.back().plot_bottom()) / 2;
  out += fmt::format(
      "<text class=\"axis\" transform=\"translate(20,{:.1f}) rotate(-90)\" "
      "text-anchor=\"middle\">event time (ms)</text>\n",
      mid);
  return out;
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
  std::string recovery_counts;
  if (const auto& recovery = story_.result().recovery) {
    const double lanes_bottom = frame_.lanes.empty() ? lanes_top_ : frame_.lanes.back().bottom();
    const RecoveryDrawing drawn =
        DrawRecovery(story_.plan(), *recovery, frame_.x, kTop, lanes_bottom);
    body += drawn.svg;
    legend_.barriers = drawn.barriers > 0;
    legend_.checkpoints = drawn.completed > 0;
    legend_.aborted = drawn.aborted > 0;
    legend_.failures = drawn.failures > 0;
    legend_.downtime = drawn.restarts > 0;
    recovery_counts = fmt::format(
        " data-barriers=\"{}\" data-checkpoints=\"{}\" data-aborted-checkpoints=\"{}\" "
        "data-failures=\"{}\" data-restarts=\"{}\"",
        drawn.barriers, drawn.completed, drawn.aborted, drawn.failures, drawn.restarts);
  }
  body += XAxisLabels();
  StripCounts strip;
  const double strip_top =
      (frame_.lanes.empty() ? lanes_top_ : frame_.lanes.back().bottom()) + kXAxisHeight;
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
      "data-range-to=\"{13}\"{14}>\n<title>Event time against processing time, one lane per "
      "key</title>\n",
      kTimelineWidth, height_, drawn_records_, marks_, density_ ? "true" : "false",
      lines_drawn_.size(), lanes_.lanes.size(), late_drawn_, firings_, strip.idle, strip.held,
      below_, frame_.x.scale.lo, frame_.x.scale.hi, recovery_counts);
  out.svg += body + "</svg>\n";
  out.legend = RenderTimelineLegend(legend_);
  out.late_list = LateListHtml(story_, links_, kMaxLateListed);
  out.notes = Notes();
  return out;
}

}  // namespace internal

TimelineHtml RenderTimeline(const RunStory& story, const TimelineRange& range) {
  return internal::Plot(story, range).Render();
}

}  // namespace tidemark::reports
