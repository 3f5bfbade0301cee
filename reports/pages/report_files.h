// The files of a report folder: report.html, report.md, report.json and one
// CSV per sink, rendered in memory so that `report`, `run --report` and the
// tests share one path. Their names and bytes depend only on the run and the
// context, never on the clock, host or iteration order of a hash container.
#ifndef TIDEMARK_REPORTS_REPORT_FILES_H_
#define TIDEMARK_REPORTS_REPORT_FILES_H_

#include <cstdio>
#include <string>
#include <vector>

#include "reports/story/run_story.h"
#include "reports/text/report_context.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/trace/output_file.h"

namespace tidemark::reports {

struct ReportFile {
  std::string name;  // a plain file name, no folder
  std::string content;
};

// In this order: report.html, report.md, report.json, then a CSV per sink in
// scenario order, named by SinkCsvFileNames.
std::vector<ReportFile> RenderReportFiles(const RunStory& story, const ReportContext& context);

// report.html, report.md and report.json only: the sink CSVs of a long run
// are streamed by SinkCsvFiles instead.
std::vector<ReportFile> RenderReportPages(const RunStory& story, const ReportContext& context);

// Each sink's CSV, written as the run produces its records
// (RunOptions::on_sink_record), with the bytes RenderReportFiles gives, so
// memory does not grow with the output. The files are written under
// temporary names and renamed by Finish(); if the run fails first, the
// destructor removes them and the folders it created, so bad input leaves
// no partial report.
class SinkCsvFiles {
 public:
  // Creates `folder`. Throws engine::InputError if it or a file cannot be made.
  SinkCsvFiles(const std::string& folder, const sim::JobPlan& plan, const SinkCsvOptions& options);
  SinkCsvFiles(const SinkCsvFiles&) = delete;
  SinkCsvFiles& operator=(const SinkCsvFiles&) = delete;
  ~SinkCsvFiles();

  void Add(size_t sink, const engine::Record& record, const sim::RecordEmission& emission);
  // Closes and renames the files over their names, replacing any link there.
  // Throws engine::InputError on a write error.
  void Finish();

 private:
  std::vector<sim::OutputFile> files_;  // renamed over their names by Finish()
  std::vector<std::string> created_;    // folders this made, deepest first
  bool finished_ = false;
  SinkCsvOptions options_;
  std::string row_;  // reused per record
};

// records.jsonl: one JSON object per line for every trace row of every
// source, in source then row order, read again from the traces as a stream
// (source, row, line, kind, event_time, values, and whether report.json
// lists it). Written beside a report whose detail was cut. Returns the
// number of lines. Throws engine::InputError if it cannot be written.
uint64_t WriteRecordLines(const sim::JobPlan& plan, const std::string& path, uint64_t listed_rows);

// Writes `files` into `folder`, creating it. Throws engine::InputError naming
// the path that could not be written.
void WriteReportFiles(const std::string& folder, const std::vector<ReportFile>& files);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_REPORT_FILES_H_
