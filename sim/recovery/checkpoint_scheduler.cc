#include "sim/recovery/checkpoint_scheduler.h"

#include <algorithm>
#include <string>
#include <utility>

#include "engine/core/check.h"

namespace tidemark::sim {

namespace {

using engine::Duration;
using engine::Timestamp;
using R = CheckpointFailureReason;

// CheckpointCoordinator's constructor caps min pause at one year "to prevent
// numeric overflows".
constexpr Duration kMaxMinPause = Duration::Millis(365LL * 24 * 60 * 60 * 1000);
// CheckpointRequestDecider.DEFAULT_MAX_QUEUED_REQUESTS.
constexpr size_t kMaxQueuedRequests = 1000;
// Advance handles at most this many events per call: one per interval of
// simulated time it covers, so a caller far behind NextDue() is a bug.
constexpr int kMaxEventsPerAdvance = 1'000'000;

}  // namespace

CheckpointScheduler::CheckpointScheduler(const CheckpointPlan& plan)
    : min_pause_(std::min(plan.min_pause, kMaxMinPause)),
      timeout_(plan.timeout),
      max_concurrent_(static_cast<size_t>(std::max(plan.max_concurrent, 1))),
      failures_(plan.tolerable_failures) {
  TIDEMARK_CHECK(plan.interval > Duration::Zero());
  TIDEMARK_CHECK(plan.timeout > Duration::Zero());
  TIDEMARK_CHECK(plan.min_pause >= Duration::Zero());
  TIDEMARK_CHECK(plan.max_concurrent >= 1);
  // "It does not make sense to schedule checkpoints more often than the
  // desired time between checkpoints" (constructor): interval >= min pause.
  interval_ = std::max(plan.interval, min_pause_);
  // Flink draws the first delay from [min pause, interval]
  // (getRandomInitDelay); the scenario fixes it, by default at the top of the
  // range, i.e. the effective interval.
  first_delay_ = plan.first_delay.value_or(interval_);
  TIDEMARK_CHECK(first_delay_ >= Duration::Zero());
}

void CheckpointScheduler::Start(Timestamp now) {
  TIDEMARK_CHECK(!running_);
  running_ = true;
  failing_ = false;
  ArmTrigger(now + first_delay_);
}

std::vector<uint64_t> CheckpointScheduler::Stop() {
  running_ = false;
  failing_ = false;
  trigger_.reset();
  queue_.clear();
  std::vector<uint64_t> aborted = PendingIds();
  pending_.clear();
  return aborted;
}

Timestamp CheckpointScheduler::NextDue() const {
  Timestamp due = trigger_ ? trigger_->due : Timestamp::Max();
  for (const auto& [id, pending] : pending_) due = std::min(due, pending.expires);
  return due;
}

CheckpointScheduler::Step CheckpointScheduler::Advance(Timestamp now, Tasks tasks) {
  Step step;
  for (int events = 0;; ++events) {
    TIDEMARK_CHECK(events < kMaxEventsPerAdvance);
    // The earliest due timer; on a tie the one armed first.
    std::optional<uint64_t> expiring;
    Timestamp due = Timestamp::Max();
    uint64_t armed = UINT64_MAX;
    if (trigger_) {
      due = trigger_->due;
      armed = trigger_->armed;
    }
    for (const auto& [id, pending] : pending_) {
      if (pending.expires < due || (pending.expires == due && pending.armed < armed)) {
        expiring = id;
        due = pending.expires;
        armed = pending.armed;
      }
    }
    if (due > now || (!trigger_ && !expiring)) break;
    if (expiring) {
      Expire(*expiring, due, tasks, step);
    } else {
      FireTrigger(due, tasks, step);
    }
    if (step.fail_job) break;
  }
  return step;
}

CheckpointScheduler::Completion CheckpointScheduler::Complete(uint64_t id, Timestamp now,
                                                              Tasks tasks) {
  Completion completion;
  if (!IsPending(id)) return completion;
  completion.completed = true;
  pending_.erase(id);
  // reportCompletedCheckpoint -> CheckpointFailureManager.handleCheckpointSuccess.
  failures_.OnSuccess(id);
  // cleanupAfterCompletedCheckpoint: the min-pause clock, then
  // dropSubsumedCheckpoints (CHECKPOINT_SUBSUMED is never counted).
  last_completion_ = now;
  while (!pending_.empty() && pending_.begin()->first < id) {
    completion.subsumed.push_back(pending_.begin()->first);
    pending_.erase(pending_.begin());
  }
  // The finally block's scheduleTriggerRequest runs executeQueuedRequest
  // after all of this, so it sees the new completion time.
  StartQueued(now, tasks, completion.next);
  return completion;
}

CheckpointScheduler::Step CheckpointScheduler::Decline(uint64_t id, Timestamp now,
                                                       CheckpointFailureReason reason,
                                                       Tasks tasks) {
  Step step;
  if (!IsPending(id)) return step;  // Flink only logs a decline of an unknown id
  pending_.erase(id);
  CountFailure(id, reason, now, step);
  StartQueued(now, tasks, step);
  return step;
}

std::optional<Timestamp> CheckpointScheduler::TriggerTime(uint64_t id) const {
  const auto it = pending_.find(id);
  if (it == pending_.end()) return std::nullopt;
  return it->second.triggered;
}

std::vector<uint64_t> CheckpointScheduler::PendingIds() const {
  std::vector<uint64_t> ids;
  for (const auto& [id, pending] : pending_) ids.push_back(id);
  return ids;
}

// scheduleTriggerWithDelay; rescheduleTrigger cancels the old trigger first,
// which replacing it does.
void CheckpointScheduler::ArmTrigger(Timestamp due) { trigger_ = Trigger{due, armed_++}; }

// Fixed rate: the next time moves on by exactly one interval from the
// *scheduled* time, before the request is submitted and whatever happens to it.
void CheckpointScheduler::FireTrigger(Timestamp at, Tasks tasks, Step& step) {
  ArmTrigger(at + interval_);
  // CheckpointRequestDecider.chooseRequestToExecute(newRequest): enqueue;
  // beyond 1000 the newest periodic request (this one) is dropped.
  queue_.push_back(at);
  if (queue_.size() > kMaxQueuedRequests) {
    queue_.pop_back();
    step.skipped.push_back({at, R::kTooManyCheckpointRequests});
  }
  StartQueued(at, tasks, step);
}

void CheckpointScheduler::Expire(uint64_t id, Timestamp at, Tasks tasks, Step& step) {
  pending_.erase(id);
  step.expired.push_back({id, at});
  CountFailure(id, R::kCheckpointExpired, at, step);
  // abortPendingCheckpoint ends with scheduleTriggerRequest: the freed slot
  // may start a queued request.
  StartQueued(at, tasks, step);
}

void CheckpointScheduler::CountFailure(uint64_t id, CheckpointFailureReason reason, Timestamp at,
                                       Step& step) {
  std::optional<std::string> message = failures_.OnFailure(id, reason);
  if (!message || step.fail_job) return;
  step.fail_job = JobFailure{at, std::move(*message)};
  failing_ = true;
}

void CheckpointScheduler::StartQueued(Timestamp at, Tasks tasks, Step& step) {
  // Each pass removes a request, so this ends.
  while (!queue_.empty() && !failing_) {
    // Only a forced request (none here) may start while max-concurrent
    // attempts are pending; the others stay queued.
    if (pending_.size() >= max_concurrent_) return;
    // Min pause, for the head request (periodic, not forced): too early, it
    // is dropped and the trigger re-based to fire when the pause is over.
    if (last_completion_) {
      const Duration delay = (*last_completion_ + min_pause_) - at;
      if (delay > Duration::Zero()) {
        queue_.pop_front();
        step.skipped.push_back({at, R::kMinimumTimeBetweenCheckpoints});
        ArmTrigger(at + delay);
        return;
      }
    }
    queue_.pop_front();
    if (tasks == Tasks::kNotAllRunning) {
      // The plan fails before CheckpointIDCounter.getAndIncrement; not
      // counted. onTriggerFailure then tries the next queued request.
      step.skipped.push_back({at, R::kNotAllRequiredTasksRunning});
      continue;
    }
    const uint64_t id = next_id_++;
    // createPendingCheckpoint arms the CheckpointCanceller `timeout` later
    // (saturating: Flink's scheduler caps the trigger time the same way).
    pending_[id] = Pending{at, engine::SaturatingAdd(at, timeout_), armed_++};
    step.triggered.push_back({id, at});
  }
}

}  // namespace tidemark::sim
