// The strip under the timeline's lanes that shows what happened at the
// sources' partitions and the subtasks reading them: a row each, with a tick
// per row arriving, idle stretches shaded grey (IdleSpan) and stretches that
// held a watermark back shaded orange (HeldWatermark).
//
// Drawn only when the run had an idle stretch or a held watermark: then the
// rows are every partition and subtask concerned and, for a source subtask
// concerned, each partition it read rows from — so a quiet partition shows
// beside the busy ones that the watermark waited on. Rows are ordered by
// (node, subtask, partition), the subtask's own row first.
#ifndef TIDEMARK_REPORTS_TIMELINE_PARTITIONS_H_
#define TIDEMARK_REPORTS_TIMELINE_PARTITIONS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reports/story/held_watermarks.h"
#include "reports/story/idle_spans.h"
#include "reports/story/run_story.h"
#include "reports/timeline/timeline_geometry.h"

namespace tidemark::reports {

inline constexpr size_t kMaxStripRows = 16;
inline constexpr double kStripRowHeight = 30;

struct StripRow {
  sim::NodeIndex node = 0;
  uint32_t subtask = 0;
  int32_t partition = -1;  // -1: the subtask itself
  auto operator<=>(const StripRow&) const = default;
};

struct PartitionStrip {
  std::vector<StripRow> rows;  // at most kMaxStripRows
  size_t rows_left_out = 0;    // beyond kMaxStripRows
  std::vector<IdleSpan> idle;
  std::vector<HeldWatermark> held;

  bool empty() const { return rows.empty(); }
  // Its height in the picture, heading included (0 when empty).
  double height() const;
};

PartitionStrip CollectPartitionStrip(const RunStory& story);

// "readings[0] partition 1", "readings[0]", "counts[0] (its inputs)". Not escaped.
std::string StripRowName(const RunStory& story, const StripRow& row);

struct StripCounts {
  size_t idle = 0;  // idle rectangles drawn
  size_t held = 0;  // held rectangles drawn
};

// The strip's SVG from `top` down. `ticks`: a tick per arriving row (left out
// in the density view, where there are too many). Adds what it drew to `counts`.
std::string RenderPartitionStrip(const RunStory& story, const PartitionStrip& strip, const XAxis& x,
                                 double top, bool ticks, StripCounts& counts);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_PARTITIONS_H_
