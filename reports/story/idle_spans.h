// When partitions and subtasks were idle: the stretches of processing time
// between a step that marked one idle and the step that made it active again
// (or the end of the run), read from a detailed run's schedule.
//
// A source partition goes idle under WatermarksWithIdleness (kPartitionIdle,
// §4.4) and then no longer holds its reader's watermark at its minimum; a
// subtask goes idle when all it reads is idle (kIdle, §5.4): a source subtask
// with every partition idle (or a trace's idle row), an operator subtask with
// every input channel idle. The timeline shades these, since an idle input
// is what lets a watermark advance past a quiet partition.
#ifndef TIDEMARK_REPORTS_IDLE_SPANS_H_
#define TIDEMARK_REPORTS_IDLE_SPANS_H_

#include <cstdint>
#include <vector>

#include "engine/core/time.h"
#include "reports/story/run_story.h"

namespace tidemark::reports {

struct IdleSpan {
  sim::NodeIndex node = 0;
  uint32_t subtask = 0;
  int32_t partition = -1;  // -1: the subtask itself
  engine::Timestamp from;  // processing time it went idle
  engine::Timestamp to;    // when it became active again, or the run's last step
  bool until_end = false;  // still idle when the run ended
};

// Every idle stretch, by (node, subtask, partition), then time.
std::vector<IdleSpan> FindIdleSpans(const RunStory& story);

// The processing time of the run's last schedule step (Min for an empty schedule).
engine::Timestamp LastStepTime(const RunStory& story);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_IDLE_SPANS_H_
