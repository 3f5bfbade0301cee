// What `tidemark explore --failures N` checks on a run with failures against
// the same seed's run without any (docs/explore-and-sweep.md, "Failures";
// the guarantees are those of docs/checkpoints.md, "Sinks"):
//
//   exactly-once   with exactly-once checkpointing, an exactly_once sink
//                  shows what the failure-free run wrote, as a multiset —
//                  or part of it when the job failed or transactions were
//                  still open at the end; nothing else.
//   no loss        an at_least_once or none sink shows every record of the
//                  failure-free run at least as often (unless the job
//                  failed), and nothing the failure-free run did not write.
//
// Both compare outputs, so both assume the output is a function of which
// records each window receives, on time, as in Flink's own
// WindowOperatorTest snapshot/restore cases. They are waived, not failed:
//   - where a replayed record was judged differently after the restore
//     (watermarks are not in a checkpoint, so the rebuilt watermark can make
//     a record late that was on time, or the reverse: docs/checkpoints.md,
//     "Lateness after a restore") — explore reports that as a divergence;
//   - for jobs whose output depends on the order or the time inputs arrive:
//     rolling reduces, keyed process functions, merging (session) windows,
//     processing-time windows, custom triggers, allowed lateness (a late
//     firing shows whichever late records came first);
//   - for at-least-once checkpointing of a job with keyed state: a snapshot
//     taken without alignment may hold records that are replayed again
//     (CheckpointBarrierTracker), so results can count them twice;
//   - for a job with keyed state that failed for good after a restore: the
//     rebuilt watermark can fire a window before its replayed records come
//     back, and they never do.
#ifndef TIDEMARK_SIM_EXPLORE_RECOVERY_INVARIANTS_H_
#define TIDEMARK_SIM_EXPLORE_RECOVERY_INVARIANTS_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

struct RecoveryComparison {
  std::vector<std::string> violations;  // "exactly-once: ..." / "no loss: ..."
  // Window decisions of the failing run that the failure-free run did not
  // make: "record rows:3 (ts 5) at 'windows' t=900: on_time -> late".
  std::vector<std::string> changed_decisions;
  // Why the output checks did not apply; empty when they did.
  std::string waived;
};

// Why `plan`'s output may legitimately depend on input order or timing after
// a restore (the list above), or "" when it may not.
std::string OrderDependence(const JobPlan& plan);

// REQUIRES: both runs of one seed, with Ledger::Detail::kEveryRecord;
// `failing` of the plan with failures (recovery set), `free` without.
RecoveryComparison CompareRecovery(const JobPlan& failing_plan, const RunResult& free,
                                   const RunResult& failing, size_t limit = 5);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_RECOVERY_INVARIANTS_H_
