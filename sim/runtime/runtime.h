// Runs a JobGraph over its sources' traces on a virtual processing clock and
// collects every sink's records, the ledger and (on request) the schedule.
//
// Each stream runs as `parallelism` subtasks. Forward connections into a
// single-input stream are chained (synchronous, as Flink chains operators);
// every other connection is a set of FIFO channels, one per (upstream subtask,
// downstream subtask) pair, whose elements are delivered after a latency drawn
// from the seeded PRNG. Simultaneous actions are ordered by the PRNG too, so
// every legal interleaving can occur and a run is a pure function of
// (plan, seed). Watermarks entering a subtask are combined by Flink's
// StatusWatermarkValve (§5.1); an operator fires its due
// timers before the watermark is forwarded (§1.8).
//
// Processing time: a trace row arrives at its @arrival time or at the source's
// pace (row index x arrival.every). A bounded source ends with a final
// watermark at +infinity (§4.7). After an unbounded source's last row the
// simulation runs on for the longest idleness timeout plus three watermark
// intervals (enough for idleness to be detected, §4.4) and while
// processing-time timers are pending, then stops; `run_until` stops it at a
// given processing time instead. A bounded source with `end_at` ends then
// rather than with its last row. A script source delivers each row at once
// into its consumer's input channel and sends nothing at its end. When bounded sources end,
// pending processing-time timers do not fire: a finishing Flink task quiesces
// its timer service.
#ifndef TIDEMARK_SIM_RUNTIME_RUNTIME_H_
#define TIDEMARK_SIM_RUNTIME_RUNTIME_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/ledger.h"
#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/watermarks/watermark_status.h"
#include "engine/windows/element_decision.h"
#include "engine/windows/pending_window.h"
#include "sim/graph/job_graph.h"
#include "sim/runtime/schedule_trace.h"

namespace tidemark::sim {

// When a sink's record was emitted: the emitting operator's current
// watermark and the processing time. (The record's own timestamp is
// Record::timestamp.) Union and side-output selection are not operators in
// Flink: a record they pass on chained was emitted by the operator upstream.
struct RecordEmission {
  engine::Timestamp watermark = engine::Timestamp::Min();
  engine::Timestamp at = engine::Timestamp::Min();
  // When a reader of the sink sees it: `at`, or for an exactly-once sink the
  // commit after the checkpoint that follows it (docs/checkpoints.md).
  engine::Timestamp visible_at = engine::Timestamp::Min();
};

struct RunOptions {
  uint64_t seed = 0;
  // Also keep, per sink, the watermarks and statuses that reach it in order
  // with its records (SinkOutput::elements), for `output:` expectations.
  bool sink_elements = false;
  // kEveryRecord also records the schedule, window decisions and firings.
  engine::Ledger::Detail detail = engine::Ledger::Detail::kCountsOnly;
  // kCount keeps only how many records reached each sink, so that a long
  // trace runs in memory bounded by open windows and keys (benchmarks).
  enum class Sinks { kCollect, kCount } sinks = Sinks::kCollect;
  // Bounds what a detailed run keeps, for long traces: ledger entries, window
  // decisions and schedule steps of the first this many rows of each source
  // (engine::RecordRow below it), and the steps naming no record and the
  // firings until more event rows than that were read (RunResult::detail_cut
  // says whether anything was left out).
  uint64_t detail_rows = UINT64_MAX;
  // With kCollect, each sink keeps at most this many records (the count
  // stays complete); the rest are only passed to on_sink_record.
  uint64_t max_sink_records = UINT64_MAX;
  // Called for every record reaching a sink, in order, when set: a report
  // streams its sink CSVs from here.
  std::function<void(size_t sink, const engine::Record& record, const RecordEmission& emission)>
      on_sink_record = {};
  // Called after every kProgressRows event rows read, when set: a command
  // shows progress on a terminal from here.
  static constexpr uint64_t kProgressRows = uint64_t{1} << 20;
  std::function<void(uint64_t records_in)> on_progress = {};
  // Quiet periodic ticks stepped one by one before the runtime jumps over
  // the rest of a quiet stretch (quiet_ticks.h). Tests set it to compare a
  // jumped run with a stepped one.
  uint64_t max_stepped_quiet_ticks = 10'000;
};

// One element of a sink's output as Flink's test harness output queue shows
// it: a record (by index into SinkOutput::records), a watermark or a status.
// Results come before the watermark that fired them. A sink on a stream of
// parallelism p > 1 sees its subtasks' watermarks combined as one downstream
// operator's StatusWatermarkValve would (§5.1).
struct SinkElement {
  enum class Kind : uint8_t { kRecord, kWatermark, kStatus };
  Kind kind = Kind::kRecord;
  uint64_t record = 0;
  engine::Timestamp watermark = engine::Timestamp::Min();
  engine::WatermarkStatus status = engine::WatermarkStatus::kActive;
};

struct SinkOutput {
  std::string name;
  engine::Schema schema;
  std::vector<engine::Record> records;  // in arrival order; empty with RunOptions::Sinks::kCount
  uint64_t count = 0;                   // records that reached the sink
  std::vector<RecordEmission> emissions = {};  // one per record
  std::vector<SinkElement> elements = {};      // with RunOptions::sink_elements only
};

struct WindowDecisionRecord {
  uint32_t node = 0;
  uint32_t subtask = 0;
  engine::Timestamp time;  // processing time
  engine::ElementDecision decision;
};

// One link of the chain that holds a pending window's watermark back (§1.13):
// an operator subtask and the input channel at its minimum, down to a source
// subtask and the partition at its minimum.
struct WatermarkHold {
  uint32_t node = 0;
  uint32_t subtask = 0;
  engine::Timestamp watermark = engine::Timestamp::Min();  // its current watermark
  bool idle = false;                                       // its output is idle
  // An operator subtask: the input channels it combines and the one holding
  // the minimum (-1: none takes part, every input is idle).
  int32_t channels = 0;
  int32_t channel = -1;
  // A source subtask: the partitions it reads and the one holding its
  // minimum (-1: none), that partition's watermark and its last row's arrival
  // (Min: it never received one).
  int32_t partitions = 0;
  int32_t partition = -1;
  engine::Timestamp partition_watermark = engine::Timestamp::Min();
  engine::Timestamp last_row = engine::Timestamp::Min();
  bool finished = false;  // a bounded input that ended
  // A source subtask: every partition it reads, ascending.
  struct Partition {
    int32_t partition = 0;
    engine::Timestamp watermark = engine::Timestamp::Min();
    engine::Timestamp last_row = engine::Timestamp::Min();  // Min: it never received one
    bool idle = false;
  };
  std::vector<Partition> splits = {};
};

// A window operator subtask whose windows still hold contents or timers when
// the run ends (§1.13), with the chain holding its watermark back.
struct PendingSubtask {
  uint32_t node = 0;
  uint32_t subtask = 0;
  engine::Timestamp watermark = engine::Timestamp::Min();        // the operator's, at the end
  engine::Timestamp processing_time = engine::Timestamp::Min();  // the clock, at the end
  std::vector<engine::PendingWindow> windows = {};
  std::vector<WatermarkHold> chain = {};  // this subtask first, a source subtask last
};

// Fault tolerance (docs/checkpoints.md): what checkpointing, failures and
// restarts did, when the job configures any of it (RunResult::recovery).
// Lists keep their first kMaxListed entries; the counts are complete.
struct SourceCut {
  uint32_t node = 0;
  uint32_t subtask = 0;
  uint64_t next_row = 0;  // the first row (0-based, in file order) after the cut
};

struct CheckpointRecord {
  uint64_t id = 0;
  engine::Timestamp triggered = engine::Timestamp::Min();
  enum class Outcome : uint8_t { kPending, kCompleted, kAborted } outcome = Outcome::kPending;
  engine::Timestamp ended = engine::Timestamp::Min();  // completed or aborted at
  std::string reason;                                  // aborted: Flink's reason
  std::vector<SourceCut> cuts;                         // one per source subtask
};

struct FailureRecord {
  engine::Timestamp at = engine::Timestamp::Min();
  uint32_t node = 0;
  uint32_t subtask = 0;
  std::string cause;
  enum class Outcome : uint8_t {
    kRestarted,  // its region restarts at restart_at
    kMerged,     // folded into a restart already pending (exponential-delay)
    kJobFailed,  // the restart strategy refused: the job is FAILED
    kIgnored,    // the task was not running (cancelled, or the job ended)
  } outcome = Outcome::kRestarted;
  engine::Timestamp restart_at = engine::Timestamp::Min();
  uint64_t restored_checkpoint = 0;  // 0: none completed, the sources start over
  std::vector<std::pair<uint32_t, uint32_t>> restarted;  // (node, subtask), ascending
  std::string refusal;                                   // kJobFailed: Flink's words
};

// A record a sink shows again: equal in timestamp and values to an earlier
// one of the same sink.
struct DuplicateRecord {
  uint64_t index = 0;  // into SinkOutput::records (visible order)
  uint64_t first = 0;  // the earlier one
};

struct SinkRecovery {
  uint64_t written = 0;      // records the sink subtasks wrote, every attempt
  uint64_t visible = 0;      // records a reader sees
  uint64_t aborted = 0;      // exactly-once: in transactions aborted by a restore
  uint64_t uncommitted = 0;  // exactly-once: still waiting when the run ended
  uint64_t duplicates = 0;   // visible records equal to an earlier visible one
  std::vector<DuplicateRecord> listed_duplicates;
  // Exactly-once: the time from write to visibility, largest and summed.
  engine::Duration max_visibility_latency = engine::Duration::Zero();
  engine::Duration total_visibility_latency = engine::Duration::Zero();
};

struct RecoveryResult {
  static constexpr size_t kMaxListed = 1000;
  std::vector<CheckpointRecord> checkpoints;
  uint64_t checkpoints_completed = 0;
  uint64_t checkpoints_aborted = 0;
  std::vector<FailureRecord> failures;
  uint64_t failure_count = 0;
  uint64_t restarts = 0;  // new attempts (Flink's numRestarts)
  // The job reached FAILED (restarts refused) or was stopped in a restart
  // loop: why, and when.
  std::string job_failed;
  engine::Timestamp failed_at = engine::Timestamp::Min();
  std::vector<uint64_t> replayed_rows;  // per source, in plan order: rows read again
  std::vector<SinkRecovery> sinks;      // in the plan's sink order
};

struct RunResult {
  std::vector<SinkOutput> sinks;  // in the plan's sink order
  engine::Ledger ledger;
  uint64_t records_in = 0;  // event rows read from every source
  // Some detail was left out under RunOptions::detail_rows or max_sink_records.
  bool detail_cut = false;
  // Detail only:
  std::vector<ScheduleStep> schedule = {};
  std::vector<WindowDecisionRecord> window_decisions = {};
  std::vector<FiringRecord> firings = {};
  // Always: window subtasks with pending windows, in subtask order.
  std::vector<PendingSubtask> pending = {};
  // Only when the job configures fault tolerance (JobGraph::fault_tolerance).
  std::optional<RecoveryResult> recovery = {};
};

// Throws engine::InputError when a trace turns out to be bad mid-run; no
// partial result is returned then.
RunResult RunJob(const JobGraph& plan, const RunOptions& options);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_RUNTIME_H_
