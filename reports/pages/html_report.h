// report.html: one self-contained page — inline CSS and SVG, no script, no
// fonts, no link to anything outside the file — with the timeline, the
// verdict of every record (the ledger), every sink and the narration.
//
// Long runs stay readable: the timeline draws density cells above kMaxMarks
// records in the range it draws (ReportContext::timeline), and the tables and
// narration stop after a fixed number of rows, saying where the rest is
// (report.json, the CSV files).
#ifndef TIDEMARK_REPORTS_HTML_REPORT_H_
#define TIDEMARK_REPORTS_HTML_REPORT_H_

#include <string>

#include "reports/story/run_story.h"
#include "reports/text/report_context.h"

namespace tidemark::reports {

std::string FormatHtmlReport(const RunStory& story, const ReportContext& context);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_HTML_REPORT_H_
