#include "sim/explore/explore_trace.h"

#include <memory>

#include "sim/trace/trace_input.h"

namespace tidemark::sim {

JobRows ReadJobRows(const JobPlan& plan) {
  JobRows out;
  for (const SourcePlan& source : plan.sources) {
    SourceRows rows;
    rows.shrinkable = source.trace.on_bad_row == TraceOptions::OnBadRow::kFail;
    // The trace as written, without the key checks the run adds: a row
    // without a key is the run's to refuse.
    TraceSource trace = source.trace;
    trace.key_fields.clear();
    auto input = OpenTrace(trace);
    int64_t index = 0;
    while (auto row = input->Next()) {
      if (!row->arrival) {
        row->arrival = engine::Timestamp::Millis(index * source.arrival_every.millis());
      }
      if (!row->partition) row->partition = static_cast<int32_t>(index % source.partitions);
      rows.rows.push_back(std::move(*row));
      ++index;
    }
    out.push_back(std::move(rows));
  }
  return out;
}

std::vector<RowRef> ShrinkableRows(const JobRows& rows) {
  std::vector<RowRef> out;
  for (uint32_t s = 0; s < rows.size(); ++s) {
    if (!rows[s].shrinkable) continue;
    for (uint32_t r = 0; r < rows[s].rows.size(); ++r) out.push_back({s, r});
  }
  return out;
}

}  // namespace tidemark::sim
