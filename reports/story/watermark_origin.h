// What raised the watermark that decided a record: the operator subtask's
// step to that watermark and the input channel holding its minimum (§5.1),
// down to the source subtask that emitted it — on its periodic tick
// (processing time, §4.5) or at a row (punctuated, §4.1) — and the row whose
// timestamp set it (watermark = highest timestamp - D - 1, §4.2).
#ifndef TIDEMARK_REPORTS_WATERMARK_ORIGIN_H_
#define TIDEMARK_REPORTS_WATERMARK_ORIGIN_H_

#include <string>

#include "reports/story/run_story.h"

namespace tidemark::reports {

// e.g. "readings:1 (ts 12500, arrived at 1000) raised the highest timestamp
// of readings[0] to 12500: 12500 - 2000 - 1 = 10499, emitted on its periodic
// tick at 1200; counts[0] took it from readings[0] at 1200"; "" when the
// watermark is -inf or +inf or its origin cannot be traced.
std::string WatermarkOrigin(const RunStory& story, const sim::WindowDecisionRecord& decision);

// The same for watermark `watermark` of (node, subtask) at processing time
// `time`: the timeline's late links ask it of the step that made a record late.
std::string WatermarkOrigin(const RunStory& story, sim::NodeIndex node, uint32_t subtask,
                            engine::Timestamp watermark, engine::Timestamp time);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_WATERMARK_ORIGIN_H_
