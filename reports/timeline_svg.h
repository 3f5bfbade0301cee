// The report's timeline: an inline SVG with processing time on x and event
// time on y. Each record is a mark at (arrival, event time) coloured by its
// verdict; each chosen subtask's watermark is a step line; fired windows are
// bands over their event-time extent with a diamond where they fired. Every
// element has a <title>, which browsers show on hover — no script needed.
//
// Above kMaxMarks records the marks are aggregated into grid cells per verdict
// (the title gives the count) and the SVG says so. Its root carries
// data-records, data-marks, data-aggregated and data-watermark-lines, which
// the browser test checks against the DOM.
#ifndef TIDEMARK_REPORTS_TIMELINE_SVG_H_
#define TIDEMARK_REPORTS_TIMELINE_SVG_H_

#include <cstddef>
#include <string>
#include <vector>

#include "reports/run_story.h"

namespace tidemark::reports {

inline constexpr size_t kMaxMarks = 2000;

// The subtasks whose watermark lines the timeline draws: every subtask of the
// window and keyed-process operators (where lateness is decided), or of the
// sources when the job has neither. Pairs of (node, subtask), in node order.
std::vector<std::pair<sim::NodeIndex, uint32_t>> TimelineSubtasks(const sim::JobPlan& plan);

// "#1b7837" and the like: the fill of a verdict's marks.
std::string_view VerdictColour(Verdict verdict);

std::string RenderTimelineSvg(const RunStory& story);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_SVG_H_
