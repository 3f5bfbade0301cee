// How the timeline shows why a late record was late (LateLink): in its lane,
// a solid arrow from the record's mark to the watermark step that made it
// late (a ring on the step line) and a dashed arrow to the diamond of the
// firing it missed, with a <title> giving the sentence; a visible label when
// the lane has few late records. Under the picture, the same sentences as an
// ordered list, for reading, searching, print and screen readers.
#ifndef TIDEMARK_REPORTS_TIMELINE_LATE_SVG_H_
#define TIDEMARK_REPORTS_TIMELINE_LATE_SVG_H_

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "reports/story/late_links.h"
#include "reports/story/run_story.h"
#include "reports/timeline/timeline_geometry.h"
#include "reports/timeline/timeline_lanes.h"

namespace tidemark::reports {

// A lane with at most this many late records labels each one in the picture.
inline constexpr size_t kLabelledLateLinks = 6;

struct LateDrawing {
  std::string svg;
  size_t links = 0;        // records linked
  bool to_firing = false;  // some link has a firing arrow
};

// The links of the records in `lane` decided by a subtask whose watermark the
// lane draws (`lines`: (node, subtask) pairs).
LateDrawing DrawLateLinks(const RunStory& story, const TimelineFrame& frame,
                          const TimelineLanes& lanes, const std::vector<LateLink>& links,
                          size_t lane,
                          const std::vector<std::pair<sim::NodeIndex, uint32_t>>& lines);

// <h3> and <ol id="late-links">: a sentence per late record (LateLinkText) and
// what raised the watermark of its step (WatermarkOrigin), the first
// kMaxLateListed of them; "" when no record was late.
std::string LateListHtml(const RunStory& story, const std::vector<LateLink>& links,
                         size_t max_listed);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_LATE_SVG_H_
