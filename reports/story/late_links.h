// Why a late record was late, as two links the timeline draws: to the
// watermark step that made it late, and to the firing of the window it
// missed.
//
// For a record a window operator found late (late to a side output, dropped,
// or within allowed lateness), the window is the one of its decision that
// was not on time and closes last (the record's last chance), and:
// - the step is the first watermark step of the deciding subtask that reached
//   the window's cleanup time (late, §1.2) or, within lateness, its max
//   timestamp (the step that fired it, §1.4): from that step on, every record
//   of the window is late;
// - the firing is the window's last firing for the record's key at that
//   subtask before the decision: the result the record did not make it into.
//   A window that never fired for the key (it held nothing) has none.
// Both come from the run's schedule, so a run whose detail was cut links
// only what its detail covers.
#ifndef TIDEMARK_REPORTS_LATE_LINKS_H_
#define TIDEMARK_REPORTS_LATE_LINKS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/windows/element_decision.h"
#include "reports/story/run_story.h"

namespace tidemark::reports {

struct LateLink {
  size_t record = 0;                   // index into story.records()
  size_t decision = 0;                 // index into result.window_decisions
  engine::WindowDecision window = {};  // the window it missed
  std::optional<size_t> step = {};     // index into result.schedule: a kWatermark step
  std::optional<size_t> firing = {};   // index into result.firings
};

// Every late record's links, in story.records() order.
std::vector<LateLink> FindLateLinks(const RunStory& story);

// The watermark the step had to reach: the window's cleanup time when the
// record was late, its max timestamp when it was within allowed lateness.
engine::Timestamp LateThreshold(const LateLink& link);

// "readings:6 (ts 8000, arrived at 6000) is late and goes to 'late-readings':
// the watermark of averages[0] rose to 10499 at 5200, reaching window
// [0, 10000)'s cleanup time 9999; the window fired for key sensor_1 at 5200
// (on_time, 4 elements), 800 ms before the record reached averages[0]."
// Not escaped.
std::string LateLinkText(const RunStory& story, const LateLink& link);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_LATE_LINKS_H_
