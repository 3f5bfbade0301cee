// report.json: the machine-readable report, schema documented in
// docs/report-format.md ("format": "tidemark-report", "format_version": 1).
//
// Keys are sorted and the indent fixed (two spaces), times are integer
// milliseconds (Long.MIN_VALUE / Long.MAX_VALUE for -inf / +inf, as Flink's
// watermarks), doubles shortest round-trip, and arrays keep the run's order,
// so the same scenario and seed give the same bytes.
#ifndef TIDEMARK_REPORTS_JSON_REPORT_H_
#define TIDEMARK_REPORTS_JSON_REPORT_H_

#include <string>

#include "reports/story/run_story.h"
#include "reports/text/report_context.h"

namespace tidemark::reports {

inline constexpr int kReportFormatVersion = 1;

// The whole report as JSON text, ending in a newline.
std::string FormatJsonReport(const RunStory& story, const ReportContext& context);

// "emitted", "routed_to_tag", "filtered", "unrouted", "in_window",
// "in_window_late", "late_to_tag", "dropped_late", "discarded", "unconsumed", "sunk".
std::string_view FateId(engine::Fate fate);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_JSON_REPORT_H_
