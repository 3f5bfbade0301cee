// ReportContext: what a report states about how it was made, beyond the run
// itself. Nothing here may depend on the wall clock, the host or the user:
// the same scenario and seed must give byte-identical files.
#ifndef TIDEMARK_REPORTS_REPORT_CONTEXT_H_
#define TIDEMARK_REPORTS_REPORT_CONTEXT_H_

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/time.h"
#include "sim/planner/job_plan.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::reports {

// How a report folder's sink CSVs are written.
struct SinkCsvOptions {
  bool metadata = false;  // @timestamp, @watermark and @at columns (`report --metadata`)
  // Cells that a spreadsheet would run as formulas get a leading apostrophe
  // unless kKeep (`--keep-csv-formulas`).
  sim::CsvFormulas formulas = sim::CsvFormulas::kNeutralise;
};

// The stretch of processing time report.html's timeline draws (`report
// --from T --to T`): either end open means the run's own.
struct TimelineRange {
  std::optional<engine::Timestamp> from;
  std::optional<engine::Timestamp> to;
};

struct ReportContext {
  std::string tool_version;  // e.g. "0.1.0"
  uint64_t seed = 0;         // the seed the run used
  SinkCsvOptions csv = {};
  TimelineRange timeline = {};
};

// "fnv1a64:<16 hex digits>" over the bytes of the files the job was read
// from (JobInfo::input_files: the scenario, then each trace in source
// order): a change to the job or the data changes the hash. Throws
// engine::InputError if a file cannot be read.
std::string ScenarioHash(const sim::JobPlan& plan);

// The scenario file's name without its folder, so reports do not depend on
// where tidemark was run from.
std::string ScenarioFileName(const sim::JobPlan& plan);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_REPORT_CONTEXT_H_
