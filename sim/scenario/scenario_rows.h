// A scenario with rows of its own in place of its traces: the rows a campaign
// kept (sim/trace/pinned_rows.h) as inline `events:`, each with its pinned
// @arrival and @partition, in the scenario itself or written out as a
// standalone file (explore's reproductions).
#ifndef TIDEMARK_SIM_SCENARIO_SCENARIO_ROWS_H_
#define TIDEMARK_SIM_SCENARIO_SCENARIO_ROWS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sim/scenario/scenario.h"
#include "sim/trace/pinned_rows.h"

namespace tidemark::sim {

// `spec` with each shrinkable source reading exactly the rows of `keep`
// (inline, pinned), in file order.
ScenarioSpec WithRows(const ScenarioSpec& spec, const JobRows& rows,
                      const std::vector<RowRef>& keep);

// The scenario file `original_text` (the text `spec` was loaded from) with
// `seed`, shrinkable sources' data replaced by inline pinned `events:` (only
// the rows of `keep`), dead-letter traces pointed at from `repro_folder`, and
// no `expect` block; `comment` lines (without '#') open the file. With
// `added_failures` (flow YAML entries), `failures:` lists them after the
// scenario's own, and the `recovery:` counters are left out.
// Throws engine::InputError if `original_text` is not YAML.
std::string ReproScenarioText(const std::string& original_text, const ScenarioSpec& spec,
                              const JobRows& rows, const std::vector<RowRef>& keep, uint64_t seed,
                              const std::string& repro_folder,
                              const std::vector<std::string>& comment,
                              const std::vector<std::string>& added_failures = {});

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_SCENARIO_ROWS_H_
