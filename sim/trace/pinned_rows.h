// JobRows: the rows of a job's sources as data, so that a campaign can
// shrink a trace (delta debugging over rows) and the job's front end can
// write the rows that are left back as a job of their own.
//
// Rows are pinned: each keeps the arrival (processing) time and partition it
// had in the full trace — its @arrival cell, else row index x the source's
// pace; its @partition cell, else row index mod partitions — so that
// removing rows never moves the ones that stay.
#ifndef TIDEMARK_SIM_TRACE_PINNED_ROWS_H_
#define TIDEMARK_SIM_TRACE_PINNED_ROWS_H_

#include <cstdint>
#include <vector>

#include "sim/trace/trace_row.h"

namespace tidemark::sim {

struct SourceRows {
  std::vector<TraceRow> rows;  // in file order; arrival and partition pinned
  // False for a source that routes bad rows to a dead letter: its rows stay
  // in their trace file and are never shrunk.
  bool shrinkable = true;
};
using JobRows = std::vector<SourceRows>;  // one per source, in the job's order

// One row of one source.
struct RowRef {
  uint32_t source = 0;
  uint32_t row = 0;
  auto operator<=>(const RowRef&) const = default;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_PINNED_ROWS_H_
