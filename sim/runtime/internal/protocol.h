// The seam between the loop (loop.h, source_feeds.h), which moves the world,
// and the protocol that makes a job fault tolerant (fault_tolerance.h:
// checkpoints, barriers, snapshots, failover, restore, replay).
//
// The loop is a class template over its protocol, instantiated twice, each in
// a translation unit of its own: Loop<NoFaultTolerance> (loop_plain.cc) for a
// job that configures no fault tolerance, Loop<FaultTolerance>
// (loop_fault_tolerant.cc) for one that does; RunJob picks one by the graph.
// Every call into the protocol sits under `if constexpr
// (Protocol::kFaultTolerant)`, so the plain loop has no trace of it: no
// branch, no call, no try block on the per-record path. The alternative, hooks
// installed at run time, would leave a test (or an indirect call) on every
// record delivered and every record a sink takes; the template costs a
// second instantiation of the loop, which compiles in parallel with the first.
//
// Where the loop calls the protocol (FaultTolerance), in a run's order:
//   Start              the job is RUNNING: the scheduler starts, scripted
//                      failures go on the agenda
//   OnAction           an action of its own comes off the agenda (Action::Kind
//                      kCheckpointTimer and after)
//   OnRecordDelivered  a channel delivers a record, before the operator takes
//                      it (unaligned checkpoints keep it as channel state)
//   OnBarrier          a channel, or a chained input, delivers a barrier
//   OnSinkRecord       a sink takes a record (it may fail there, and its
//                      guarantee decides when the record is visible)
//   Live, TakeLiveRow  a source row or end of input reaches a reader that may
//                      be down or replaying its backlog
//   OnTaskFailure      a TaskFailure was thrown out of an action
//   job_ended, Busy, OnlyBarriersInFlight
//                      whether the run may end
//   OnJobEnd           the loop has ended
// And where the protocol calls the loop (LoopControl): a barrier sent, a
// restored record processed, a restored subtask's timers caught up, a
// replayed row delivered, a reader finished. Both sides change the world
// only within the action the loop is running, so the order of a run is the
// agenda's.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_PROTOCOL_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_PROTOCOL_H_

#include <cstdint>
#include <string>

#include "engine/core/record.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim::internal {

struct World;

// A task failed (an exception thrown in it, or a scripted failure): thrown
// from wherever it happens and caught by the loop, which hands it to the
// protocol to fail over the task's region. Everything the failing action
// touched belongs to that region (chained subtasks share their task) but the
// source feed, which reads on.
struct TaskFailure {
  uint32_t subtask = 0;
  std::string cause;
  bool global = false;  // every task restarts, whatever the failover strategy
};

// What the protocol asks the loop to do: the moves that emission and delivery
// make, which only the loop knows how to make.
class LoopControl {
 public:
  // Subtask `subtask` sends checkpoint `checkpoint`'s barrier on every output.
  virtual void SendBarrier(uint32_t subtask, uint64_t checkpoint) = 0;
  // A record restored from a checkpoint's channel state reaches `subtask`.
  virtual void ProcessRestored(uint32_t subtask, engine::Record&& record) = 0;
  // A restored subtask's processing-time timers due by now fire, and its next
  // wake-up goes on the agenda.
  virtual void CatchUpTimers(uint32_t subtask) = 0;
  // A replayed row of feed `feed` reaches reader `subtask` (counted in before).
  virtual void DeliverReplayedRow(uint32_t feed, TraceRow& row, int32_t partition,
                                  uint32_t subtask) = 0;
  // Reader `subtask`'s bounded input has ended.
  virtual void FinishReader(uint32_t subtask) = 0;

 protected:
  ~LoopControl() = default;
};

// The protocol of a job without fault tolerance: none. A sink shows a record
// as it takes it; nothing fails but with an error that ends the run.
struct NoFaultTolerance {
  static constexpr bool kFaultTolerant = false;
  NoFaultTolerance(World& /*world*/, LoopControl& /*loop*/) {}
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_PROTOCOL_H_
