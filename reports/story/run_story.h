// RunStory: a detailed run indexed for narration and reports — every trace
// row with its arrival and final verdict, the ledger entries and window
// decisions that belong to it, each subtask's watermark history, and the
// records that went into each window firing.
//
// Built from a run with Ledger::Detail::kEveryRecord plus a second read of the
// sources' traces (the runtime records ids, not values). Everything is held in
// vectors in a defined order — sources in file order, rows by id, watermark
// lines by (node, subtask), steps in schedule order — so every writer that
// iterates it produces the same bytes for the same run.
//
// A record id names its source and row (engine/core/record.h), so every
// ledger entry, window decision and schedule step is attached to the one row
// it is about, past unions and multi-input operators too.
#ifndef TIDEMARK_REPORTS_RUN_STORY_H_
#define TIDEMARK_REPORTS_RUN_STORY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/trace/trace_row.h"

namespace tidemark::reports {

// What finally became of a record, worst first when paths fan out: the
// colour of its mark in the timeline and the word in every report.
enum class Verdict : uint8_t {
  kDroppedLate,       // every window was late, no late output: dropped
  kLateToSideOutput,  // every window was late: sent to the late-data side output
  kWithinLateness,    // late, but within allowed lateness: added, the window re-fired
  kPending,           // added to a window on time that had not fired when the run ended
  kOnTime,            // added to a window before it fired
  kDelivered,         // reached a sink without passing a window
  kDiscarded,         // no rule, window or consumer took it
  kFiltered,          // a filter dropped it
  kInFlight,          // read and passed on, but the job failed before any of the above
  kNoFate,            // no ledger entry (a watermark or idle row, or a row never read)
};

// "dropped_late", "late_to_side_output", "within_lateness", "pending", "on_time",
// "delivered", "discarded", "filtered", "in_flight", "no_fate".
std::string_view VerdictName(Verdict verdict);

struct RecordStory {
  uint32_t source = 0;  // index into plan.sources: engine::RecordSource(record.id)
  sim::NodeIndex node = 0;
  sim::TraceRowKind kind = sim::TraceRowKind::kEvent;
  engine::Record record;  // id = the source and 0-based data row; values in schema order
  int line = 0;           // 1-based line in the trace (or scenario, for inline rows)
  bool arrived = false;
  engine::Timestamp arrival;  // processing time it first reached its source subtask
  uint32_t replays = 0;       // times a restore read it again (checkpoints and failures)
  int32_t partition = -1;
  uint32_t subtask = 0;
  // Out of order: an earlier arrival of the same source had a larger event time.
  bool out_of_order = false;
  engine::Timestamp highest_before = engine::Timestamp::Min();
  Verdict verdict = Verdict::kNoFate;
  std::vector<size_t> ledger;     // indices into result.ledger.entries(), in order
  std::vector<size_t> decisions;  // indices into result.window_decisions, in order
};

// One subtask's watermark over processing time: a source subtask's emitted
// watermark, or an operator subtask's combined input watermark.
struct WatermarkLine {
  sim::NodeIndex node = 0;
  uint32_t subtask = 0;
  std::vector<size_t> steps;  // indices into result.schedule, in order
};

class RunStory;

// When the run kept detail for only its first rows (RunStory::cut()): one
// sentence saying what the lists hold and what the counts cover; else "".
std::string DetailCutNote(const RunStory& story);

class RunStory {
 public:
  // REQUIRES: `result` ran with Ledger::Detail::kEveryRecord. Throws
  // engine::InputError if a trace can no longer be read. `max_rows`: only
  // the first rows of each source are read (a long run's detail is kept for
  // those only, RunOptions::detail_rows).
  RunStory(const sim::JobPlan& plan, const sim::RunResult& result, uint64_t max_rows = UINT64_MAX);

  const sim::JobPlan& plan() const { return plan_; }
  const sim::RunResult& result() const { return result_; }

  // Every trace row, by source (file order) then row: by record id.
  const std::vector<RecordStory>& records() const { return records_; }
  // The row record `id` names, or null when it was not read (or kNoRecordId).
  const RecordStory* Find(engine::RecordId id) const;
  // Event rows only (what the ledger counts as records in), of those listed.
  uint64_t event_count() const { return event_count_; }
  // Whether the run kept detail for only part of it (RunResult::detail_cut):
  // records() then lists the first rows of each source, and the ledger's
  // counts and each sink's count cover the whole run.
  bool cut() const { return result_.detail_cut; }
  // The rows read of each source (UINT64_MAX: all).
  uint64_t max_rows() const { return max_rows_; }

  // Watermark lines by (node, subtask).
  const std::vector<WatermarkLine>& watermark_lines() const { return watermark_lines_; }
  // The records (indices into records()) a firing emitted, when they can be
  // named: the window's input carries the source rows' values unchanged and
  // the count matches the firing's element count.
  const std::optional<std::vector<size_t>>& FiringContents(size_t firing) const {
    return firing_contents_[firing];
  }
  // Ledger entries and window decisions taken while handling schedule step
  // `step` (an arrival or a delivery of a record), in order.
  const std::vector<size_t>& StepLedger(size_t step) const { return step_ledger_[step]; }
  const std::vector<size_t>& StepDecisions(size_t step) const { return step_decisions_[step]; }

  // Sources (indices into plan.sources) whose records can reach `node`.
  const std::vector<uint32_t>& SourcesReaching(sim::NodeIndex node) const {
    return sources_reaching_[node];
  }
  // Input channels the node's subtasks combine watermarks over.
  int InputChannels(sim::NodeIndex node) const;
  // The index of keyed operator `node`'s key in `source`'s rows, when every
  // operator between them passes rows on unchanged (filters, unions): then a
  // row's key can be read from the row itself. nullopt otherwise, and for an
  // operator without a key (windowAll, or not keyed).
  std::optional<size_t> KeyFieldInSource(sim::NodeIndex node, uint32_t source) const;

  // "readings:6": the source's name and the 0-based data row record `id`
  // names, as --record takes it.
  std::string RecordName(engine::RecordId id) const;
  std::string RecordName(const RecordStory& story) const { return RecordName(story.record.id); }
  // "averages[0]".
  std::string SubtaskName(sim::NodeIndex node, uint32_t subtask) const;
  // "late-readings" for a side-output port, "main output" for port 0.
  std::string PortName(sim::NodeIndex node, uint32_t port) const;

 private:
  void ReadTraces(uint64_t max_rows);
  void IndexSchedule();
  void AttachLedger();
  void AttachDecisions();
  void ComputeVerdicts();
  void ComputeFiringContents();
  std::optional<size_t> Index(engine::RecordId id) const;
  // The latest arrival/delivery step of (record, time) at `node` or upstream of it.
  std::optional<size_t> StepFor(engine::RecordId id, engine::Timestamp time,
                                sim::NodeIndex node) const;

  const sim::JobPlan& plan_;
  const sim::RunResult& result_;
  uint64_t max_rows_;
  std::vector<RecordStory> records_;
  std::vector<size_t> source_offset_;  // first index in records_ of each source
  uint64_t event_count_ = 0;
  std::vector<std::vector<uint32_t>> sources_reaching_;
  std::vector<std::vector<bool>> upstream_;  // upstream_[a][b]: a == b or a feeds b
  std::vector<WatermarkLine> watermark_lines_;
  std::vector<std::optional<std::vector<size_t>>> firing_contents_;
  std::vector<std::vector<size_t>> step_ledger_;
  std::vector<std::vector<size_t>> step_decisions_;
  std::vector<size_t> record_steps_;  // arrival/delivery steps with a record id, by (id, time)
};

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_RUN_STORY_H_
