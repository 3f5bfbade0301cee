// The `expect:` block and golden files as `check --update` writes them from
// a run: each sink keeps its form (records, golden file or output), order,
// tolerance and the fields and metadata its rows named; a sink without an
// expectation gets one with every field; a golden file keeps its metadata
// columns.
#ifndef TIDEMARK_SIM_CHECK_KINDS_RECORDS_BLOCK_H_
#define TIDEMARK_SIM_CHECK_KINDS_RECORDS_BLOCK_H_

#include <string>
#include <vector>

#include "sim/check/kinds/records_expectation.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim::internal {

// The lines of one sink's entry in `expect:`, from its output.
std::string SinkBlock(const SinkExpectation& e, const SinkOutput& output);

// A golden file's text for the sink's output, with the metadata columns the
// file at `path` has now (none when it does not exist yet).
std::string GoldenText(const std::string& path, const SinkOutput& output);

// `expectations` with one (with every field) for every sink that has none.
std::vector<SinkExpectation> WithEverySink(const std::vector<SinkExpectation>& expectations,
                                           const JobPlan& plan);

// Throws engine::InputError when `path` cannot be written.
void WriteFile(const std::string& path, const std::string& text);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_CHECK_KINDS_RECORDS_BLOCK_H_
