// Settings a sweep changes in a scenario, by dotted key
// (docs/explore-and-sweep.md):
//   seed, channels.latency.min, channels.latency.max,
//   sources.NAME.parallelism,
//   sources.NAME.watermarks.max_out_of_orderness | interval | idleness,
//   streams.NAME.parallelism,
//   streams.NAME.window.size | slide | gap | offset | allowed_lateness.
// Errors name `--set`, where the user gave them.
#ifndef TIDEMARK_SIM_SCENARIO_SCENARIO_SETTINGS_H_
#define TIDEMARK_SIM_SCENARIO_SCENARIO_SETTINGS_H_

#include <string>

#include "sim/scenario/scenario.h"

namespace tidemark::sim {

// Sets `key` to `value` in `spec`. Throws engine::InputError for an unknown
// key (listing the known ones), a name the scenario lacks (with the nearest
// one) or a value of the wrong kind.
void ApplySetting(ScenarioSpec& spec, const std::string& key, const std::string& value);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_SCENARIO_SETTINGS_H_
