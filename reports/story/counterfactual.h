// Counterfactuals: the smallest change to the job that would have given a
// record or a window another fate, computed from the rules that decided it
// (§1.2, §1.3, §4.2), not estimated — on the same schedule, the fate changes
// exactly at the printed value and not one millisecond before.
//
// For a record late in every window at watermark W, whose newest window has
// max timestamp M (M + allowed lateness <= W):
//   - allowed_lateness >= W - M + 1 keeps that window until after W: the
//     record joins it within lateness and the window fires again (§1.7);
//   - max_out_of_orderness >= D + (W - M + 1), with D the bound in force,
//     lowers every watermark by W - M + 1 (watermark = highest - D - 1, and
//     the minimum over channels shifts with it), so W becomes M - 1 and the
//     record is on time.
// The second holds only when every source reaching the window has a bounded
// (or monotonous: D = 0) strategy with the same D, no watermark rows, and no
// window or timer upstream whose firings would move with the watermark.
//
// For a window still pending at the end that waits for the watermark to
// reach M: the rows that would raise each holding partition to M (ts >= M +
// D + 1), or idleness, which leaves a partition without rows out of the
// minimum when the others are already past M.
#ifndef TIDEMARK_REPORTS_COUNTERFACTUAL_H_
#define TIDEMARK_REPORTS_COUNTERFACTUAL_H_

#include <optional>
#include <string>

#include "engine/core/time.h"
#include "reports/story/run_story.h"

namespace tidemark::reports {

struct LateCounterfactual {
  std::optional<engine::Duration> max_out_of_orderness;  // the smallest that keeps it on time
  std::optional<engine::Duration> allowed_lateness;      // the smallest that makes it a late firing
};

// For a decision that found the record late (side output, dropped) or only
// within lateness; nullopt when no exact counterfactual exists (processing
// time, sessions, a watermark of +inf).
std::optional<LateCounterfactual> LateCounterfactualOf(const RunStory& story,
                                                       const sim::WindowDecisionRecord& d);

// "on time with max_out_of_orderness >= 2501ms; a late firing with
// allowed_lateness >= 501ms" (either part may be missing).
std::string LateCounterfactualText(const LateCounterfactual& c);

// What would fire a pending event-time window, e.g. "it would fire with
// rows of ts >= 12000 on readings partition 0 (watermark = ts - 2000 - 1)"
// or "with idleness set on readings, partition 2 (no rows at all) would stop
// holding it back and the watermark would reach 10999 >= 9999"; "" when
// nothing exact can be said.
std::string PendingCounterfactualText(const sim::JobPlan& plan, const sim::PendingSubtask& pending,
                                      const engine::PendingWindow& window);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_COUNTERFACTUAL_H_
