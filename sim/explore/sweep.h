// Sweep: run one scenario once per value of one or more settings and measure
// the late-data / latency trade-off at each point.
//
// Settings are dotted keys the job's front end knows (for a scenario file:
// sim/scenario/scenario_settings.h, docs/explore-and-sweep.md). Values are a list "V1,V2,..." or a
// range "FROM..TO:STEP" (both ends inclusive when TO is reached). Several settings make a grid, the
// first outermost. Point j of the grid belongs to shard j mod K.
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

#include "sim/planner/job_plan.h"
#include "sim/planner/job_source.h"

namespace tidemark::sim {

struct SweepSetting {
  std::string key;
  std::vector<std::string> values;
};

// "KEY=V1,V2" or "KEY=FROM..TO:STEP". Throws engine::InputError naming `flag`.
SweepSetting ParseSweepSetting(const std::string& text, const std::string& flag = "--set");

using SweepPoint = std::vector<JobSetting>;  // (key, value)

// A sweep runs the scenario once per point: past this many points it would
// take days, and the grid alone gigabytes.
inline constexpr uint64_t kMaxSweepPoints = 10'000;

// Every combination, the first setting outermost. Throws engine::InputError
// naming `--set` when there are more than kMaxSweepPoints, before building any.
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

// `base` with `point`'s settings (its front end applies them, e.g. to the
// scenario: sim/scenario/scenario_settings.h), planned and run at the seed
// it then asks for. Throws engine::InputError.
SweepMetrics MeasurePoint(const JobPlan& base, const SweepPoint& point);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_SWEEP_H_
