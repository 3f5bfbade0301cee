#include "sim/session/detailed_run.h"

namespace tidemark::sim {

RunResult RunDetailed(const JobPlan& plan, const DetailedRunOptions& options) {
  RunOptions run{.seed = options.seed, .detail = engine::Ledger::Detail::kEveryRecord};
  run.detail_rows = kDetailRows;
  run.max_sink_records = kDetailRows;
  run.on_sink_record = options.on_sink_record;
  run.on_progress = options.on_progress;
  return RunJob(plan, run);
}

}  // namespace tidemark::sim
