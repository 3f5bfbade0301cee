// The sentences about checkpoints, failures and restarts (docs/checkpoints.md)
// that `run`, `explain` and every report share, so each says the same thing in
// the same words. Empty for a run without fault tolerance configured
// (RunResult::recovery unset): such a run prints what it always printed.
#ifndef TIDEMARK_REPORTS_RECOVERY_TEXT_H_
#define TIDEMARK_REPORTS_RECOVERY_TEXT_H_

#include <string>
#include <string_view>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::reports {

// "completed", "aborted", "pending".
std::string_view CheckpointOutcomeName(sim::CheckpointRecord::Outcome outcome);

// "restarted", "merged", "job_failed", "ignored".
std::string_view FailureOutcomeName(sim::FailureRecord::Outcome outcome);

// "2 checkpoints completed, 1 aborted; 1 failure, 1 restart; rows replayed: events 3".
std::string RecoveryHeadline(const sim::JobPlan& plan, const sim::RecoveryResult& recovery);

// What became of one failure: "at 410: doris[0] failed (sink 'doris' threw on
// its record 4); 4 tasks restart at 560 from checkpoint 1".
std::string FailureText(const sim::JobPlan& plan, const sim::FailureRecord& failure);

// One sink's line: "hdfs (exactly_once): 9 written, 8 visible, 1 aborted in
// restored transactions; visible up to 300ms after it was written".
std::string SinkRecoveryText(const sim::JobPlan& plan, const sim::RecoveryResult& recovery,
                             size_t sink);

// One duplicate traced to its first delivery, rows counted from 1 in the
// sink's order: "row 5 written at 560 (r4) repeats row 4 written at 410";
// the values and times when the run kept the sink's records.
std::string DuplicateText(const sim::SinkOutput& sink, const sim::DuplicateRecord& duplicate);

// "FAILED at 900: <Flink's reason>", or "" when the job did not fail.
std::string JobFailedText(const sim::RecoveryResult& recovery);

// The block `run` prints after the ledger summary; empty without recovery.
//   recovery: 1 checkpoint completed, 0 aborted; 1 failure, 1 restart; rows replayed: events 1
//     failure at 410: doris[0] failed (...); 4 tasks restart at 560 from checkpoint 1
//     sink print (none): 9 written, 9 visible, 1 duplicate (record 5 repeats record 4)
std::string FormatRecoveryText(const sim::JobPlan& plan, const sim::RunResult& result);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_RECOVERY_TEXT_H_
