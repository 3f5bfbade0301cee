// RunDetailed: the run that reports, `explain` and `run --report/--json`
// show — every record's ledger entries, window decisions and schedule steps
// — in memory that does not grow with the trace: detail is kept for the
// first kDetailRows rows of each source and each sink keeps its first
// kDetailRows records; `on_sink_record` sees every record.
#ifndef TIDEMARK_SIM_SESSION_DETAILED_RUN_H_
#define TIDEMARK_SIM_SESSION_DETAILED_RUN_H_

#include <cstddef>
#include <cstdint>
#include <functional>

#include "engine/core/record.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

// Rows per source (and records per sink) whose every detail a detailed run
// keeps; the counts always cover the whole run.
inline constexpr uint64_t kDetailRows = 5000;

struct DetailedRunOptions {
  uint64_t seed = 0;
  std::function<void(size_t sink, const engine::Record& record, const RecordEmission& emission)>
      on_sink_record = {};
  // Called every RunOptions::kProgressRows rows read, when set.
  std::function<void(uint64_t records_in)> on_progress = {};
};

// Throws engine::InputError when a trace turns out to be bad mid-run.
RunResult RunDetailed(const JobPlan& plan, const DetailedRunOptions& options);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_DETAILED_RUN_H_
