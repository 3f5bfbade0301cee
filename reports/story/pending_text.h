// The sentences about windows a run left pending (§1.13): what each waits
// for, and the chain of subtasks, channels and the source partition holding
// its watermark back — for `run`, `explain` and the reports alike, so every
// output says the same thing in the same words.
#ifndef TIDEMARK_REPORTS_PENDING_TEXT_H_
#define TIDEMARK_REPORTS_PENDING_TEXT_H_

#include <string>

#include "engine/windows/pending_window.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::reports {

// "counts[0] key s1 window [0, 10000)".
std::string PendingWindowName(const sim::JobPlan& plan, const sim::PendingSubtask& pending,
                              const engine::PendingWindow& window);

// "2 records, never fired" (or "... fired; kept for late records").
std::string PendingContents(const engine::PendingWindow& window);

// What it waits for, by the window's trigger: "fires when the watermark
// reaches 9999; the watermark is -inf".
std::string PendingWaitsFor(const sim::JobPlan& plan, const sim::PendingSubtask& pending,
                            const engine::PendingWindow& window);

// "counts[0] channel 1 of 2 <- readings[1] partition 3 (watermark -inf): no
// rows since t=100; idleness not set".
std::string HoldChainText(const sim::JobPlan& plan, const sim::PendingSubtask& pending);

// The block `run` and `explain` print: empty when nothing is pending.
//   pending at the end of the run (processing time 8000):
//     counts[0] key s1 window [0, 10000): 2 records, never fired; fires when ...
//       watermark held back by: counts[0] channel 0 of 1 <- readings[0] ...
std::string FormatPendingText(const sim::JobPlan& plan, const sim::RunResult& result);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_PENDING_TEXT_H_
