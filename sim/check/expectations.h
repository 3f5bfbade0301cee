// Compares a run with the plan's expectations (JobPlan::expectations, bound
// by their kinds: expectation.h), and the shape of what differs: a diff per
// sink, stream ledger or block, each difference located at the scenario line
// it concerns.
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

// The options of a run whose result CheckExpectations can compare: what each
// expectation needs kept (the sinks' watermarks and statuses for `output:`).
RunOptions CheckRunOptions(const JobPlan& plan, uint64_t seed);

// Each expectation in the order of its kind (expectation_kinds.h). Throws
// engine::InputError when an expected value does not parse as its field's
// type. REQUIRES: `result` comes from a run with CheckRunOptions.
ExpectationReport CheckExpectations(const JobPlan& plan, const RunResult& result);

// The metadata value as expectations write it: milliseconds, "+inf", "-inf";
// a @timestamp of Min is "no timestamp", written null.
std::string FormatMetadataTime(engine::Timestamp t, bool is_timestamp);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_EXPECTATIONS_H_
