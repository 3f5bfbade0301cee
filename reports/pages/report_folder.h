// RunIntoReportFolder: the detailed run (sim/session/detailed_run.h) with its
// report folder written — the sink CSVs streamed as the run emits their
// records, then report.html, report.md and report.json, and records.jsonl
// when the detail was cut (a records.jsonl of a longer earlier run is
// removed, as it would not match). What `report` and `run --report` do.
#ifndef TIDEMARK_REPORTS_PAGES_REPORT_FOLDER_H_
#define TIDEMARK_REPORTS_PAGES_REPORT_FOLDER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "engine/core/record.h"
#include "reports/text/report_context.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::reports {

struct ReportFolderRequest {
  std::string folder = {};
  ReportContext context = {};  // its seed is the run's
  // Sees every sink record as the run emits it (run prints its text from there).
  std::function<void(size_t sink, const engine::Record& record)> each_sink_record = {};
  std::function<void(uint64_t records_in)> on_progress = {};
  // Called as the writing after the run begins ("writing the report").
  std::function<void(const char* stage)> on_stage = {};
};

// Throws engine::InputError for bad input mid-run (no partial report is
// left) or a file that cannot be written.
sim::RunResult RunIntoReportFolder(const sim::JobPlan& plan, const ReportFolderRequest& request);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_PAGES_REPORT_FOLDER_H_
