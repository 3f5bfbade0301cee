// The timeline's Plot, shared by the two files that implement it:
// timeline_svg.cc (layout, scales, lane frames, axes, notes and the whole
// picture put together) and timeline_plot_draw.cc (what goes inside a lane:
// windows, pending windows, step lines, marks or density cells, firings).
// Only those two include it.
#ifndef TIDEMARK_REPORTS_INTERNAL_TIMELINE_PLOT_H_
#define TIDEMARK_REPORTS_INTERNAL_TIMELINE_PLOT_H_

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/story/late_links.h"
#include "reports/story/run_story.h"
#include "reports/text/report_context.h"
#include "reports/timeline/timeline_geometry.h"
#include "reports/timeline/timeline_lanes.h"
#include "reports/timeline/timeline_legend.h"
#include "reports/timeline/timeline_partitions.h"
#include "reports/timeline/timeline_svg.h"

namespace tidemark::reports::internal {

// Vertical spacing: above the first lane, between lanes, under the last one
// for the processing-time axis, and at the bottom.
inline constexpr double kTop = 8, kLaneGap = 10, kXAxisHeight = 46, kBottom = 8;
// A watermark line's colour, by its subtask's place in TimelineSubtasks.
inline constexpr std::string_view kLineColours[] = {"#762a83", "#e08214", "#35978f", "#c51b7d",
                                                    "#4d9221", "#8c510a", "#4393c3", "#999999"};
// Density cells: columns across the plot; rows of about this height per lane.
inline constexpr size_t kDensityColumns = 80;
inline constexpr double kDensityRowHeight = 8;

using Subtask = std::pair<sim::NodeIndex, uint32_t>;

// Lays out the lanes from the run and the range drawn (fitting both scales
// and assigning lanes once, in the constructor) and draws them into one
// TimelineHtml. Each drawing method adds what it drew to the counts and the
// legend, so that both name exactly what is in the picture.
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
  // Above the first lane: kTop, and the label row of checkpoints and
  // failures when the job configures them (timeline_recovery.h).
  double lanes_top_ = kTop;
  // What was drawn, for the data-* counts and the legend.
  size_t marks_ = 0, firings_ = 0, below_ = 0, above_ = 0, late_drawn_ = 0;
  std::set<Subtask> lines_drawn_;
  TimelineLegend legend_;
};

}  // namespace tidemark::reports::internal

#endif  // TIDEMARK_REPORTS_INTERNAL_TIMELINE_PLOT_H_
