// CheckpointScheduler: when checkpoints start, expire, complete and fail, as
// Flink 1.20's checkpoint coordinator schedules them (flink-runtime
// checkpoint/CheckpointCoordinator.java, CheckpointRequestDecider.java,
// CheckpointFailureManager.java; docs/checkpoints.md, "Checkpoint
// scheduling"). Savepoints and manual checkpoints are out of scope: every
// request is periodic and none is forced.
//
// A pure state machine: the runtime owns the clock and the tasks, asks
// NextDue() when to call Advance(), and reports completions and declines. The
// scheduler owns
//   - the periodic trigger: first at Start + first delay, then fixed-rate
//     every interval, re-based only by the min-pause rule;
//   - the queue of periodic requests that found max-concurrent pending (kept,
//     not dropped; at most 1000), started at the next completion or abort;
//   - min pause, from the last *successful* completion (none yet: no pause);
//   - checkpoint ids: from 1, one per started attempt, never reset by
//     Stop/Start; a request that fails before it starts takes none;
//   - each attempt's expiry at trigger time + timeout;
//   - the count of failed checkpoints against tolerable-failed-checkpoints.
//
// Ordering: Advance handles due events in time order; events due at the same
// millisecond in the order they were armed, as Flink's single-threaded
// ScheduledThreadPoolExecutor runs them (FIFO on ties). Within one event the
// order is Flink's: an expiry counts the failure, then starts queued
// requests; a completion resets the failure count, records the completion
// time, subsumes lower pending ids (ascending), then starts queued requests.
// Ids in every vector are in the order things happened, so ascending.
#ifndef TIDEMARK_SIM_RECOVERY_CHECKPOINT_SCHEDULER_H_
#define TIDEMARK_SIM_RECOVERY_CHECKPOINT_SCHEDULER_H_

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/time.h"
#include "sim/graph/fault_tolerance.h"
#include "sim/recovery/checkpoint_failure_manager.h"
#include "sim/recovery/checkpoint_failure_reason.h"

namespace tidemark::sim {

class CheckpointScheduler {
 public:
  // REQUIRES: interval > 0, timeout > 0, min_pause >= 0, max_concurrent >= 1,
  // tolerable_failures >= 0, first_delay (if set) >= 0 (the planner checks).
  explicit CheckpointScheduler(const CheckpointPlan& plan);

  // Whether every task of the job is RUNNING when a request would start. If
  // not, the request fails with NOT_ALL_REQUIRED_TASKS_RUNNING and takes no
  // id (DefaultCheckpointPlanCalculator.checkAllTasksInitiated /
  // checkTasksStarted).
  enum class Tasks { kAllRunning, kNotAllRunning };

  struct Attempt {
    uint64_t id = 0;
    engine::Timestamp at;  // when it was triggered, or expired
  };
  // A request that failed before it got an id (reports only).
  struct Skip {
    engine::Timestamp at;
    CheckpointFailureReason reason;
  };
  // Too many failed checkpoints: the job must fail globally
  // (CheckpointFailureManager.checkFailureAgainstCounter).
  struct JobFailure {
    engine::Timestamp at;
    std::string message;  // Flink's FlinkRuntimeException message
  };
  struct Step {
    std::vector<Attempt> triggered;  // started: send barriers with timestamp `at`
    std::vector<Attempt> expired;    // aborted with CHECKPOINT_EXPIRED
    std::vector<Skip> skipped;
    // Set at most once per step. From then on nothing starts until Stop():
    // Flink computes a trigger's plan on the JobMaster thread after the
    // queued failGlobal, so no later attempt gets an id.
    std::optional<JobFailure> fail_job;
  };

  // The job is RUNNING: arm the periodic trigger at now + first delay
  // (CheckpointCoordinatorDeActivator -> startCheckpointScheduler).
  // REQUIRES: !running().
  void Start(engine::Timestamp now);
  // The job left RUNNING (a failover, or the end): the trigger is cancelled,
  // queued requests dropped and pending attempts aborted with
  // CHECKPOINT_COORDINATOR_SUSPEND, which no failure count sees. Returns the
  // aborted ids, ascending. Ids and the failure count survive.
  std::vector<uint64_t> Stop();

  // The next periodic trigger or expiry; Timestamp::Max() if none.
  engine::Timestamp NextDue() const;
  // Handles every trigger and expiry due at or before `now`, each at its own
  // due time, and stops early after an event that asks for a job failure (the
  // failover wins over later timer events). Call it at NextDue().
  Step Advance(engine::Timestamp now, Tasks tasks);

  struct Completion {
    bool completed = false;          // false: `id` was not pending (late, expired, subsumed)
    std::vector<uint64_t> subsumed;  // pending lower ids, aborted
    Step next;                       // queued requests started at once
  };
  // The last acknowledgement of `id` reached the coordinator at `now`
  // (completePendingCheckpoint).
  Completion Complete(uint64_t id, engine::Timestamp now, Tasks tasks);
  // A task declined pending `id` at `now` for `reason` (receiveDeclineMessage):
  // the attempt is aborted, counted if the reason counts, and its slot frees.
  // Nothing happens if `id` is not pending.
  Step Decline(uint64_t id, engine::Timestamp now, CheckpointFailureReason reason, Tasks tasks);

  bool running() const { return running_; }
  bool IsPending(uint64_t id) const { return pending_.contains(id); }
  // When pending `id` was triggered (its barrier timestamp), if it is pending.
  std::optional<engine::Timestamp> TriggerTime(uint64_t id) const;
  // Pending ids, ascending.
  std::vector<uint64_t> PendingIds() const;
  size_t queued() const { return queue_.size(); }
  // The id the next started attempt gets.
  uint64_t next_id() const { return next_id_; }
  // Consecutive failed checkpoints counted so far.
  int failure_count() const { return failures_.count(); }

 private:
  struct Pending {
    engine::Timestamp triggered;
    engine::Timestamp expires;
    uint64_t armed = 0;  // tie-break among timers due at the same time
  };
  struct Trigger {
    engine::Timestamp due;
    uint64_t armed = 0;
  };

  void ArmTrigger(engine::Timestamp due);
  // ScheduledTrigger.run: re-arm one interval on, then submit a request.
  void FireTrigger(engine::Timestamp at, Tasks tasks, Step& step);
  // CheckpointCanceller.run.
  void Expire(uint64_t id, engine::Timestamp at, Tasks tasks, Step& step);
  // Counts an aborted attempt (abortPendingCheckpoint -> failure manager).
  void CountFailure(uint64_t id, CheckpointFailureReason reason, engine::Timestamp at, Step& step);
  // executeQueuedRequest, repeated while a request can start
  // (CheckpointRequestDecider.chooseRequestToExecute).
  void StartQueued(engine::Timestamp at, Tasks tasks, Step& step);

  engine::Duration interval_;
  engine::Duration min_pause_;
  engine::Duration timeout_;
  engine::Duration first_delay_;
  size_t max_concurrent_;

  bool running_ = false;
  bool failing_ = false;  // a JobFailure was raised and Stop() has not come yet
  std::optional<Trigger> trigger_;
  // Creation times of queued periodic requests, oldest first (Flink sorts
  // them by creation time; ours arrive in that order).
  std::deque<engine::Timestamp> queue_;
  std::map<uint64_t, Pending> pending_;
  uint64_t next_id_ = 1;  // CheckpointIDCounter.INITIAL_CHECKPOINT_ID
  uint64_t armed_ = 0;
  std::optional<engine::Timestamp> last_completion_;
  CheckpointFailureManager failures_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RECOVERY_CHECKPOINT_SCHEDULER_H_
