// The timeline's legend: an HTML list beside the picture rather than text
// inside it, so that it wraps to any width (a narrow window, a long stream
// name, print) and is never clipped. Each entry is a small inline SVG swatch
// and plain text; only what the picture draws is listed.
#ifndef TIDEMARK_REPORTS_TIMELINE_LEGEND_H_
#define TIDEMARK_REPORTS_TIMELINE_LEGEND_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/story/run_story.h"

namespace tidemark::reports {

struct TimelineLegend {
  std::vector<Verdict> verdicts;  // of the records drawn, worst first
  // (subtask name, colour) of each watermark line drawn, in colour order.
  std::vector<std::pair<std::string, std::string_view>> lines;
  bool windows = false;      // a fired window's band
  bool firings = false;      // a firing's diamond
  bool pending = false;      // a window still open at the end
  bool late_step = false;    // a late record's arrow to the watermark step
  bool late_firing = false;  // ... and to the firing it missed
  bool below = false;        // a watermark below the plotted range
  bool above = false;        // ... above it
  bool density = false;      // cells instead of marks
  bool idle = false;         // an idle stretch in the sources' strip
  bool held = false;         // a held watermark in the sources' strip
  bool ticks = false;        // arrival ticks in the sources' strip
  // Checkpoints and failures (timeline_recovery.h).
  bool barriers = false;     // a checkpoint's barriers leaving the sources
  bool checkpoints = false;  // a completed checkpoint
  bool aborted = false;      // an aborted checkpoint
  bool failures = false;     // a task failure
  bool downtime = false;     // from a failure to its restart
};

// <ul class="legend" id="timeline-legend">, names escaped.
std::string RenderTimelineLegend(const TimelineLegend& legend);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_LEGEND_H_
