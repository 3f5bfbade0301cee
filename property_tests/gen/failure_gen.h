// Fault tolerance for generated scenarios (docs/checkpoints.md): a
// GeneratedScenario (gen/scenario_gen.h) plus checkpointing, a restart
// strategy that never gives up, sink guarantees and scripted failures, as
// scenario text that PlanJob/RunJob run in-process and `tidemark run`
// replays.
//
// What is drawn:
//   checkpointing: interval 10ms-1s, first delay 1..interval, aligned or
//     unaligned (with an aligned timeout) exactly-once, or at-least-once when
//     asked for and the job has nothing to align; ack and notify delays; one
//     checkpoint at a time (two keep a finished job running: a known bug,
//     see GenFaultTolerance);
//   restart: fixed_delay, 100 attempts (more than the failures: the job never
//     fails), a delay of 0-500 ms; region or full failover;
//   the source's backlog replayed at once or one row per 10 / 100 ms;
//   failures: up to 4, each a task failure {at, task: STREAM/N} of any
//     subtask of events, classified, windows or a side-output sink at 0-4 s
//     (drawn apart from the trace, so that a trace shrinks under fixed
//     failures; a failure after the job is done never fires), or a sink
//     throwing once on its N-th record.
// Which guarantees the sinks get is the property's choice.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_FAILURE_GEN_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_FAILURE_GEN_H_

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "property_tests/gen/scenario_gen.h"
#include "sim/graph/fault_tolerance.h"
#include "sim/runtime/runtime.h"

namespace tidemark::props {

struct ScriptedFailure {
  enum class Kind { kTask, kSink };
  Kind kind = Kind::kTask;
  int64_t at_ms = 0;       // kTask: processing time
  std::string task;        // kTask: a stream of the job
  int subtask = 0;         // kTask
  std::string sink;        // kSink
  uint64_t on_record = 1;  // kSink: throws on its N-th record (over every attempt), once
};

struct FaultTolerance {
  int64_t interval_ms = 100;
  int64_t first_delay_ms = 100;
  bool at_least_once = false;  // checkpointing mode
  bool unaligned = false;
  int64_t aligned_timeout_ms = 0;
  int max_concurrent = 1;
  int64_t ack_delay_ms = 0;
  int64_t notify_delay_ms = 0;
  int64_t restart_delay_ms = 100;
  bool full_failover = false;
  int64_t replay_every_ms = 0;  // 0: the backlog at once
  // Every sink of the job, in ScenarioText's order.
  std::vector<std::pair<std::string, sim::SinkGuarantee>> sinks;
  std::vector<ScriptedFailure> failures;
};

struct FaultyScenario {
  GeneratedScenario scenario;
  FaultTolerance ft;
};

// The job's sinks, in ScenarioText's order: windows, late_events, big_rows,
// odd_rows (those it has).
std::vector<std::string> SinkNames(const JobConfig& job);
// The last row's arrival time.
int64_t LastArrivalMs(const GeneratedScenario& s);

// GenFailures draws task failures at 0 to this.
inline constexpr int64_t kFailuresUntilMs = 4'000;
// By when a generated run has ended, at the latest: the last row or the last
// task failure, whichever is later, plus kEndsWithinMs for the rest. Each
// failure costs at most a 500 ms restart delay and a replay of at most 30
// rows at 100 ms each, and up to four can follow one another (a sink throws
// during the previous replay): 14 s; channels take at most 220 ms.
inline constexpr int64_t kEndsWithinMs = 20'000;
int64_t EndedByMs(const GeneratedScenario& s);
// The `run_until` every generated scenario has: EndedByMs + 30 s. A job of
// bounded sources ends when they do, before it (docs/scenario-format.md,
// "End of input"); the cap only stops a run that would go on (a checkpoint
// barrier always in flight keeps a finished job running: see RunAway).
int64_t RunUntilMs(const GeneratedScenario& s);
// "" if the run ended by EndedByMs; else what shows it went on: more
// checkpoints than the scheduler can have triggered by then. Its trigger is
// fixed-rate from each (re)start, so up to time E each running stretch gives
// at most its length / interval + 1 ticks, each tick at most one checkpoint:
// at most E / interval + restarts + 1 in all. A run that goes on to the cap
// triggers 30 s / interval (>= 30) more.
std::string RunAway(const FaultyScenario& s, const sim::RunResult& r);

struct FaultOptions {
  // Each sink's guarantee is drawn from these.
  std::vector<sim::SinkGuarantee> guarantees = {sim::SinkGuarantee::kExactlyOnce};
  // At-least-once checkpoints may be drawn, but only when the job has nothing
  // to align: one source subtask, so every subtask has one input channel
  // (side-output streams inherit their input's parallelism and are chained).
  // With more channels a snapshot at the last barrier holds records that are
  // replayed after a restore: counted twice, so no output can be compared.
  bool allow_at_least_once = true;
  // A restart delay of 0 (a restart in the failure's millisecond).
  bool allow_zero_restart_delay = true;
};

// Checkpointing, restart and guarantees; no failures.
rc::Gen<FaultTolerance> GenFaultTolerance(const GeneratedScenario& s, const FaultOptions& options);
// 0-4 task and sink failures (see above).
rc::Gen<std::vector<ScriptedFailure>> GenFailures(const GeneratedScenario& s);
// A task failure of any subtask of the job at `at_ms`.
rc::Gen<ScriptedFailure> GenTaskFailureAt(const GeneratedScenario& s, int64_t at_ms);

// `checkpointing:`, `restart:` and `failures:` as scenario YAML.
std::string FaultToleranceYaml(const FaultTolerance& ft);
std::string FailureYaml(const ScriptedFailure& f);

ScenarioFiles FaultyScenarioText(const std::string& name, const FaultyScenario& s);

// Plans and runs the scenario under the base scenario's seed (its trace goes
// to a scratch folder of its own, removed at exit). Throws InputError.
sim::RunResult RunFaulty(const FaultyScenario& s,
                         engine::Ledger::Detail detail = engine::Ledger::Detail::kCountsOnly);

// Notes the case size (the events), writes the scenario as
// <property>.yaml/.csv and fails.
void FailFaulty(const std::string& property, const FaultyScenario& s, const std::string& problem);

// Each record's ValuesText (timestamp and typed values, no id) and how many
// times the sink shows it.
using RecordBag = std::map<std::string, int64_t>;
RecordBag BagOf(const std::vector<engine::Record>& records);
// "k×record" lines of `bag`, at most `limit`.
std::string BagText(const RecordBag& bag, size_t limit = 6);
// a - b, entries with a count > 0 only.
RecordBag BagMinus(const RecordBag& a, const RecordBag& b);

std::ostream& operator<<(std::ostream& os, const ScriptedFailure& f);
std::ostream& operator<<(std::ostream& os, const FaultTolerance& ft);
std::ostream& operator<<(std::ostream& os, const FaultyScenario& s);

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_FAILURE_GEN_H_
