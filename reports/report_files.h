// The files of a report folder: report.html, report.md, report.json and one
// CSV per sink, rendered in memory so that `report`, `run --report` and the
// tests share one path. Their names and bytes depend only on the run and the
// context, never on the clock, host or iteration order of a hash container.
#ifndef TIDEMARK_REPORTS_REPORT_FILES_H_
#define TIDEMARK_REPORTS_REPORT_FILES_H_

#include <string>
#include <vector>

#include "reports/report_context.h"
#include "reports/run_story.h"

namespace tidemark::reports {

struct ReportFile {
  std::string name;  // a plain file name, no folder
  std::string content;
};

// In this order: report.html, report.md, report.json, then `<sink>.csv` per
// sink in scenario order (characters outside [A-Za-z0-9._-] become '_').
std::vector<ReportFile> RenderReportFiles(const RunStory& story, const ReportContext& context);

// Writes `files` into `folder`, creating it. Throws engine::InputError naming
// the path that could not be written.
void WriteReportFiles(const std::string& folder, const std::vector<ReportFile>& files);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_REPORT_FILES_H_
