// Runs a JobPlan over its sources' traces and collects every sink's records.
//
// Processing time is virtual: each trace row arrives at its @arrival time or
// at the source's pace (row index x arrival.every). Rows of several sources
// are merged by arrival time, ties by source order then row order, so a run is
// a pure function of (plan, seed). This first runtime executes every operator
// with parallelism 1, records flowing synchronously through the graph in
// arrival order (like a chained Flink pipeline).
#ifndef TIDEMARK_SIM_RUNTIME_H_
#define TIDEMARK_SIM_RUNTIME_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/ledger.h"
#include "engine/record.h"
#include "engine/schema.h"
#include "sim/job_plan.h"

namespace tidemark::sim {

struct RunOptions {
  uint64_t seed = 0;
  engine::Ledger::Detail ledger_detail = engine::Ledger::Detail::kCountsOnly;
};

struct SinkOutput {
  std::string name;
  engine::Schema schema;
  std::vector<engine::Record> records;  // in the order they reached the sink
};

struct RunResult {
  std::vector<SinkOutput> sinks;  // in the plan's sink order
  engine::Ledger ledger;
  uint64_t records_in = 0;  // event rows read from every source
};

// Throws engine::InputError when a trace turns out to be bad mid-run; no
// partial result is returned then.
RunResult RunJob(const JobPlan& plan, const RunOptions& options);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_H_
