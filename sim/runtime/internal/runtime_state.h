// The runtime's state and the Runtime class that drives it, shared by the
// files that implement it: runtime.cc (building the subtasks, channels and
// source feeds of a graph) and runtime_flow.cc (the main loop, the actions the
// agenda schedules, and how records, watermarks and statuses move: emission,
// routing, channels, delivery — one translation unit, so that the per-record
// path inlines). See runtime.h for the model.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_RUNTIME_STATE_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_RUNTIME_STATE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/watermarks/status_watermark_valve.h"
#include "sim/random/prng.h"
#include "sim/runtime/event_queue.h"
#include "sim/runtime/fifo_queue.h"
#include "sim/runtime/runtime.h"
#include "sim/runtime/source_subtask.h"
#include "sim/runtime/stream_element.h"
#include "sim/runtime/subtask_operator.h"
#include "sim/trace/trace_input.h"

namespace tidemark::sim::internal {

using engine::Fate;
using engine::Port;
using engine::Record;
using engine::Timestamp;

struct Action {
  enum class Kind : uint8_t {
    kRow,      // the next row of source feed `target` arrives
    kTick,     // periodic watermark tick of source subtask `target`
    kEnd,      // source feed `target` has no more rows
    kDeliver,  // channel `target` delivers its head element
    kWakeup,   // processing-time timers of subtask `target` are due
    // Fault tolerance (runtime_checkpoints.cc, runtime_failover.cc):
    kCheckpointTimer,     // the checkpoint scheduler is due
    kCheckpointComplete,  // every task acknowledged checkpoint `target`
    kCheckpointNotify,    // notifyCheckpointComplete(`target`) reaches the tasks
    kFailure,             // scripted failure `target` (FaultTolerancePlan::failures)
    kRestart,             // the restarted tasks run again
    kReplayRow,           // the next backlog row of feed `target` after a restore
    kAlignmentTimeout,    // subtask `target` may switch its alignment to unaligned
  };
  Kind kind;
  uint32_t target;
};

struct Channel {
  uint32_t from_subtask = 0;                                  // global subtask index
  uint32_t to_subtask = 0;                                    // global subtask index
  int input = 0;                                              // the consumer valve's channel index
  FifoQueue<std::pair<Timestamp, StreamElement>> queue = {};  // (ready time, element)
  Timestamp last_ready = Timestamp::Min();
  bool scheduled = false;
  // Aligned checkpoints: the consumer took this channel's barrier and reads
  // nothing more from it until every input's barrier is in.
  bool blocked = false;
};

// One connection from a subtask's output port to a consumer node.
struct Edge {
  Partitioning partitioning = Partitioning::kForward;
  bool chained = false;
  uint32_t chained_subtask = 0;    // chained: the consumer subtask
  int chained_input = 0;           // chained: the consumer valve's channel index
  std::vector<uint32_t> channels;  // else: a channel per consumer subtask index
  size_t key_field = 0;
  NodeIndex consumer = 0;  // the node the edge leads to, named in errors
  int max_parallelism = 128;
  uint64_t next = 0;  // rebalance: the last channel used
};

struct Subtask {
  NodeIndex node = 0;
  uint32_t index = 0;
  std::unique_ptr<SubtaskOperator> op;
  std::unique_ptr<SourceSubtask> source;
  std::unique_ptr<engine::StatusWatermarkValve> valve;
  std::vector<std::vector<Edge>> outputs;  // [port][edge]
  Timestamp watermark = Timestamp::Min();
  Timestamp wakeup = Timestamp::Max();
  bool finished = false;
  // Source subtasks: the periodic tick that counts (an agenda entry at
  // another time was superseded), and, while ticks are passed over (see
  // quiet_ticks.h), the grid tick where stepping stopped.
  std::optional<Timestamp> tick_due;
  std::optional<Timestamp> ticks_parked_at;
  uint64_t quiet_ticks = 0;  // consecutive ticks that changed nothing, no row between
  // What the source's QuietUntil() said when its next tick was pushed, kept
  // while no row has come and no tick has acted since (nullopt: ask again).
  std::optional<Timestamp> quiet_until;
  // Detail, source subtasks: each split's idleness as last narrated.
  std::vector<bool> split_idle;
  // A union or side-output selection fed by one chained subtask: that
  // subtask, whose operator emitted what this one passes on.
  uint32_t passes_on_from = kNoSubtask;
  static constexpr uint32_t kNoSubtask = ~uint32_t{0};
};

struct SourceFeed {
  NodeIndex node = 0;
  std::unique_ptr<TraceInput> input;
  TraceRow next;  // the next row, when has_next; reused row after row
  bool has_next = false;
  Timestamp next_arrival;
  Timestamp last_arrival = Timestamp::Min();
  uint64_t rows = 0;
  // The partition of the next row read without @partition: row index modulo
  // partitions, counted round rather than divided per row.
  int32_t round_robin = 0;
  int32_t partitions = 1;
  std::vector<uint32_t> owner;         // partition -> global subtask index
  std::vector<Timestamp> last_row_at;  // partition -> its last row's arrival (Min: none)
  bool exhausted = false;
  bool script = false;              // rows go straight to the consumer (SourcePlan::script)
  std::optional<Timestamp> end_at;  // SourcePlan::end_at
};

struct Recovery;  // recovery_state.h

// A task failed (an exception thrown in it, or a scripted failure): thrown
// from wherever it happens and caught by the main loop, which fails over the
// task's region. Everything the failing action touched belongs to that region
// (chained subtasks share their task) but the source feed, which OnRow keeps
// reading.
struct TaskFailure {
  uint32_t subtask = 0;
  std::string cause;
  bool global = false;  // every task restarts, whatever the failover strategy
};

class Runtime {
 public:
  Runtime(const JobGraph& plan, const RunOptions& options);
  ~Runtime();
  void Run();
  // After Run: the windows left pending, their records reclassified as
  // pending in the ledger (§1.13). pending_windows.cc.
  void CollectPending();
  RunResult TakeResult() { return std::move(result_); }

 private:
  class Context;
  class SourceSink;
  class SinkTap;

  void BuildSubtasks();
  void BuildEdges();
  void BuildFeeds();
  Timestamp ReadFirstRows();

  // Element flow.
  void Emit(uint32_t subtask, Port port, Record&& record);
  void Route(Edge& edge, Record&& record);
  // A record met a key_by with a null key (sim/trace/null_key.h).
  [[noreturn]] void ThrowNullKey(const Edge& edge, const Record& record) const;
  // An error the engine raised for record `id` at `subtask`, with no place:
  // located at the record's trace row, or at the stream.
  [[noreturn]] void ThrowUnlocated(uint32_t subtask, engine::RecordId id,
                                   const engine::InputError& error) const;
  // The trace row record `id` comes from, when it can be told.
  std::optional<engine::SourceLocation> RowOf(engine::RecordId id) const;
  void Broadcast(uint32_t subtask, const StreamElement& element);
  void Send(Edge& edge, uint32_t consumer_index, StreamElement&& element);
  void SendRecord(Edge& edge, uint32_t consumer_index, Record&& record);
  std::pair<Timestamp, StreamElement>& NextSlot(Edge& edge, uint32_t consumer_index);
  void Deliver(uint32_t subtask, int input, StreamElement& element);
  void ProcessRecord(uint32_t subtask, Record&& record);
  void OnValveWatermark(uint32_t subtask, Timestamp watermark);
  void OnValveStatus(uint32_t subtask, engine::WatermarkStatus status);
  void ScheduleWakeup(uint32_t subtask);
  // Sinks: what reaches them besides records, and the watermark a sunk
  // record was emitted at.
  void TapSinks(uint32_t subtask, const StreamElement& element);
  Timestamp EmittingWatermark(uint32_t subtask) const;
  void OnScriptRow(uint32_t subtask, TraceRow& row);
  Timestamp EndOfInput(const SourceFeed& feed) const;
  std::vector<WatermarkHold> HoldChain(uint32_t subtask) const;
  void ReclassifyPending(const PendingSubtask& pending);

  // Fault tolerance: runtime_checkpoints.cc.
  void BuildRecovery();
  void StartRecovery();
  void OnCheckpointTimer();
  void ScheduleCheckpointTimer();
  void TriggerCheckpoint(uint64_t id);
  void OnBarrier(uint32_t subtask, int input, uint64_t checkpoint);
  void SnapshotSubtask(uint32_t subtask, uint64_t checkpoint);
  // The subtask's snapshot of `checkpoint` is complete (every barrier in).
  void Acknowledge(uint32_t subtask, uint64_t checkpoint);
  void OnAlignmentTimeout(uint32_t subtask);
  void SwitchToUnaligned(uint32_t subtask);
  void CaptureChannelState(uint32_t subtask, int input, const Record& record);
  void ResetAlignment(uint32_t subtask);
  void UnblockInputs(uint32_t subtask);
  void AbortCheckpoint(uint64_t id, std::string_view reason);
  void OnCheckpointComplete(uint64_t id);
  void OnCheckpointNotify(uint64_t id);
  // Throws TaskFailure when a scripted failure makes the sink throw on the
  // record (before the ledger notes it as sunk: it never reaches the sink).
  void ThrowIfSinkFails(uint32_t subtask, size_t sink, const Record& record);
  void WriteToSink(uint32_t subtask, size_t sink, const Record& record);
  void ShowSinkRecord(size_t sink, const Record& record, const RecordEmission& emission);
  uint64_t SourcePosition(uint32_t subtask) const;
  void FinishRecovery();
  // runtime_failover.cc.
  void OnScriptedFailure(uint32_t failure);
  void HandleFailure(const TaskFailure& failure);
  void CancelSubtasks(const std::vector<uint32_t>& subtasks);
  void FailJob(const std::string& why);
  void OnRestart();
  void RestoreSubtask(uint32_t subtask);
  void StartReplay(uint32_t feed, const std::vector<uint32_t>& restored);
  void OnReplayRow(uint32_t feed);
  void AdvanceReplay(uint32_t feed);
  // Hands a trace row to its reader subtask; `count_in`: it is read for the
  // first time (a replayed row is not counted in again).
  void DeliverRow(SourceFeed& feed, TraceRow& row, int32_t partition, uint32_t subtask,
                  bool count_in);
  void AdvanceFeed(uint32_t feed);
  bool Live(uint32_t subtask) const;
  uint64_t LiveNextRow(const SourceFeed& feed) const {
    return feed.has_next ? feed.rows - 1 : feed.rows;
  }
  bool RecoveryBusy() const;
  // Every element still in a channel is a checkpoint barrier.
  bool OnlyBarriersInFlight() const;
  void Dispatch(const Action& action, Timestamp& last_row);

  // Scheduled actions.
  void ReadNextRow(SourceFeed& feed);
  void OnRow(uint32_t feed);
  void OnTick(uint32_t subtask);
  void ScheduleTick(uint32_t subtask);
  void ResumeTicks(uint32_t subtask);
  void OnEnd(uint32_t feed);
  void FinishSourceSubtask(uint32_t subtask);
  void OnDeliver(uint32_t channel);
  void OnWakeup(uint32_t subtask);

  void Note(uint32_t subtask, engine::RecordId record, Fate fate, uint32_t tag);
  // Detail: steps for the splits of source subtask `subtask` whose idleness
  // changed during the call that began when the schedule held `mark` steps,
  // placed before what that call emitted.
  void NoteSplitStatus(uint32_t subtask, size_t mark);
  // Whether the step was recorded (a detailed run, within RunOptions::detail_rows).
  bool Step(ScheduleStep::Kind kind, uint32_t subtask,
            engine::RecordId record = engine::kNoRecordId, Timestamp watermark = Timestamp::Min(),
            uint32_t channel = 0);
  bool detailed() const { return options_.detail == engine::Ledger::Detail::kEveryRecord; }
  // Whether a detailed run keeps the detail of `record` (kNoRecordId: of a
  // step or firing naming no record), noting in the result what it drops.
  bool KeepsDetail(engine::RecordId record) {
    const bool keep = record == engine::kNoRecordId ? !detail_cut_ : record < options_.detail_rows;
    if (!keep) result_.detail_cut = true;
    return keep;
  }
  // Called as each event row is counted in: past RunOptions::detail_rows,
  // steps and entries naming no record stop being kept.
  void CountRecordIn() {
    if (++result_.records_in > options_.detail_rows && !detail_cut_) [[unlikely]] {
      detail_cut_ = true;
      result_.detail_cut = true;
      result_.ledger.StopUnnamedEntries();
    }
    if ((result_.records_in & (RunOptions::kProgressRows - 1)) == 0 && options_.on_progress)
        [[unlikely]] {
      options_.on_progress(result_.records_in);
    }
  }

  const JobGraph& plan_;
  const RunOptions options_;
  RunResult result_;
  bool detail_cut_ = false;  // more event rows than RunOptions::detail_rows were read
  EventQueue<Action> agenda_;
  Prng latency_prng_;
  Prng rebalance_prng_;
  Timestamp now_ = Timestamp::Min();
  Timestamp start_ = Timestamp::Millis(0);  // the earliest first arrival: the clock starts here
  std::vector<Subtask> subtasks_;
  std::vector<uint32_t> first_subtask_;  // node -> its subtask 0
  std::vector<int> inputs_of_;           // subtask -> its valve's input channels
  // subtask -> valve input -> channel id (kNoChannel: a chained input)
  std::vector<std::vector<uint32_t>> input_channel_;
  static constexpr uint32_t kNoChannel = ~uint32_t{0};
  std::vector<SourceSink*> source_sink_of_;  // subtask -> its SourceSink (sources)
  // Checkpoints, failures and restarts; null when the job configures none.
  std::unique_ptr<Recovery> recovery_;
  std::vector<std::vector<uint32_t>>
      input_sources_;  // [subtask][valve channel] -> upstream subtask
  std::vector<Channel> channels_;
  uint32_t channels_scheduled_ = 0;  // channels with a delivery on the agenda
  uint32_t wakeups_pending_ = 0;     // subtasks with a processing-timer wake-up due
  std::vector<SourceFeed> feeds_;
  // The feed whose row OnRow is handling, else null: what that row emits on
  // the way is located at it.
  const SourceFeed* row_feed_ = nullptr;
  size_t feeds_exhausted_ = 0;
  std::vector<std::vector<size_t>> sinks_of_node_;
  std::vector<std::unique_ptr<SourceSink>> source_sinks_;
  std::vector<std::unique_ptr<Context>> contexts_;
  std::vector<std::unique_ptr<SinkTap>> sink_taps_;  // per sink, with RunOptions::sink_elements
  // Value vectors of records that were consumed, for the next rows read: a
  // row's record leaves with its vector, and this gives it one back, so
  // reading allocates nothing per row.
  std::vector<std::vector<engine::Value>> spare_values_;
};

// OperatorContext of one subtask.
class Runtime::Context final : public OperatorContext, public engine::WatermarkEventOutput {
 public:
  Context(Runtime& runtime, uint32_t subtask) : runtime_(runtime), subtask_(subtask) {}
  void Emit(Port port, Record record) override { runtime_.Emit(subtask_, port, std::move(record)); }
  void Note(engine::RecordId record, Fate fate, uint32_t tag) override {
    runtime_.Note(subtask_, record, fate, tag);
  }
  bool detailed() const override { return runtime_.detailed(); }
  void NoteWindowDecision(const engine::ElementDecision& decision) override {
    if (!runtime_.KeepsDetail(decision.record_id)) return;
    const Subtask& s = runtime_.subtasks_[subtask_];
    runtime_.result_.window_decisions.push_back({s.node, s.index, runtime_.now_, decision});
  }
  void NoteFiring(const engine::WindowResult& result) override {
    if (!runtime_.KeepsDetail(engine::kNoRecordId)) return;
    const Subtask& s = runtime_.subtasks_[subtask_];
    runtime_.result_.firings.push_back({s.node, s.index, runtime_.now_, s.watermark, result});
    if (runtime_.Step(ScheduleStep::Kind::kFiring, subtask_)) {
      runtime_.result_.schedule.back().firing =
          static_cast<uint32_t>(runtime_.result_.firings.size() - 1);
    }
  }
  // The valve's output.
  void EmitWatermark(Timestamp watermark) override {
    runtime_.OnValveWatermark(subtask_, watermark);
  }
  void EmitWatermarkStatus(engine::WatermarkStatus status) override {
    runtime_.OnValveStatus(subtask_, status);
  }

 private:
  Runtime& runtime_;
  uint32_t subtask_;
};

// Where a source subtask's records, watermarks and statuses go.
class Runtime::SourceSink final : public SourceOutput {
 public:
  SourceSink(Runtime& runtime, uint32_t subtask) : runtime_(runtime), subtask_(subtask) {}
  void EmitRecord(Record&& record) override {
    runtime_.Emit(subtask_, engine::kMainPort, std::move(record));
  }
  void EmitWatermark(Timestamp watermark) override {
    runtime_.subtasks_[subtask_].watermark = watermark;
    if (runtime_.Step(ScheduleStep::Kind::kOutputWatermark, subtask_, engine::kNoRecordId,
                      watermark)) {
      const auto holding = runtime_.subtasks_[subtask_].source->HoldingPartitions();
      if (!holding.empty()) runtime_.result_.schedule.back().partition = holding.front();
    }
    runtime_.Broadcast(subtask_, StreamElement::OfWatermark(watermark));
  }
  void EmitStatus(engine::WatermarkStatus status) override {
    runtime_.Step(status == engine::WatermarkStatus::kIdle ? ScheduleStep::Kind::kIdle
                                                           : ScheduleStep::Kind::kActive,
                  subtask_);
    runtime_.Broadcast(subtask_, StreamElement::OfStatus(status));
  }

 private:
  Runtime& runtime_;
  uint32_t subtask_;
};

// Takes the watermarks and statuses a sink's stream emits, combining the
// stream's subtasks with a valve when it has several.
class Runtime::SinkTap final : public engine::WatermarkEventOutput {
 public:
  SinkTap(std::vector<SinkElement>& elements, int subtasks) : elements_(elements) {
    if (subtasks > 1) valve_ = std::make_unique<engine::StatusWatermarkValve>(subtasks);
  }
  void Take(uint32_t subtask_index, const StreamElement& element) {
    const int channel = static_cast<int>(subtask_index);
    if (element.kind == StreamElement::Kind::kWatermark) {
      if (valve_) {
        valve_->InputWatermark(element.watermark, channel, *this);
      } else {
        EmitWatermark(element.watermark);
      }
    } else if (element.kind == StreamElement::Kind::kStatus) {
      if (valve_) {
        valve_->InputWatermarkStatus(element.status, channel, *this);
      } else {
        EmitWatermarkStatus(element.status);
      }
    }
  }
  void EmitWatermark(Timestamp watermark) override {
    elements_.push_back({.kind = SinkElement::Kind::kWatermark,
                         .record = 0,
                         .watermark = watermark,
                         .status = engine::WatermarkStatus::kActive});
  }
  void EmitWatermarkStatus(engine::WatermarkStatus status) override {
    elements_.push_back({.kind = SinkElement::Kind::kStatus,
                         .record = 0,
                         .watermark = Timestamp::Min(),
                         .status = status});
  }

 private:
  std::vector<SinkElement>& elements_;
  std::unique_ptr<engine::StatusWatermarkValve> valve_;
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_RUNTIME_STATE_H_
