// The narrated timeline of a run, for `tidemark explain` and the reports.
//
// Narration follows the schedule step by step: each arrival (processing time,
// event time, partition, subtask), each watermark change per subtask and which
// input holds it back, each window firing with its contents and kind, and each
// window decision with the inequality that decided it, e.g.
//   "window [0, 10000) cleanup 9999 <= watermark 10499, so the record is late
//    and goes to 'late-readings'".
// Lines come in schedule order; a run's narration is a pure function of the
// run, so it is byte-identical for the same scenario and seed.
#ifndef TIDEMARK_REPORTS_EXPLAIN_H_
#define TIDEMARK_REPORTS_EXPLAIN_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "reports/story/run_story.h"

namespace tidemark::reports {

// Parses --record: "SOURCE:ROW", or "ROW" when the scenario has one source,
// into the id of that row (engine::MakeRecordId). Throws engine::InputError
// naming `flag` on an unknown source or a bad number.
engine::RecordId ParseRecordRef(const sim::JobPlan& plan, const std::string& text,
                                const std::string& flag = "--record");

struct ExplainOptions {
  std::optional<engine::RecordId> record;  // only this record's story
  std::optional<sim::NodeIndex> stream;    // only what happens at this stream's node
};

struct NarrationLine {
  enum class Kind : uint8_t { kArrival, kDecision, kWatermark, kFiring, kOther };
  Kind kind = Kind::kOther;
  engine::Timestamp time;  // processing time
  std::string text;
};

// The timeline, in schedule order, limited by `options`.
std::vector<NarrationLine> Narrate(const RunStory& story, const ExplainOptions& options);

// One sentence per event row: on time or late (or what else became of it) and
// the inequality or fate that decided it, e.g.
//   "readings:6 (line 8, ts 8000): late to side output — averages[0]: window
//    [0, 10000) cleanup 9999 <= watermark 10499, so the record is late and goes
//    to 'late-readings'".
std::string VerdictSentence(const RunStory& story, const RecordStory& record);

// What `tidemark explain` prints: a heading, the job, the timeline and (for
// the whole run) one verdict per record; with options.record, that record's story.
std::string FormatExplanation(const RunStory& story, const ExplainOptions& options);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_EXPLAIN_H_
