// Checkpoints, failures and restarts on the report's timeline
// (docs/checkpoints.md): a row of labels above the lanes and vertical lines
// through every lane at the processing times they happened —
// - a dotted line where a checkpoint's barriers left the sources;
// - a solid line where it completed ("cp N"), a dashed grey one where it was
//   aborted;
// - a red line where a task failed ("✕ name[i]"), and a shaded band over the
//   downtime from the failure to the restart ("↻ cp N": the checkpoint the
//   restart restored).
// Drawn only for a job with fault tolerance configured: a run without it
// keeps its timeline byte for byte.
#ifndef TIDEMARK_REPORTS_TIMELINE_RECOVERY_H_
#define TIDEMARK_REPORTS_TIMELINE_RECOVERY_H_

#include <cstddef>
#include <string>

#include "reports/timeline/timeline_geometry.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::reports {

// The label row above the first lane.
inline constexpr double kRecoveryRowHeight = 28;
// Checkpoints drawn at most; a longer run says so in the row's title.
inline constexpr size_t kMaxCheckpointsDrawn = 400;

struct RecoveryDrawing {
  std::string svg;
  size_t barriers = 0;   // dotted lines: barriers injected
  size_t completed = 0;  // solid lines
  size_t aborted = 0;    // dashed lines
  size_t failures = 0;   // red lines
  size_t restarts = 0;   // downtime bands
};

// Lines from `top` (the label row's top) down to `bottom`, over the
// processing times `x` shows; what falls outside the range is left out.
RecoveryDrawing DrawRecovery(const sim::JobPlan& plan, const sim::RecoveryResult& recovery,
                             const XAxis& x, double top, double bottom);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_RECOVERY_H_
