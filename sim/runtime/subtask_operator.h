// SubtaskOperator: one parallel instance of a planned stream's operator, as
// the runtime drives it.
//
// The runtime delivers records, advances the operator's watermark (it fires
// due event-time timers and emits their results synchronously; the runtime
// forwards the watermark only afterwards, as Flink's AbstractStreamOperator
// does, §1.8) and its processing clock. Operators emit
// through an OperatorContext, which also takes their ledger notes.
#ifndef TIDEMARK_SIM_RUNTIME_SUBTASK_OPERATOR_H_
#define TIDEMARK_SIM_RUNTIME_SUBTASK_OPERATOR_H_

#include <memory>
#include <optional>
#include <vector>

#include "engine/core/ledger.h"
#include "engine/core/record.h"
#include "engine/operators/router.h"
#include "engine/windows/element_decision.h"
#include "engine/windows/pending_window.h"
#include "engine/windows/window_result.h"
#include "sim/graph/job_graph.h"

namespace tidemark::sim {

class OperatorContext {
 public:
  virtual ~OperatorContext() = default;
  virtual void Emit(engine::Port port, engine::Record record) = 0;
  // A ledger note about `record` at this subtask; the context fills in node,
  // subtask, watermark and processing time.
  virtual void Note(engine::RecordId record, engine::Fate fate, uint32_t tag = 0) = 0;
  // Whether per-record detail is being recorded (so operators can skip
  // building it when not).
  virtual bool detailed() const = 0;
  virtual void NoteWindowDecision(const engine::ElementDecision& decision) = 0;
  virtual void NoteFiring(const engine::WindowResult& result) = 0;
};

class SubtaskOperator {
 public:
  virtual ~SubtaskOperator() = default;
  // The operator may move from `record` (to emit it) or leave it; the caller
  // reuses what is left of it.
  virtual void ProcessRecord(engine::Record&& record, OperatorContext& ctx) = 0;
  // Sets the operator's watermark and fires the event-time timers due.
  virtual void AdvanceWatermark(engine::Timestamp /*watermark*/, OperatorContext& /*ctx*/) {}
  // Sets the processing clock and fires the processing-time timers due.
  virtual void AdvanceProcessingTime(engine::Timestamp /*now*/, OperatorContext& /*ctx*/) {}
  // The earliest pending processing-time timer, so the runtime can wake the
  // operator up when no element arrives; Max when none is pending. (Max, not
  // an optional: asked after every record, and an optional returned through
  // memory stalls the load of its flag on the store.)
  virtual engine::Timestamp NextProcessingTimer() const { return engine::Timestamp::Max(); }
  // Windows still holding contents or timers (§1.13); none for other kinds.
  virtual std::vector<engine::PendingWindow> PendingWindows() const { return {}; }
  // The operator's current watermark (Min before any).
  virtual engine::Timestamp CurrentWatermark() const { return engine::Timestamp::Min(); }

  // A checkpoint's snapshot of the operator's state: a copy of it, or null
  // for an operator that keeps none (filter, map, routing, union).
  virtual std::unique_ptr<SubtaskOperator> Snapshot() const { return nullptr; }
  // Puts a snapshot this kind of operator took back in place of its state,
  // the watermark back to Min (no snapshot holds it). REQUIRES `snapshot`
  // came from Snapshot() of an operator of the same node.
  virtual void RestoreFrom(const SubtaskOperator& /*snapshot*/) {}
};

// REQUIRES node.kind != kSource. `detailed`: the run records every record's
// story, so window operators also name their unfired records.
std::unique_ptr<SubtaskOperator> MakeSubtaskOperator(const PlannedNode& node, bool detailed);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_SUBTASK_OPERATOR_H_
