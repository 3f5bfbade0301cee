#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "reports/story/pending_text.h"
#include "reports/text/markup_escape.h"
#include "reports/timeline/density_grid.h"
#include "reports/timeline/internal/timeline_plot.h"

namespace tidemark::reports::internal {

using engine::Timestamp;
using sim::NodeIndex;

namespace {

using engine::FormatTimestamp;

}  // namespace

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
    last = FormatTimestamp(s.watermark);
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
    const std::string values =
        last_value == s.watermark
            ? FormatTimestamp(s.watermark)
            : fmt::format("{} to {}", FormatTimestamp(s.watermark), FormatTimestamp(last_value));
    markers += fmt::format(
        "<path class=\"{0}\" d=\"M{1:.1f},{2:.1f} h8 l-4,{3} z\"><title>watermark of {4}: {5} "
        "from {6} ms, {7} the plotted range</title></path>",
        below ? "wm-below" : "wm-above", x0 + 2, below ? y - 8 : y + 8, below ? 7 : -7,
        HtmlEscape(story_.SubtaskName(line.first, line.second)), values, from,
        below ? "below" : "above");
    if (x1 - x0 > 70) {
      markers +=
          fmt::format("<text class=\"wm-value\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", x0 + 13,
                      below ? y - 2 : y + 10, FormatTimestamp(schedule[steps[first]].watermark));
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
        FormatTimestamp(r.record.timestamp), VerdictName(r.verdict));
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
}  // namespace tidemark::reports::internal
