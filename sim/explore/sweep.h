// Sweep: run one scenario once per value of one or more settings and measure
// the late-data / latency trade-off at each point.
//
// Settings are dotted keys into the scenario (docs/explore-and-sweep.md):
//   seed, channels.latency.min, channels.latency.max,
//   sources.NAME.parallelism,
//   sources.NAME.watermarks.max_out_of_orderness | interval | idleness,
//   streams.NAME.parallelism,
//   streams.NAME.window.size | slide | gap | offset | allowed_lateness.
// Values are a list "V1,V2,..." or a range "FROM..TO:STEP" (both ends
// inclusive when TO is reached). Several settings make a grid, the first
// outermost. Point j of the grid belongs to shard j mod K.
//
// Per point (one run at the scenario's seed):
//   late        records late to a side output + records dropped late
//   late share  late / records in;  completeness = 1 - late share
//   latency     per event-time window (node, key, window) that fired: the
//               processing time of its first firing minus the arrival time
//               of the first trace row (any source) whose event time is at
//               least the window's end — the moment the input first showed
//               the window complete. Windows with no such row fire only at
//               the end of input and are counted apart (`at end`). Reported
//               as the lower median and the maximum, in ms.
#ifndef TIDEMARK_SIM_EXPLORE_SWEEP_H_
#define TIDEMARK_SIM_EXPLORE_SWEEP_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/scenario/scenario.h"

namespace tidemark::sim {

struct SweepSetting {
  std::string key;
  std::vector<std::string> values;
};

// "KEY=V1,V2" or "KEY=FROM..TO:STEP". Throws engine::InputError naming `flag`.
SweepSetting ParseSweepSetting(const std::string& text, const std::string& flag = "--set");

// Sets `key` to `value` in `spec`. Throws engine::InputError for an unknown
// key (with the nearest known one) or a value of the wrong kind.
void ApplySetting(ScenarioSpec& spec, const std::string& key, const std::string& value);

using SweepPoint = std::vector<std::pair<std::string, std::string>>;  // (key, value)

// Every combination, the first setting outermost.
std::vector<SweepPoint> SweepGrid(const std::vector<SweepSetting>& settings);

struct SweepMetrics {
  uint64_t records_in = 0;
  uint64_t late = 0;            // side_output + dropped
  uint64_t dropped = 0;         // dropped late (no late output)
  uint64_t side_output = 0;     // sent to a late-data side output
  double late_share = 0;        // late / records_in (0 when nothing came in)
  uint64_t windows = 0;         // event-time windows that fired (per key)
  uint64_t windows_at_end = 0;  // of those, with no row past their end
  std::optional<int64_t> latency_median_ms;
  std::optional<int64_t> latency_max_ms;
};

// Applies `point` to `base`, plans and runs it at the resulting spec's seed.
// Throws engine::InputError.
SweepMetrics MeasurePoint(const ScenarioSpec& base, const SweepPoint& point);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_SWEEP_H_
