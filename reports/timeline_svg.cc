#include "reports/timeline_svg.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "reports/markup_escape.h"
#include "reports/pending_text.h"

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
    case Verdict::kNoFate: return "#000000";
  }
  return "#000000";
}

std::vector<std::pair<NodeIndex, uint32_t>> TimelineSubtasks(const sim::JobPlan& plan) {
  std::vector<std::pair<NodeIndex, uint32_t>> out;
  for (int pass = 0; pass < 2 && out.empty(); ++pass) {
    for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
      const PlannedNode::Kind kind = plan.nodes[n].kind;
      const bool chosen = pass == 0 ? kind == PlannedNode::Kind::kWindow ||
                                          kind == PlannedNode::Kind::kKeyedProcess
                                    : kind == PlannedNode::Kind::kSource;
      if (!chosen) continue;
      for (int s = 0; s < plan.nodes[n].parallelism; ++s) out.emplace_back(n, static_cast<uint32_t>(s));
    }
  }
  return out;
}

namespace {

constexpr double kWidth = 1200, kHeight = 600;
constexpr double kLeft = 90, kRight = 250, kTop = 30, kBottom = 60;
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;
constexpr std::string_view kLineColours[] = {"#762a83", "#e08214", "#35978f", "#c51b7d",
                                             "#4d9221", "#8c510a", "#4393c3", "#999999"};
constexpr size_t kGridX = 160, kGridY = 90;

struct Scale {
  int64_t lo = 0, hi = 1;
  void Include(int64_t v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  // Pads by 4% so that marks on the edges stay visible.
  void Pad() {
    const int64_t pad = std::max<int64_t>(1, (hi - lo) / 25);
    lo -= pad;
    hi += pad;
  }
  double Frac(int64_t v) const {
    return static_cast<double>(v - lo) / static_cast<double>(std::max<int64_t>(1, hi - lo));
  }
};

// 1, 2 or 5 times a power of ten, giving at most about eight ticks.
int64_t TickStep(const Scale& s) {
  const double span = static_cast<double>(s.hi - s.lo);
  int64_t step = 1;
  while (span / static_cast<double>(step) > 8) {
    if (span / static_cast<double>(step * 2) <= 8) return step * 2;
    if (span / static_cast<double>(step * 5) <= 8) return step * 5;
    step *= 10;
  }
  return step;
}

class Plot {
 public:
  explicit Plot(const RunStory& story) : story_(story) { Fit(); }
  std::string Render();

 private:
  void Fit();
  double X(int64_t t) const { return kLeft + x_.Frac(t) * kPlotW; }
  // Event time up; -inf sits on the floor of the plot and +inf on its ceiling.
  double Y(Timestamp t) const {
    if (t.millis() <= y_.lo) return kTop + kPlotH;
    if (t.millis() >= y_.hi) return kTop;
    return kTop + (1 - y_.Frac(t.millis())) * kPlotH;
  }
  std::string Axes() const;
  std::string Windows() const;
  std::string PendingWindows() const;
  std::string WatermarkLines() const;
  std::string Marks() const;
  std::string AggregatedMarks() const;
  std::string Firings() const;
  std::string Legend() const;

  const RunStory& story_;
  Scale x_, y_;
  size_t marks_ = 0;
};

void Plot::Fit() {
  bool first = true;
  auto include = [&](Scale& s, int64_t v, bool& seen) {
    if (!seen) s.lo = s.hi = v;
    s.Include(v);
    seen = true;
  };
  bool seen_y = false;
  for (const RecordStory& r : story_.records()) {
    if (r.kind != sim::TraceRowKind::kEvent || !r.arrived) continue;
    include(x_, r.arrival.millis(), first);
    include(y_, r.record.timestamp.millis(), seen_y);
  }
  for (const sim::FiringRecord& f : story_.result().firings) {
    include(x_, f.time.millis(), first);
    if (!f.result.window.is_global()) {
      include(y_, f.result.window.start().millis(), seen_y);
      include(y_, f.result.window.end().millis(), seen_y);
    }
  }
  for (const sim::PendingSubtask& p : story_.result().pending) {
    for (const engine::PendingWindow& w : p.windows) {
      if (w.window.is_global()) continue;
      include(y_, w.window.start().millis(), seen_y);
      include(y_, w.window.end().millis(), seen_y);
    }
  }
  for (const sim::ScheduleStep& s : story_.result().schedule) include(x_, s.time.millis(), first);
  x_.Pad();
  y_.Pad();
}

std::string Plot::Axes() const {
  std::string out = fmt::format(
      "<rect class=\"plot\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", kLeft, kTop, kPlotW, kPlotH);
  const int64_t xs = TickStep(x_);
  for (int64_t t = (x_.lo / xs) * xs; t <= x_.hi; t += xs) {
    if (t < x_.lo) continue;
    out += fmt::format("<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\"/>"
                       "<text class=\"tick\" x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>\n",
                       X(t), kTop, kTop + kPlotH, kTop + kPlotH + 16, t);
  }
  const int64_t ys = TickStep(y_);
  for (int64_t t = (y_.lo / ys) * ys; t <= y_.hi; t += ys) {
    if (t < y_.lo) continue;
    out += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\"/>"
                       "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
                       kLeft, Y(Timestamp::Millis(t)), kLeft + kPlotW, kLeft - 6,
                       Y(Timestamp::Millis(t)) + 4, t);
  }
  out += fmt::format("<text class=\"axis\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">processing "
                     "time (ms)</text>\n",
                     kLeft + kPlotW / 2, kHeight - 18);
  out += fmt::format("<text class=\"axis\" transform=\"translate(20,{}) rotate(-90)\" "
                     "text-anchor=\"middle\">event time (ms)</text>\n",
                     kTop + kPlotH / 2);
  return out;
}

// One band per fired window of each operator: from the first element it took
// (or its first firing) to its last firing, over [start, end) of event time.
std::string Plot::Windows() const {
  std::map<std::tuple<NodeIndex, engine::TimeWindow>, std::pair<int64_t, int64_t>> extents;
  for (const sim::FiringRecord& f : story_.result().firings) {
    if (f.result.window.is_global()) continue;
    auto [it, fresh] = extents.try_emplace({f.node, f.result.window}, f.time.millis(), f.time.millis());
    it->second.first = std::min(it->second.first, f.time.millis());
    it->second.second = std::max(it->second.second, f.time.millis());
  }
  for (const sim::WindowDecisionRecord& d : story_.result().window_decisions) {
    for (const engine::WindowDecision& w : d.decision.windows) {
      auto it = extents.find({d.node, w.window});
      if (it != extents.end()) it->second.first = std::min(it->second.first, d.time.millis());
    }
  }
  std::string out = "<g class=\"windows\">\n";
  for (const auto& [key, span] : extents) {
    const auto& [node, window] = key;
    const double y0 = Y(window.end()), y1 = Y(window.start());
    out += fmt::format("<rect class=\"window\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
                       "height=\"{:.1f}\"><title>{} window {}: open from {} ms, last fired at {} "
                       "ms</title></rect>\n",
                       X(span.first), y0, std::max(2.0, X(span.second) - X(span.first)), y1 - y0,
                       HtmlEscape(story_.plan().nodes[node].name), window.ToString(), span.first,
                       span.second);
  }
  return out + "</g>\n";
}

// Windows still open when the run ended (§1.13): an open band, dashed and
// without a firing, from the first element the window took to the plot's
// right edge — it never closed.
std::string Plot::PendingWindows() const {
  const sim::RunResult& result = story_.result();
  if (result.pending.empty()) return "";
  std::string out = "<g class=\"pending-windows\">\n";
  for (const sim::PendingSubtask& p : result.pending) {
    for (const engine::PendingWindow& w : p.windows) {
      if (w.window.is_global()) continue;
      int64_t first = x_.hi;
      for (const sim::WindowDecisionRecord& d : result.window_decisions) {
        if (d.node != p.node || d.subtask != p.subtask) continue;
        for (const engine::WindowDecision& dw : d.decision.windows) {
          if (dw.window == w.window) first = std::min(first, d.time.millis());
        }
      }
      const double y0 = Y(w.window.end()), y1 = Y(w.window.start());
      const double x0 = first == x_.hi ? kLeft : X(first);
      out += fmt::format(
          "<rect class=\"pending-window\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
          "height=\"{:.1f}\" fill=\"#8e44ad\" fill-opacity=\"0.08\" stroke=\"#8e44ad\" "
          "stroke-dasharray=\"4 3\"><title>{}: {}; {}</title></rect>\n",
          x0, y0, kLeft + kPlotW - x0, y1 - y0,
          HtmlEscape(PendingWindowName(story_.plan(), p, w)), HtmlEscape(PendingContents(w)),
          HtmlEscape(PendingWaitsFor(story_.plan(), p, w)));
    }
  }
  return out + "</g>\n";
}

std::string Plot::WatermarkLines() const {
  std::map<std::pair<NodeIndex, uint32_t>, const WatermarkLine*> lines;
  for (const WatermarkLine& line : story_.watermark_lines()) lines[{line.node, line.subtask}] = &line;
  std::string out = "<g class=\"watermarks\">\n";
  size_t index = 0;
  for (const auto& [node, subtask] : TimelineSubtasks(story_.plan())) {
    std::string d = fmt::format("M{:.1f},{:.1f}", kLeft, kTop + kPlotH);
    std::string last = "-inf";
    if (auto it = lines.find({node, subtask}); it != lines.end()) {
      for (size_t i : it->second->steps) {
        const sim::ScheduleStep& s = story_.result().schedule[i];
        d += fmt::format(" H{:.1f} V{:.1f}", X(s.time.millis()), Y(s.watermark));
        last = engine::FormatTimestamp(s.watermark);
      }
    }
    d += fmt::format(" H{:.1f}", kLeft + kPlotW);
    const std::string name = story_.SubtaskName(node, subtask);
    out += fmt::format("<path class=\"wm-line\" data-operator=\"{}\" data-subtask=\"{}\" "
                       "stroke=\"{}\" d=\"{}\"><title>watermark of {} (last {})</title></path>\n",
                       HtmlEscape(story_.plan().nodes[node].name), subtask,
                       kLineColours[index++ % std::size(kLineColours)], d, HtmlEscape(name), last);
  }
  return out + "</g>\n";
}

std::string Plot::Marks() const {
  std::string out = "<g class=\"marks\">\n";
  for (const RecordStory& r : story_.records()) {
    if (r.kind != sim::TraceRowKind::kEvent || !r.arrived) continue;
    out += fmt::format("<circle class=\"mark\" data-verdict=\"{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
                       "r=\"5\" fill=\"{}\"><title>{} at {} ms, ts {}: {}</title></circle>\n",
                       VerdictName(r.verdict), X(r.arrival.millis()), Y(r.record.timestamp),
                       VerdictColour(r.verdict), HtmlEscape(story_.RecordName(r)), r.arrival.millis(),
                       engine::FormatTimestamp(r.record.timestamp), VerdictName(r.verdict));
  }
  return out + "</g>\n";
}

// Too many records for one mark each: a cell per (grid square, verdict), its
// opacity growing with the count.
std::string Plot::AggregatedMarks() const {
  std::map<std::tuple<size_t, size_t, Verdict>, uint64_t> cells;
  for (const RecordStory& r : story_.records()) {
    if (r.kind != sim::TraceRowKind::kEvent || !r.arrived) continue;
    const size_t cx = std::min(kGridX - 1, static_cast<size_t>(x_.Frac(r.arrival.millis()) * kGridX));
    const double fy = y_.Frac(std::clamp(r.record.timestamp.millis(), y_.lo, y_.hi));
    const size_t cy = std::min(kGridY - 1, static_cast<size_t>(fy * kGridY));
    ++cells[{cx, cy, r.verdict}];
  }
  uint64_t most = 1;
  for (const auto& [cell, count] : cells) most = std::max(most, count);
  std::string out = "<g class=\"marks aggregated\">\n";
  const double w = kPlotW / kGridX, h = kPlotH / kGridY;
  for (const auto& [cell, count] : cells) {
    const auto [cx, cy, verdict] = cell;
    const double opacity = 0.35 + 0.65 * std::sqrt(static_cast<double>(count) / static_cast<double>(most));
    out += fmt::format("<rect class=\"mark\" data-verdict=\"{}\" data-count=\"{}\" x=\"{:.1f}\" "
                       "y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
                       "fill-opacity=\"{:.2f}\"><title>{} record{} {}</title></rect>\n",
                       VerdictName(verdict), count, kLeft + static_cast<double>(cx) * w,
                       kTop + kPlotH - static_cast<double>(cy + 1) * h, w, h, VerdictColour(verdict),
                       opacity, count, count == 1 ? "" : "s", VerdictName(verdict));
  }
  return out + "</g>\n";
}

// One diamond per (operator, window, processing time): keys that fire
// together share it, and its title lists them.
std::string Plot::Firings() const {
  std::map<std::tuple<NodeIndex, engine::TimeWindow, int64_t>, std::vector<size_t>> groups;
  const auto& firings = story_.result().firings;
  for (size_t f = 0; f < firings.size(); ++f) {
    groups[{firings[f].node, firings[f].result.window, firings[f].time.millis()}].push_back(f);
  }
  std::string out = "<g class=\"firings\">\n";
  for (const auto& [key, members] : groups) {
    const auto& [node, window, time] = key;
    const double x = X(time), y = Y(window.max_timestamp());
    std::vector<std::string> what;
    for (size_t i = 0; i < members.size() && i < 10; ++i) {
      const engine::WindowResult& r = firings[members[i]].result;
      what.push_back(fmt::format("key {} {} ({} elements)", engine::FormatValue(r.key),
                                 engine::FiringKindName(r.kind), r.element_count));
    }
    if (members.size() > 10) what.push_back(fmt::format("and {} more", members.size() - 10));
    out += fmt::format("<path class=\"firing\" d=\"M{:.1f},{:.1f} l6,6 l-6,6 l-6,-6 z\"><title>{} "
                       "fires {} at {} ms: {}</title></path>\n",
                       x, y - 6, HtmlEscape(story_.plan().nodes[node].name), window.ToString(), time,
                       HtmlEscape(fmt::format("{}", fmt::join(what, "; "))));
  }
  return out + "</g>\n";
}

std::string Plot::Legend() const {
  const double x = kLeft + kPlotW + 20;
  double y = kTop + 10;
  std::string out = "<g class=\"legend\">\n";
  std::vector<bool> present(static_cast<size_t>(Verdict::kNoFate) + 1, false);
  for (const RecordStory& r : story_.records()) {
    if (r.kind == sim::TraceRowKind::kEvent) present[static_cast<size_t>(r.verdict)] = true;
  }
  for (size_t v = 0; v < present.size(); ++v) {
    if (!present[v]) continue;
    out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">"
                       "record: {}</text>\n",
                       x + 5, y, VerdictColour(static_cast<Verdict>(v)), x + 16, y + 4,
                       VerdictName(static_cast<Verdict>(v)));
    y += 18;
  }
  size_t index = 0;
  for (const auto& [node, subtask] : TimelineSubtasks(story_.plan())) {
    if (index == std::size(kLineColours)) break;
    out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                       "stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">watermark {}</text>\n",
                       x, y, x + 12, y, kLineColours[index++], x + 16, y + 4,
                       HtmlEscape(story_.SubtaskName(node, subtask)));
    y += 18;
  }
  out += fmt::format("<rect class=\"window\" x=\"{}\" y=\"{}\" width=\"12\" height=\"10\"/>"
                     "<text x=\"{}\" y=\"{}\">window extent</text>\n",
                     x, y - 5, x + 16, y + 4);
  y += 18;
  out += fmt::format("<path class=\"firing\" d=\"M{},{} l6,6 l-6,6 l-6,-6 z\"/>"
                     "<text x=\"{}\" y=\"{}\">window firing</text>\n",
                     x + 6, y - 6, x + 16, y + 4);
  if (!story_.result().pending.empty()) {
    y += 18;
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"10\" fill=\"#8e44ad\" "
                       "fill-opacity=\"0.08\" stroke=\"#8e44ad\" stroke-dasharray=\"4 3\"/>"
                       "<text x=\"{}\" y=\"{}\">window still open at the end</text>\n",
                       x, y - 5, x + 16, y + 4);
  }
  return out + "</g>\n";
}

std::string Plot::Render() {
  const bool aggregated = story_.event_count() > kMaxMarks;
  const std::string marks = aggregated ? AggregatedMarks() : Marks();
  size_t count = 0;
  for (size_t at = marks.find("class=\"mark\""); at != std::string::npos;
       at = marks.find("class=\"mark\"", at + 1)) {
    ++count;
  }
  std::string out = fmt::format(
      "<svg id=\"timeline\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" role=\"img\" "
      "data-records=\"{2}\" data-marks=\"{3}\" data-aggregated=\"{4}\" "
      "data-watermark-lines=\"{5}\">\n<title>Event time against processing time</title>\n",
      kWidth, kHeight, story_.event_count(), count, aggregated ? "true" : "false",
      TimelineSubtasks(story_.plan()).size());
  out += Axes() + Windows() + PendingWindows() + WatermarkLines() + marks + Firings() + Legend();
  return out + "</svg>\n";
}

}  // namespace

std::string RenderTimelineSvg(const RunStory& story) { return Plot(story).Render(); }

}  // namespace tidemark::reports
