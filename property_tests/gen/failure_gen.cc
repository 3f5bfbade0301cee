#include "property_tests/gen/failure_gen.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "property_tests/gen/run_views.h"
#include "property_tests/gen/scratch_folder.h"
#include "sim/planner/job_plan.h"
#include "sim/session/open_job.h"

namespace tidemark::props {

namespace {

using sim::SinkGuarantee;

// The job's streams a task failure can name, with their parallelism (a
// stream without `parallelism:` has its first input's: classified and the
// tag sinks that of events, late_events that of windows).
std::vector<std::pair<std::string, int>> Tasks(const JobConfig& j) {
  std::vector<std::pair<std::string, int>> tasks = {{"events", j.source_parallelism},
                                                    {"classified", j.source_parallelism},
                                                    {"windows", j.window_parallelism}};
  if (j.window.late_output) tasks.emplace_back("late_events", j.window_parallelism);
  if (j.consume_big) tasks.emplace_back("big_rows", j.source_parallelism);
  if (j.consume_odd) tasks.emplace_back("odd_rows", j.source_parallelism);
  return tasks;
}

// A folder of this process's own for the trace of the scenario being run.
const std::filesystem::path& RecoveryScratch() {
  static const ScratchFolder folder("tidemark-props-recovery");
  return folder.path();
}

constexpr const char* kRecoveryScenarioName = "recovery";

}  // namespace

std::vector<std::string> SinkNames(const JobConfig& j) {
  std::vector<std::string> names = {"windows"};
  if (j.window.late_output) names.emplace_back("late_events");
  if (j.consume_big) names.emplace_back("big_rows");
  if (j.consume_odd) names.emplace_back("odd_rows");
  return names;
}

int64_t LastArrivalMs(const GeneratedScenario& s) {
  int64_t arrival = 0;
  for (const TraceRowSpec& r : s.rows) arrival += r.gap_ms;
  return arrival;
}

int64_t EndedByMs(const GeneratedScenario& s) {
  return std::max(LastArrivalMs(s), kFailuresUntilMs) + kEndsWithinMs;
}

int64_t RunUntilMs(const GeneratedScenario& s) { return EndedByMs(s) + 30'000; }

std::string RunAway(const FaultyScenario& s, const sim::RunResult& r) {
  if (!r.recovery) return "";
  const int64_t ended_by = EndedByMs(s.scenario);
  const uint64_t most =
      static_cast<uint64_t>(ended_by / s.ft.interval_ms) + r.recovery->restarts + 1;
  const uint64_t checkpoints = r.recovery->checkpoints_completed + r.recovery->checkpoints_aborted;
  if (checkpoints <= most) return "";
  return fmt::format(
      "the job did not end: {} checkpoints ({} completed), though by {} ms ({} s after its last "
      "row and failure) at most {} can have been triggered; the run was stopped at {} ms",
      checkpoints, r.recovery->checkpoints_completed, ended_by, kEndsWithinMs / 1000, most,
      RunUntilMs(s.scenario));
}

rc::Gen<FaultTolerance> GenFaultTolerance(const GeneratedScenario& s, const FaultOptions& options) {
  return rc::gen::exec([job = s.job, options] {
    FaultTolerance ft;
    ft.interval_ms = *rc::gen::elementOf(std::vector<int64_t>{10, 50, 100, 300, 1000});
    ft.first_delay_ms = *rc::gen::inRange<int64_t>(1, ft.interval_ms + 1);
    ft.at_least_once = options.allow_at_least_once && job.source_parallelism == 1 &&
                       *rc::gen::weightedElement<bool>({{1, true}, {2, false}});
    ft.unaligned = !ft.at_least_once && *rc::gen::weightedElement<bool>({{1, true}, {2, false}});
    if (ft.unaligned) {
      ft.aligned_timeout_ms = *rc::gen::elementOf(std::vector<int64_t>{0, 0, 5, 50});
    }
    // Two at a time with an interval below the channels' latency keeps a
    // barrier in flight at every instant: the job must still end.
    ft.max_concurrent = *rc::gen::weightedElement<int>({{3, 1}, {1, 2}});
    ft.ack_delay_ms = *rc::gen::elementOf(std::vector<int64_t>{0, 0, 5, 50});
    ft.notify_delay_ms = *rc::gen::elementOf(std::vector<int64_t>{0, 0, 20, 200});
    ft.restart_delay_ms = options.allow_zero_restart_delay
                              ? *rc::gen::elementOf(std::vector<int64_t>{0, 1, 10, 100, 500})
                              : *rc::gen::elementOf(std::vector<int64_t>{1, 10, 100, 500});
    ft.full_failover = *rc::gen::arbitrary<bool>();
    ft.replay_every_ms = *rc::gen::elementOf(std::vector<int64_t>{0, 0, 10, 100});
    for (const std::string& sink : SinkNames(job)) {
      ft.sinks.emplace_back(sink, *rc::gen::elementOf(options.guarantees));
    }
    return ft;
  });
}

rc::Gen<ScriptedFailure> GenTaskFailureAt(const GeneratedScenario& s, int64_t at_ms) {
  return rc::gen::exec([tasks = Tasks(s.job), at_ms] {
    const auto& [task, parallelism] = *rc::gen::elementOf(tasks);
    return ScriptedFailure{.kind = ScriptedFailure::Kind::kTask,
                           .at_ms = at_ms,
                           .task = task,
                           .subtask = *rc::gen::inRange(0, parallelism),
                           .sink = "",
                           .on_record = 1};
  });
}

rc::Gen<std::vector<ScriptedFailure>> GenFailures(const GeneratedScenario& s) {
  const std::vector<std::string> sinks = SinkNames(s.job);
  // A sink sees at most one record per event (windows: one result per key
  // and window, fewer), more with repeats after restores.
  const uint64_t records = s.NumEvents() + 2;
  // Times do not depend on the trace, so that a shrinking trace keeps its
  // failures where they were (most traces end within 3 s; 4 s covers a
  // failure while a 500 ms restart delay and a slow replay go on past them).
  const rc::Gen<ScriptedFailure> task =
      rc::gen::mapcat(rc::gen::inRange<int64_t>(0, kFailuresUntilMs + 1),
                      [s](int64_t at) { return GenTaskFailureAt(s, at); });
  const rc::Gen<ScriptedFailure> sink = rc::gen::apply(
      [](std::string name, uint64_t n) {
        return ScriptedFailure{.kind = ScriptedFailure::Kind::kSink,
                               .at_ms = 0,
                               .task = "",
                               .subtask = 0,
                               .sink = std::move(name),
                               .on_record = n};
      },
      rc::gen::elementOf(sinks), rc::gen::inRange<uint64_t>(1, 2 * records + 1));
  return rc::gen::resize(
      4, rc::gen::container<std::vector<ScriptedFailure>>(rc::gen::resize(
             100, rc::gen::weightedOneOf<ScriptedFailure>({{3, task}, {1, sink}}))));
}

std::string FailureYaml(const ScriptedFailure& f) {
  return f.kind == ScriptedFailure::Kind::kTask
             ? fmt::format("{{at: {}ms, task: {}/{}}}", f.at_ms, f.task, f.subtask)
             : fmt::format("{{sink: {}, on_record: {}}}", f.sink, f.on_record);
}

std::string FaultToleranceYaml(const FaultTolerance& ft) {
  std::string out;
  std::string checkpointing =
      fmt::format("{{interval: {}ms, first_delay: {}ms, mode: {}", ft.interval_ms,
                  ft.first_delay_ms, ft.at_least_once ? "at_least_once" : "exactly_once");
  if (ft.unaligned) {
    checkpointing += fmt::format(", unaligned: true, aligned_timeout: {}ms", ft.aligned_timeout_ms);
  } else if (ft.max_concurrent != 1) {
    checkpointing += fmt::format(", max_concurrent: {}", ft.max_concurrent);
  }
  checkpointing +=
      fmt::format(", ack_delay: {}ms, notify_delay: {}ms}}", ft.ack_delay_ms, ft.notify_delay_ms);
  out += "checkpointing: " + checkpointing + "\n";
  out +=
      fmt::format("restart: {{strategy: fixed_delay, attempts: 100, delay: {}ms, failover: {}}}\n",
                  ft.restart_delay_ms, ft.full_failover ? "full" : "region");
  if (!ft.failures.empty()) {
    out += "failures:\n";
    for (const ScriptedFailure& f : ft.failures) {
      out += "  - " + FailureYaml(f) + "\n";
    }
  }
  return out;
}

ScenarioFiles FaultyScenarioText(const std::string& name, const FaultyScenario& s) {
  ScenarioFiles files = ScenarioText(name, s.scenario);
  std::string& yaml = files.yaml;
  const FaultTolerance& ft = s.ft;
  // ScenarioText ends with the sinks, one line: put the guarantees in it.
  const size_t sinks_at = yaml.rfind("\nsinks: {");
  if (sinks_at == std::string::npos) throw std::logic_error("ScenarioText wrote no sinks line");
  std::string sinks;
  for (const auto& [sink, guarantee] : ft.sinks) {
    sinks += fmt::format("{}{}: {{guarantee: {}}}", sinks.empty() ? "" : ", ", sink,
                         sim::SinkGuaranteeName(guarantee));
  }
  yaml.resize(sinks_at + 1);
  yaml += "sinks: {" + sinks + "}\n";
  if (ft.replay_every_ms > 0) {
    // The last key of the only source, just before `streams:`.
    const size_t streams_at = yaml.find("\nstreams:\n");
    if (streams_at == std::string::npos) throw std::logic_error("ScenarioText wrote no streams");
    yaml.insert(streams_at + 1, fmt::format("    replay: {{every: {}ms}}\n", ft.replay_every_ms));
  }
  yaml += FaultToleranceYaml(ft);
  yaml += fmt::format("run_until: {}ms\n", RunUntilMs(s.scenario));
  return files;
}

sim::RunResult RunFaulty(const FaultyScenario& s, engine::Ledger::Detail detail) {
  const ScenarioFiles files = FaultyScenarioText(kRecoveryScenarioName, s);
  const std::filesystem::path& folder = RecoveryScratch();
  {
    std::ofstream csv(folder / files.companions[0].first, std::ios::binary | std::ios::trunc);
    csv << files.companions[0].second;
  }
  const sim::JobPlan plan =
      sim::OpenJobText(files.yaml, std::string(kRecoveryScenarioName) + ".yaml", folder.string());
  return sim::RunJob(plan, {.seed = s.scenario.job.seed, .detail = detail});
}

void FailFaulty(const std::string& property, const FaultyScenario& s, const std::string& problem) {
  NoteFailingCase(s.scenario.NumEvents());
  WriteCounterexample(property, FaultyScenarioText(property, s));
  RC_FAIL(problem);
}

RecordBag BagOf(const std::vector<engine::Record>& records) {
  RecordBag bag;
  for (const engine::Record& r : records) ++bag[ValuesText(r)];
  return bag;
}

std::string BagText(const RecordBag& bag, size_t limit) {
  std::string text;
  size_t shown = 0;
  for (const auto& [record, n] : bag) {
    if (shown++ == limit) return text + " ...";
    text += fmt::format(" {}x{}", n, record);
  }
  return text.empty() ? " (none)" : text;
}

RecordBag BagMinus(const RecordBag& a, const RecordBag& b) {
  RecordBag out;
  for (const auto& [record, n] : a) {
    const auto it = b.find(record);
    const int64_t left = n - (it == b.end() ? 0 : it->second);
    if (left > 0) out[record] = left;
  }
  return out;
}

std::ostream& operator<<(std::ostream& os, const ScriptedFailure& f) {
  return os << FailureYaml(f);
}

std::ostream& operator<<(std::ostream& os, const FaultTolerance& ft) {
  os << "\n" << FaultToleranceYaml(ft) << "replay every: " << ft.replay_every_ms << "ms\nsinks:";
  for (const auto& [sink, guarantee] : ft.sinks)
    os << " " << sink << ": " << SinkGuaranteeName(guarantee);
  return os << "\n";
}

std::ostream& operator<<(std::ostream& os, const FaultyScenario& s) {
  const ScenarioFiles files = FaultyScenarioText("counterexample", s);
  return os << "\n" << files.yaml << "--- counterexample.csv\n" << files.companions[0].second;
}

}  // namespace tidemark::props
