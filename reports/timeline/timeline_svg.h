// The report's timeline: processing time on x, and one lane per key
// (TimelineLanes) with event time on y, so that records, windows and firings
// of different keys never overlap. In each lane:
// - each record is a mark at (arrival, event time) coloured by its verdict;
// - the watermark of the subtask that judged the lane's records is a step
//   line; -inf and +inf sit in gutter rows below and above the lane, and a
//   value merely outside the plotted range sits on its floor or ceiling with
//   an arrow and the value (TimelineGeometry);
// - each fired window is a band over its event-time extent, from its first
//   record to its last firing, with a diamond where it fired; a window still
//   pending at the end is an open dashed band to the right edge (§1.13);
// - each late record has an arrow to the watermark step that made it late and
//   a dashed one to the firing of the window it missed (LateLink), with a
//   visible label when the lane has few.
// Under the lanes, a strip of the sources' partitions shows arrivals, idle
// stretches and held watermarks (PartitionStrip). Labels are SVG text, visible
// without hovering and in print; every element also has a <title>.
//
// Above kMaxMarks records in the range drawn, each lane bins its records into
// density cells instead (DensityGrid); `report --from T --to T` draws a
// stretch of processing time, one mark per record again when it holds few
// enough. The root carries data-* counts of what it drew, which the browser
// checks compare with the DOM. Nothing depends on anything but the run and
// the range: the same run gives the same bytes.
#ifndef TIDEMARK_REPORTS_TIMELINE_SVG_H_
#define TIDEMARK_REPORTS_TIMELINE_SVG_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/story/run_story.h"
#include "reports/text/report_context.h"

namespace tidemark::reports {

// Above this many records in the range drawn, the lanes show density cells.
inline constexpr size_t kMaxMarks = 500;
// Late records listed one by one under the timeline.
inline constexpr size_t kMaxLateListed = 200;

// The subtasks whose watermark lines the timeline can draw: every subtask of
// the window and keyed-process operators (where lateness is decided), or of
// the sources when the job has neither. Pairs of (node, subtask), in node
// order; a line's colour is its position here.
std::vector<std::pair<sim::NodeIndex, uint32_t>> TimelineSubtasks(const sim::JobPlan& plan);

// "#1b7837" and the like: the fill of a verdict's marks.
std::string_view VerdictColour(Verdict verdict);

// The timeline as report.html shows it, each part escaped for HTML.
struct TimelineHtml {
  std::string notes;      // paragraphs: the range drawn, the density view; or ""
  std::string legend;     // <ul id="timeline-legend">
  std::string svg;        // <svg id="timeline">
  std::string late_list;  // why each late record was late (<ol id="late-links">); or ""
};

TimelineHtml RenderTimeline(const RunStory& story, const TimelineRange& range);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_SVG_H_
