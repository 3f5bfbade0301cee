// report.md: the summary a CI page shows — what ran, the verdict counts, each
// sink (first rows), and every record that was late, dropped or discarded
// with the reason. Deterministic like every report.
#ifndef TIDEMARK_REPORTS_MARKDOWN_REPORT_H_
#define TIDEMARK_REPORTS_MARKDOWN_REPORT_H_

#include <string>

#include "reports/story/run_story.h"
#include "reports/text/report_context.h"

namespace tidemark::reports {

std::string FormatMarkdownReport(const RunStory& story, const ReportContext& context);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_MARKDOWN_REPORT_H_
