// Generated whole-job scenarios: a trace and a job, as scenario text that
// PlanJob/RunJob run in-process and `tidemark run` replays from files.
//
// The job (every generated scenario has this shape):
//   events (source, 1-4 subtasks, 1-4 partitions, bounded-out-of-orderness
//           watermarks with optional idleness, or only explicit ones)
//   classified: process rules    v >= 7      -> main + tag `big` {k, ts, v}
//                                v odd       -> tag `odd` {k, half: double}
//                                v != 0      -> main
//                                (v == 0: no rule, unrouted)
//               optionally every rule also emits to `audit`, which nobody reads
//   windows:    key_by k, tumbling / sliding / session, 1-8 subtasks,
//               count() and sum(v), optional late output `late`
//   sinks:      windows, late_events (late), big_rows (big), odd_rows (odd);
//               `big` and `odd` may be left unconsumed.
// The trace: up to 30 rows on explicit partitions and arrival times — events
// (keys a/b/c; event time = a running base minus a lag, so the disorder is
// controlled), explicit watermarks, idle and active marks.
//
// Inline `events:` rows carry no @kind, @partition or @arrival, so the trace
// is a CSV file next to the YAML (<name>.csv).
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_SCENARIO_GEN_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_SCENARIO_GEN_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "property_tests/gen/counterexample.h"
#include "property_tests/model/window_model.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"

namespace tidemark::props {

struct TraceRowSpec {
  enum class Kind { kEvent, kWatermark, kIdle, kActive };
  Kind kind = Kind::kEvent;
  std::string key = "a";
  int64_t advance_ms = 0;  // the running event-time base moves by this first
  int64_t lag_ms = 0;      // event time = base - lag; a watermark row offers base - lag
  int64_t value = 1;
  int partition = 0;
  int64_t gap_ms = 0;  // processing time since the previous row's arrival
};

struct JobConfig {
  model::WindowConfig window;
  int source_parallelism = 1;
  int partitions = 1;
  int window_parallelism = 1;
  bool explicit_watermarks_only = false;  // strategy none
  int64_t bound_ms = 0;                   // max_out_of_orderness
  int64_t interval_ms = 200;
  std::optional<int64_t> idleness_ms;
  bool consume_big = true;
  bool consume_odd = true;
  bool audit = false;  // every rule also emits to the unconsumed tag `audit`
  int64_t min_latency_ms = 0;
  int64_t max_latency_ms = 0;
  int64_t start_ms = 0;  // the event-time base before the first row
  uint64_t seed = 1;
};

struct GeneratedScenario {
  JobConfig job;
  std::vector<TraceRowSpec> rows;

  // Event time of every row (the watermark for watermark rows), in order.
  std::vector<int64_t> EventTimes() const;
  size_t NumEvents() const;
};

// Any job and any trace (disorder beyond the bound, explicit watermarks,
// idle marks and idleness, unconsumed tags).
rc::Gen<GeneratedScenario> GenScenario();
// Only events, bounded-out-of-orderness watermarks, no idleness, and every
// lag within the bound: the trace's real disorder per partition is <= bound.
rc::Gen<GeneratedScenario> GenBoundedDisorderScenario();

ScenarioFiles ScenarioText(const std::string& name, const GeneratedScenario& scenario);

struct GeneratedRun {
  sim::JobPlan plan;
  sim::RunResult result;
  // The plan's node index of a stream.
  uint32_t Node(const std::string& name) const;
};

// Plans the scenario (its CSV goes to a scratch folder, removed at exit) and
// runs it with full detail (ledger entries, schedule, decisions, firings)
// under `seed`. Throws InputError.
GeneratedRun RunGenerated(const GeneratedScenario& scenario, uint64_t seed);

// Names of the plan's nodes, for the properties.
inline constexpr const char* kClassifiedNode = "classified";
inline constexpr const char* kWindowsNode = "windows";

std::ostream& operator<<(std::ostream& os, const GeneratedScenario& s);

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_SCENARIO_GEN_H_
