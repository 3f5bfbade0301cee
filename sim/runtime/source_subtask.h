// SourceSubtask: one parallel instance of a source, as Flink's SourceOperator
// with a FLIP-27 reader that gives every split (Kafka partition) its own
// watermark generator (§5.4 and §8). The simulator drives
// it on a virtual processing clock: rows as they arrive, periodic ticks, and the
// end of a bounded input.
//
// Structure, as ProgressiveTimestampsAndWatermarks (1.20):
//   - per split: a generator from the factory (wrapped in withIdleness when
//     configured) writing onEvent watermarks to the split's immediate output and
//     periodic ones to its deferred output of a WatermarkOutputMultiplexer;
//   - the "main output": one more generator of the same strategy that never sees
//     a record (a split-based reader emits nothing through it) but is ticked;
//   - an idleness manager: the subtask goes IDLE only when both the split branch
//     (the multiplexer) and the main branch are idle;
//   - the final output (WatermarkToDataOutput == engine::WatermarkEmitter):
//     strictly increasing watermarks, ACTIVE right before the first watermark
//     that leaves after IDLE, IDLE once per idle period.
//
// Idleness of the subtask (IdlenessManager in flink-streaming-java/src/main/
// java/org/apache/flink/streaming/api/operators/source/
// ProgressiveTimestampsAndWatermarks.java, FLINK-28975): each branch starts
// idle; any watermark offered through a branch, even a Min the final output
// drops, makes it active. Consequences:
//   - no splits, no withIdleness: the multiplexer has no partials and never
//     emits or idles; a ticking main generator offers Min (dropped): no
//     watermark, never IDLE; downstream waits forever (§8's Kafka caveat);
//   - no splits, withIdleness: the main generator sees no record, so it goes
//     idle at the first tick P with P - (first tick) > timeout; the split branch
//     was never made active: the subtask announces IDLE then;
//   - with splits: IDLE when every split is idle and the main output is idle
//     (with withIdleness it is, by the time a split times out; with strategy
//     none or punctuated, or before the first tick, it always is).
//
// Ordering guarantee: every SourceOutput call happens synchronously, in Flink's
// emission order: a record before any watermark its OnEvent causes; within a
// tick, one combined watermark (or IDLE) at most, after all splits were ticked.
#ifndef TIDEMARK_SIM_RUNTIME_SOURCE_SUBTASK_H_
#define TIDEMARK_SIM_RUNTIME_SOURCE_SUBTASK_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/watermarks/punctuated_watermarks.h"
#include "engine/watermarks/watermark_generator.h"
#include "engine/watermarks/watermark_status.h"
#include "sim/graph/job_graph.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

// Where a source subtask's stream goes. Implemented by the runtime; called
// synchronously, in emission order.
class SourceOutput {
 public:
  virtual ~SourceOutput() = default;
  // The record may be moved from.
  virtual void EmitRecord(engine::Record&& record) = 0;
  virtual void EmitWatermark(engine::Timestamp watermark) = 0;
  virtual void EmitStatus(engine::WatermarkStatus status) = 0;
};

// Makes one fresh generator of the base strategy; called once per split and
// once for the main output.
using GeneratorFactory = std::function<std::unique_ptr<engine::WatermarkGenerator>()>;

// The base strategy of `spec` (none, bounded, monotonous, punctuated). Idleness
// is NOT applied here: SourceSubtaskOptions::idleness wraps each generator.
// REQUIRES: spec was validated (bound >= 0); `punctuated` is callable when the
// strategy is kPunctuated.
GeneratorFactory MakeGeneratorFactory(const WatermarkPlan& spec,
                                      engine::WatermarkExtractor punctuated);

// What a bounded source does when its input ends (§4.7).
enum class EndOfInputEmission {
  // One last periodic emit (every split, then the combined value), then Max.
  kFinalPeriodicEmitThenMax,
  // Max only. This is what a FLIP-27 source does in Flink 1.20: on END_OF_DATA
  // StreamTask.endData emits Max (SourceOperatorStreamTask.advanceToEndOfEventTime)
  // and only then SourceOperator.finish() stops the periodic emitter without
  // a last emit (flink-streaming-java/.../api/operators/SourceOperator.java).
  kMaxOnly,
};

struct SourceSubtaskOptions {
  std::string source_name;  // for narration
  std::string topic;        // split ids are "<topic>-<partition>"
  // The splits this subtask owns, ascending, distinct; may be empty.
  std::vector<int32_t> partitions;
  GeneratorFactory generator;                // the base strategy; REQUIRES callable
  std::optional<engine::Duration> idleness;  // withIdleness(d); REQUIRES d > 0
  // pipeline.auto-watermark-interval; 0 = no periodic emission (§4.5, §5.4).
  engine::Duration interval = engine::Duration::Millis(200);
  // Processing time at which the operator opened; the first tick is due at
  // open_time + interval.
  engine::Timestamp open_time = engine::Timestamp::Millis(0);
  EndOfInputEmission end_of_input = EndOfInputEmission::kFinalPeriodicEmitThenMax;
};

// One split's watermark state, for narration.
struct SplitState {
  int32_t partition = 0;
  std::string split_id;
  engine::Timestamp watermark = engine::Timestamp::Min();  // the split's partial watermark
  bool idle = false;
};

class SourceSubtask {
 public:
  // `out` must outlive the subtask. Splits are registered at once, before any
  // record is read, as Flink registers assigned splits (§5.4).
  SourceSubtask(SourceSubtaskOptions options, SourceOutput& out);
  ~SourceSubtask();
  SourceSubtask(const SourceSubtask&) = delete;
  SourceSubtask& operator=(const SourceSubtask&) = delete;

  // A trace row of `partition` at processing time `now`:
  //   kEvent: the record is emitted FIRST, then the split generator's OnEvent
  //     (a punctuated watermark therefore follows its record);
  //   kWatermark: the split offers row.watermark on its immediate output;
  //   kIdle / kActive: the split marks itself idle / active (immediate output).
  //     A later watermark offered by the split's own generator (a bounded one
  //     offers on every tick) re-activates it, as on any partial (§5.3); an
  //     active row alone never sends ACTIVE: a larger watermark must leave.
  // `now` does not enter the state: idleness counts events and times the
  // quiet stretch on the ticks (§4.4).
  // An event's record is moved out of `row` (its values left empty) unless the
  // split's generator reads records (punctuated): that saves a copy per row.
  // The row's other fields stay as they were.
  // REQUIRES: row.kind != kParseFailure; `partition` is owned; not finished.
  void OnRow(TraceRow&& row, int32_t partition, engine::Timestamp now);

  // The periodic tick: every split's OnPeriodicEmit (deferred), the combined
  // value once, then the main output's generator. REQUIRES interval > 0; not finished.
  void OnPeriodicTick(engine::Timestamp now);
  // A periodic tick before QuietUntil(), with no row since it was asked:
  // every generator would repeat its last emit, so only next_tick() moves.
  // REQUIRES: as OnPeriodicTick.
  void PassQuietTick(engine::Timestamp now);

  // End of a bounded input: see EndOfInputEmission; afterwards nothing more may
  // be called. An unbounded source simply stops being called.
  void OnEndOfInput(engine::Timestamp now);

  // When the next periodic tick is due: open_time + interval at first, then
  // (drifting, as scheduleWithFixedDelay) the last tick's time + interval.
  // nullopt when interval is 0 or the input has ended.
  std::optional<engine::Timestamp> next_tick() const;
  // Until when further ticks would change nothing, if no row comes first:
  // the earliest time at which a tick may act (an idleness timeout passing),
  // Max for never, nullopt when the next tick may already act. Right after a
  // tick, every split's output holds what its generator offers; repeating
  // the tick repeats those offers, which the outputs drop as no change.
  std::optional<engine::Timestamp> QuietUntil() const;

  engine::Timestamp current_watermark() const;  // the last emitted; Min before any
  bool idle() const;                            // IDLE announced and not withdrawn
  bool finished() const { return finished_; }
  const SourceSubtaskOptions& options() const { return options_; }

  // The partitions holding this subtask's watermark back: the non-idle splits
  // whose partial watermark is the minimum, ascending. Empty when every split
  // is idle or there are none.
  std::vector<int32_t> HoldingPartitions() const;
  // Every split's state, ascending by partition.
  std::vector<SplitState> Splits() const;

 private:
  // The outputs of State, members rather than types of source_subtask.cc's
  // anonymous namespace, which State's members may not have (-Wsubobject-linkage).
  class EventOutput;
  class Branch;
  struct Split;
  struct State;

  Split& FindSplit(int32_t partition);
  void PeriodicEmit(engine::Timestamp now);

  SourceSubtaskOptions options_;
  std::unique_ptr<State> state_;
  Split* last_split_ = nullptr;  // the split FindSplit found last (splits never move)
  std::optional<engine::Timestamp> next_tick_;
  bool finished_ = false;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_SOURCE_SUBTASK_H_
