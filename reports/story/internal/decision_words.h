// The words explain's narration and its verdict sentences share for what
// became of a record: its values, a window decision with the inequality that
// decided it (§1.3, §1.7), an operator's fate, the pending window that kept
// it (§1.13), and the failure a record in flight met.
#ifndef TIDEMARK_REPORTS_STORY_INTERNAL_DECISION_WORDS_H_
#define TIDEMARK_REPORTS_STORY_INTERNAL_DECISION_WORDS_H_

#include <string>

#include "engine/core/ledger.h"
#include "reports/story/run_story.h"

namespace tidemark::reports::internal {

// "{sensor: s1, ts: 1500}": a row's values by field name.
std::string Values(const sim::JobPlan& plan, const RecordStory& r);
// "window [0, 10000) cleanup 9999 <= watermark 10499, so the record is late
// and goes to 'late-readings'".
std::string DecisionText(const sim::JobPlan& plan, const sim::WindowDecisionRecord& d);
// Whether a window operator's decision comes with `fate`.
bool IsWindowFate(engine::Fate fate);
// "; the run ended before window [0, 10000) fired: it ..." for a record a
// pending window holds at the entry's subtask, else "".
std::string PendingClause(const sim::JobPlan& plan, const sim::RunResult& result,
                          const engine::LedgerEntry& e);
// What an operator did with a record, as a predicate: "reaches sink 'late'".
std::string FateText(const RunStory& story, const engine::LedgerEntry& e);
// A record the job failed with: where it was last seen, and the failure there
// if one struck that subtask at that moment (a sink that threw on it).
std::string InFlightSentence(const RunStory& story, const RecordStory& record,
                             const std::string& head);

}  // namespace tidemark::reports::internal

#endif  // TIDEMARK_REPORTS_STORY_INTERNAL_DECISION_WORDS_H_
