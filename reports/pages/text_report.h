// The plain-text view of a run: what `tidemark run` prints.
//
// Sinks come in the scenario's order, records in the order they reached the
// sink, values formatted locale-free (doubles shortest round-trip), so the
// same scenario and seed always print the same bytes.
#ifndef TIDEMARK_REPORTS_TEXT_REPORT_H_
#define TIDEMARK_REPORTS_TEXT_REPORT_H_

#include <string>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::reports {

// Every sink as a small CSV table under a heading, then the ledger summary.
// REQUIRES: every sink kept all its records (RunOptions::Sinks::kCollect, no cap).
std::string FormatRunText(const sim::JobPlan& plan, const sim::RunResult& result);

// FormatRunText's parts, for printing a run whose sink rows were spooled
// (sink_row_spool.h): a sink's heading with its count and its CSV header
// line; then, after every table and its blank line, the ledger summary, the
// checkpoints, failures and restarts (recovery_text.h) and the pending windows.
std::string FormatSinkHeading(const sim::SinkOutput& sink);
std::string FormatRunTail(const sim::JobPlan& plan, const sim::RunResult& result);

// One line: records in, then per operator the count of each fate.
// e.g. "ledger: 8 records in; classify: 3 emitted, 5 to 'low-temp'; sinks: hot 3, cold 5"
std::string FormatLedgerSummary(const sim::JobPlan& plan, const sim::RunResult& result);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TEXT_REPORT_H_
