// The scenario's syntax as OpenJob reads it, with the user's `--trace`
// overrides applied, for the use cases that still vary the scenario before
// planning it (sweep's settings).
#ifndef TIDEMARK_SIM_SESSION_INTERNAL_OPEN_SPEC_H_
#define TIDEMARK_SIM_SESSION_INTERNAL_OPEN_SPEC_H_

#include <string>

#include "sim/scenario/scenario.h"
#include "sim/session/open_job.h"

namespace tidemark::sim::internal {

// Throws engine::InputError.
ScenarioSpec OpenSpec(const std::string& file, const OpenOptions& options);

// Points each overridden source at its file, in place of its trace or rows.
// Throws engine::InputError for an override naming no source.
void ApplyTraceOverrides(const std::vector<std::string>& overrides, ScenarioSpec& spec);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_SESSION_INTERNAL_OPEN_SPEC_H_
