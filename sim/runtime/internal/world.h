// The world a run moves through: the agenda and the virtual clock, the
// subtasks with their operators and valves, the channels between them, the
// source feeds reading the traces, the sinks, and the run's record (ledger,
// schedule, result). Built from the graph here (world.cc); moved by the loop
// (loop.h: emission, routing, channels, delivery; source_feeds.h: rows, ticks,
// end of input); checkpoints and failover (fault_tolerance.h) read and change
// it at the points the loop gives them, and never the other way round: nothing
// here knows of the protocol but the fields it sets (Channel::blocked).
//
// Invariants: `channels_scheduled` counts the channels with `scheduled` set,
// each of which has exactly one kDeliver on the agenda; `wakeups_pending` counts
// the subtasks whose `wakeup` is before Max; `feeds_exhausted` the feeds whose
// input ended. Ledger notes and schedule steps are stamped with `now`, so every
// change happens within an action the loop popped off the agenda.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_WORLD_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_WORLD_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/watermarks/status_watermark_valve.h"
#include "sim/random/prng.h"
#include "sim/runtime/event_queue.h"
#include "sim/runtime/fifo_queue.h"
#include "sim/runtime/internal/sink_outputs.h"
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
    // Fault tolerance only (fault_tolerance.h):
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
  // The lines of the last kRecentRows rows read, at row number modulo
  // kRecentRows: an error about a record in flight is located at its row
  // without reading the trace again (World::RowOf), in memory that does not
  // grow with the trace.
  static constexpr uint64_t kRecentRows = 1024;
  std::vector<int> recent_lines = std::vector<int>(kRecentRows, 0);
};

struct World {
  // Builds the subtasks, the edges and channels between them, and the
  // source feeds, whose first rows it reads: the clock starts at the
  // earliest. The source subtasks come with OpenReaders.
  World(const JobGraph& plan, const RunOptions& options);
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // Creates each reader subtask of a (non-script) source, writing to its
  // `source_output_of`, and fills the feeds' partition owners.
  void OpenReaders();

  // Reads the feed's next row (has_next: there is one) and when it arrives.
  void ReadNextRow(SourceFeed& feed) {
    feed.has_next = feed.input->Next(feed.next);
    if (!feed.has_next) return;
    feed.recent_lines[feed.rows & (SourceFeed::kRecentRows - 1)] = feed.next.line;
    const SourcePlan& source = plan.sources[plan.nodes[feed.node].source];
    const Timestamp paced = Timestamp::Millis(0) +
                            engine::Duration::Millis(static_cast<int64_t>(
                                feed.rows * static_cast<uint64_t>(source.arrival_every.millis())));
    Timestamp arrival = feed.next.arrival.value_or(paced);
    // A row that failed to parse has no @arrival of its own: it arrives with the
    // row before it rather than back at its paced time.
    if (feed.next.kind == TraceRowKind::kParseFailure && !feed.next.arrival && feed.rows > 0) {
      arrival = std::max(arrival, feed.last_arrival);
    }
    if ((feed.end_at && arrival > *feed.end_at) || arrival < feed.last_arrival) [[unlikely]] {
      ThrowMisplacedArrival(feed, arrival);
    }
    feed.next_arrival = arrival;
    feed.last_arrival = arrival;
    ++feed.rows;
  }
  // When a source's input ends: with its last row, or at `end: {at}`.
  Timestamp EndOfInput(const SourceFeed& feed) const {
    return feed.end_at ? std::max(now, *feed.end_at) : now;
  }
  // The index of the first row the live feed has not handed out yet.
  static uint64_t LiveNextRow(const SourceFeed& feed) {
    return feed.has_next ? feed.rows - 1 : feed.rows;
  }

  // The run's record.
  void Note(uint32_t subtask, engine::RecordId record, Fate fate, uint32_t tag) {
    const Subtask& s = subtasks[subtask];
    result.ledger.Add({.record = record,
                       .node = s.node,
                       .subtask = s.index,
                       .fate = fate,
                       .tag = tag,
                       .watermark = s.watermark,
                       .processing_time = now});
  }
  // Whether the step was recorded (a detailed run, within RunOptions::detail_rows).
  bool Step(ScheduleStep::Kind kind, uint32_t subtask,
            engine::RecordId record = engine::kNoRecordId, Timestamp watermark = Timestamp::Min(),
            uint32_t channel = 0) {
    if (!detailed() || !KeepsDetail(record)) return false;
    const Subtask& s = subtasks[subtask];
    result.schedule.push_back({.kind = kind,
                               .time = now,
                               .node = s.node,
                               .subtask = s.index,
                               .channel = channel,
                               .record = record,
                               .watermark = watermark,
                               .firing = 0});
    return true;
  }
  // Detail: steps for the splits of source subtask `subtask` whose idleness
  // changed during the call that began when the schedule held `mark` steps,
  // placed before what that call emitted.
  void NoteSplitStatus(uint32_t subtask, size_t mark);
  void NoteWindowDecision(uint32_t subtask, const engine::ElementDecision& decision);
  void NoteFiring(uint32_t subtask, const engine::WindowResult& firing);
  bool detailed() const { return options.detail == engine::Ledger::Detail::kEveryRecord; }
  // Whether a detailed run keeps the detail of `record` (kNoRecordId: of a
  // step or firing naming no record), noting in the result what it drops.
  bool KeepsDetail(engine::RecordId record) {
    const bool keep = record == engine::kNoRecordId
                          ? !detail_cut
                          : engine::RecordRow(record) < options.detail_rows;
    if (!keep) result.detail_cut = true;
    return keep;
  }
  // Called as each event row is counted in: past RunOptions::detail_rows,
  // steps and entries naming no record stop being kept.
  void CountRecordIn() {
    if (++result.records_in > options.detail_rows && !detail_cut) [[unlikely]] {
      detail_cut = true;
      result.detail_cut = true;
      result.ledger.StopUnnamedEntries();
    }
    if ((result.records_in & (RunOptions::kProgressRows - 1)) == 0 && options.on_progress)
        [[unlikely]] {
      options.on_progress(result.records_in);
    }
  }
  // The watermark a record the subtask emits was emitted at (RecordEmission).
  Timestamp EmittingWatermark(uint32_t subtask) const {
    while (subtasks[subtask].passes_on_from != Subtask::kNoSubtask) {
      subtask = subtasks[subtask].passes_on_from;
    }
    return subtasks[subtask].watermark;
  }

  // Errors met on the way, located at a trace row where one can be told
  // (world_errors.cc).
  // A record met a key_by with a null key (sim/trace/null_key.h).
  [[noreturn]] void ThrowNullKey(const Edge& edge, const Record& record) const;
  // An error the engine raised for record `id` at `subtask`, with no place:
  // located at the record's trace row, or at the stream.
  [[noreturn]] void ThrowUnlocated(uint32_t subtask, engine::RecordId id,
                                   const engine::InputError& error) const;
  // The feed's next row names a partition (or script channel) it does not have.
  [[noreturn]] void ThrowNoSuchPartition(const SourceFeed& feed, int32_t partition) const;
  // The feed's next row arrives after its end, or before the row before it.
  [[noreturn]] void ThrowMisplacedArrival(const SourceFeed& feed, Timestamp arrival) const;
  // The trace row record `id` comes from (kNoRecordId: none).
  std::optional<engine::SourceLocation> RowOf(engine::RecordId id) const;

  const JobGraph& plan;
  const RunOptions options;
  RunResult result;
  bool detail_cut = false;  // more event rows than RunOptions::detail_rows were read
  EventQueue<Action> agenda;
  Prng latency_prng;
  Prng rebalance_prng;
  Timestamp now = Timestamp::Min();
  Timestamp start = Timestamp::Millis(0);  // the earliest first arrival: the clock starts here
  std::vector<Subtask> subtasks;
  std::vector<uint32_t> first_subtask;  // node -> its subtask 0
  std::vector<int> inputs_of;           // subtask -> its valve's input channels
  // subtask -> valve input -> channel id (kNoChannel: a chained input)
  std::vector<std::vector<uint32_t>> input_channel;
  static constexpr uint32_t kNoChannel = ~uint32_t{0};
  std::vector<std::vector<uint32_t>> input_sources;  // [subtask][valve channel] -> upstream subtask
  // subtask -> where its SourceSubtask writes (reader subtasks; else null),
  // set by the loop before OpenReaders.
  std::vector<SourceOutput*> source_output_of;
  std::vector<Channel> channels;
  uint32_t channels_scheduled = 0;  // channels with a delivery on the agenda
  uint32_t wakeups_pending = 0;     // subtasks with a processing-timer wake-up due
  std::vector<SourceFeed> feeds;
  size_t feeds_exhausted = 0;
  SinkOutputs sinks;
  // Value vectors of records that were consumed, for the next rows read: a
  // row's record leaves with its vector, and this gives it one back, so
  // reading allocates nothing per row.
  std::vector<std::vector<engine::Value>> spare_values;

 private:
  void BuildSubtasks();
  void BuildEdges();
  void BuildFeeds();
  Timestamp ReadFirstRows();
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_WORLD_H_
