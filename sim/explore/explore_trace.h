// The rows of a scenario's sources as data, so that `tidemark explore` can
// shrink a trace (delta debugging over rows) and write it back as a scenario
// with inline `events:`.
//
// Rows are pinned: each keeps the arrival (processing) time and partition it
// had in the full trace — its @arrival cell, else row index x arrival.every;
// its @partition cell, else row index mod partitions — so that removing rows
// never moves the ones that stay.
#ifndef TIDEMARK_SIM_EXPLORE_EXPLORE_TRACE_H_
#define TIDEMARK_SIM_EXPLORE_EXPLORE_TRACE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sim/scenario/scenario.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

struct SourceRows {
  std::vector<TraceRow> rows;  // in file order; arrival and partition pinned
  // False for a source that routes bad rows to a dead letter: its rows stay
  // in their CSV file and are never shrunk.
  bool shrinkable = true;
};
using ScenarioRows = std::vector<SourceRows>;  // one per source, in spec order

// One row of one source.
struct RowRef {
  uint32_t source = 0;
  uint32_t row = 0;
  auto operator<=>(const RowRef&) const = default;
};

// Reads every source's rows. Throws engine::InputError on a bad trace.
ScenarioRows ReadScenarioRows(const ScenarioSpec& spec);

// Every shrinkable row, source by source, in file order.
std::vector<RowRef> ShrinkableRows(const ScenarioRows& rows);

// `spec` with each shrinkable source reading exactly the rows of `keep`
// (inline, pinned), in file order.
ScenarioSpec WithRows(const ScenarioSpec& spec, const ScenarioRows& rows,
                      const std::vector<RowRef>& keep);

// The scenario file `original_text` (the text `spec` was loaded from) with
// `seed`, shrinkable sources' data replaced by inline pinned `events:` (only
// the rows of `keep`), dead-letter traces pointed at from `repro_folder`, and
// no `expect` block; `comment` lines (without '#') open the file. With
// `added_failures` (flow YAML entries), `failures:` lists them after the
// scenario's own, and the `recovery:` counters are left out.
// Throws engine::InputError if `original_text` is not YAML.
std::string ReproScenarioText(const std::string& original_text, const ScenarioSpec& spec,
                              const ScenarioRows& rows, const std::vector<RowRef>& keep,
                              uint64_t seed, const std::string& repro_folder,
                              const std::vector<std::string>& comment,
                              const std::vector<std::string>& added_failures = {});

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_EXPLORE_TRACE_H_
