// ElementDecision: what the window operator did with one element, for the
// ledger and `explain` (§1.3, §1.4, §1.10).
//
// Every element gets exactly one terminal ElementOutcome. Per assigned window
// it records whether the window took the element on time, within allowed
// lateness, or skipped it as late, with the watermark and cleanup time that
// decided it ("window [0, 10000) cleanup 9999 <= watermark 12000").
#ifndef TIDEMARK_ENGINE_ELEMENT_DECISION_H_
#define TIDEMARK_ENGINE_ELEMENT_DECISION_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/windows/time_window.h"

namespace tidemark::engine {

enum class ElementOutcome {
  kAccepted,          // at least one window took it
  kLateToSideOutput,  // every window late and t + allowed lateness <= watermark: side output
  kDroppedLate,       // same, no late output configured: counted in numLateRecordsDropped
  kDiscarded,         // no window took it but it is not late (e.g. a gap of slide > size):
                      // silently gone, no metric, no side output (§1.3 step 4)
};

enum class WindowAdmission {
  kOnTime,          // watermark < max timestamp (always, for processing-time assigners)
  kWithinLateness,  // max timestamp <= watermark < cleanup time: fires immediately
  kLate,            // cleanup time <= watermark: skipped
};

// "accepted", "late_to_side_output", "dropped_late", "discarded".
std::string_view ElementOutcomeName(ElementOutcome outcome);
// "on_time", "within_lateness", "late".
std::string_view WindowAdmissionName(WindowAdmission admission);

struct WindowDecision {
  TimeWindow assigned;     // as the assigner returned it
  TimeWindow window;       // after session merging (== assigned for other assigners)
  Timestamp cleanup_time;  // of `window`; Max means never cleaned
  WindowAdmission admission = WindowAdmission::kOnTime;
};

// One line of narration for a window decision, e.g.
// "window [0, 10000) cleanup 9999 <= watermark 12000: late, skipped".
std::string ExplainWindowDecision(const WindowDecision& decision, Timestamp watermark);

struct ElementDecision {
  RecordId record_id = kNoRecordId;
  Timestamp timestamp;
  Timestamp watermark;        // the operator's watermark when it decided
  Timestamp processing_time;  // the operator's processing clock when it decided
  ElementOutcome outcome = ElementOutcome::kAccepted;
  std::vector<WindowDecision> windows;  // in assigner order
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_ELEMENT_DECISION_H_
