// Compares a run's sinks and ledger with the scenario's expectations.
//
// Expected rows name the fields they check (any subset of the sink's fields)
// and, as "@timestamp", "@watermark" and "@at", the record's metadata: its
// timestamp as Flink stamps it (null: no timestamp), the emitting operator's
// watermark and the processing time at emission. Values are written as trace
// cells are and typed by the sink's schema. Ordered expectations are aligned
// with the output by a longest common subsequence, so a diff names the
// records missing, unexpected or different (and the fields that differ);
// unordered ones compare as multisets. Doubles match within the
// expectation's tolerance (absolute or relative). `output:` expectations
// also check the watermarks and statuses that reach the sink, in order;
// `ledger:` expectations check counters of the run's ledger per stream.
#ifndef TIDEMARK_SIM_CHECK_EXPECTATIONS_H_
#define TIDEMARK_SIM_CHECK_EXPECTATIONS_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

// One difference, at the scenario line it concerns: the expected record,
// watermark, status or ledger counter that is missing or differs, or the
// expectation itself for output nobody expected (for CI annotations).
struct Mismatch {
  SourceLocation where;
  std::string message;  // may span lines: "record 2: expected ...\nactual ..."
};

struct SinkDiff {
  std::string sink;                  // the sink, or the stream of a ledger expectation
  std::string subject;               // "sink 'x'" or "ledger of 'x'", as a diff names it
  std::vector<std::string> lines;    // one readable line per difference
  std::vector<Mismatch> mismatches;  // the same differences, each located
};

struct ExpectationReport {
  std::vector<SinkDiff> diffs;  // only what differs: sinks in expectation order, then ledgers
  bool passed() const { return diffs.empty(); }
};

// The options of a run whose result CheckExpectations can compare: the
// sinks' watermarks and statuses are kept when an `output:` expectation
// needs them.
RunOptions CheckRunOptions(const JobPlan& plan, uint64_t seed);

// Throws engine::InputError when an expected value does not parse as its
// field's type. REQUIRES: `result` comes from a run with CheckRunOptions.
ExpectationReport CheckExpectations(const JobPlan& plan, const RunResult& result);

// The metadata value as expectations write it: milliseconds, "+inf", "-inf";
// a @timestamp of Min is "no timestamp", written null.
std::string FormatMetadataTime(engine::Timestamp t, bool is_timestamp);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_EXPECTATIONS_H_
