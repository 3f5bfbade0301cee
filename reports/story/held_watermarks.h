// Watermark holders at run time: a source partition that held its reader
// subtask's watermark at its minimum, with no row of its own, while the
// subtask's other partitions kept receiving rows; or a source subtask that
// held a downstream operator's watermark (its channel at the minimum of the
// operator's inputs) while the other source subtasks feeding it kept
// receiving rows. The classic cause of
// windows that fire late, or only at the end of a bounded input: a Kafka
// partition with little or no traffic, in a job without idleness
// (WatermarksWithIdleness; docs/semantics.md §4.4, §5.4).
//
// Read from the run's schedule (a detailed run): each source subtask's
// output-watermark steps name the partition holding it at its minimum, and
// each arrival its partition; each operator's watermark steps name the
// upstream subtask whose channel holds it. A hold starts when a partition (a
// source subtask) becomes the holder (or, already the holder, when its last
// row arrives) and ends at its next row, when another takes over, or at the
// end of the run. An operator counts as having several inputs once two
// different source subtasks have held it; the rows counted are those of the
// source subtasks seen holding it. It
// is reported when the other partitions received at least kMinOtherRows rows
// meanwhile and it lasted at least kMinIntervals watermark intervals: one
// partition briefly at the minimum between its rows is how a watermark
// normally advances, not a finding. A run whose detail was cut is read as
// far as its detail goes.
#ifndef TIDEMARK_REPORTS_HELD_WATERMARKS_H_
#define TIDEMARK_REPORTS_HELD_WATERMARKS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/time.h"
#include "reports/story/run_story.h"

namespace tidemark::reports {

inline constexpr uint64_t kMinOtherRows = 5;
inline constexpr int64_t kMinIntervals = 5;

struct HeldWatermark {
  sim::NodeIndex node = 0;  // a source
  uint32_t subtask = 0;
  int32_t partition = -1;  // -1: the whole subtask held `held`'s channel
  // For a held channel: the operator subtask whose watermark it held.
  sim::NodeIndex held_node = 0;
  uint32_t held_subtask = 0;
  engine::Timestamp from;       // processing time the hold began
  engine::Timestamp to;         // processing time it ended
  bool until_end = false;       // it lasted to the end of the run (or of the input)
  engine::Timestamp watermark;  // the subtask's output watermark through it
  uint64_t other_rows = 0;      // rows the other partitions (or subtasks) received meanwhile
};

// Every hold worth reporting, by source subtask, then time.
std::vector<HeldWatermark> FindHeldWatermarks(const RunStory& story);

// "readings[0] partition 1 held the watermark at 499 from processing time
// 2000 to the end (11000 ms) while its other partitions received 11 rows;
// add 'idleness: 5s' ..." — one sentence with the fix.
std::string HeldWatermarkText(const sim::JobPlan& plan, const HeldWatermark& held);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_HELD_WATERMARKS_H_
