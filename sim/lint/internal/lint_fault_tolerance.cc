// Fault-tolerance rules: sinks and restarts that will not do what the
// scenario seems to expect of them (docs/checkpoints.md).
#include <fmt/format.h>

#include "sim/lint/internal/lint_graph.h"

namespace tidemark::sim::internal {

namespace {

using Severity = LintFinding::Severity;

bool AnyUnbounded(const ScenarioSpec& spec) {
  for (const SourceSpec& source : spec.sources) {
    if (source.boundedness == SourceSpec::Boundedness::kUnbounded && !source.script) return true;
  }
  return false;
}

// Whether some operator reads several input channels, where at-least-once
// barriers let records into a snapshot that a restore replays again: a union,
// or any stream reading one of parallelism above 1 (a keyBy or rebalance
// from several subtasks). A chain of single-input tasks has nothing to align.
bool HasMultiInputTask(const LintGraph& graph) {
  const ScenarioSpec& spec = *graph.spec;
  for (const SourceSpec& source : spec.sources) {
    if (source.parallelism > 1) return true;
  }
  for (const StreamSpec& stream : spec.streams) {
    if (stream.from.size() > 1) return true;
    if (stream.parallelism && *stream.parallelism > 1) return true;
  }
  return false;
}

}  // namespace

// exactly-once-sink-never-commits (error): a two-phase-commit sink commits on
// checkpoint notifications; without checkpointing it commits only at the end
// of input (CommitterOperator.endInput), which an unbounded job never reaches:
// a read_committed reader sees nothing.
// failure-without-restart (warning): scripted failures with neither
// checkpointing nor a restart strategy: Flink's default is then no restart
// (RestartBackoffTimeStrategyFactoryLoader), so the first failure fails the job.
// at-least-once-commits-duplicates (warning): AT_LEAST_ONCE checkpoints with
// an exactly-once sink in a job with a multi-input task: a record can be in a
// checkpoint and replayed after it, and the sink commits both.
void LintFaultTolerance(const LintGraph& graph, std::vector<LintFinding>& out) {
  const ScenarioSpec& spec = *graph.spec;
  for (const SinkSpec& sink : spec.sinks) {
    if (sink.guarantee != SinkGuaranteeSpec::kExactlyOnce) continue;
    if (!spec.checkpointing && AnyUnbounded(spec)) {
      out.push_back({.rule = std::string(kLintExactlyOnceNeverCommits),
                     .where = sink.guarantee_where,
                     .message = fmt::format("exactly-once sink '{}' never commits: the job does "
                                            "not checkpoint and its input never ends",
                                            sink.stream),
                     .explanation = "a two-phase-commit sink makes its records visible when a "
                                    "checkpoint completes, or at the end of a bounded input",
                     .fix = "add 'checkpointing: {interval: ...}'",
                     .severity = Severity::kError});
    }
    if (spec.checkpointing && spec.checkpointing->mode == CheckpointSpec::Mode::kAtLeastOnce &&
        HasMultiInputTask(graph)) {
      out.push_back({.rule = std::string(kLintAtLeastOnceCommitsDuplicates),
                     .where = spec.checkpointing->mode_where,
                     .message = fmt::format("exactly-once sink '{}' can commit duplicates under "
                                            "at_least_once checkpoints",
                                            sink.stream),
                     .explanation = "at-least-once barriers do not block a channel: a record "
                                    "that arrives after its channel's barrier is in the "
                                    "snapshot and replayed after a restore, and the sink "
                                    "commits both (Flink: exactly-once end to end needs "
                                    "EXACTLY_ONCE checkpoints)",
                     .fix = "use 'mode: exactly_once'",
                     .severity = Severity::kWarning});
    }
  }
  if (!spec.failures.empty() && !spec.checkpointing && !spec.restart) {
    out.push_back({.rule = std::string(kLintFailureWithoutRestart),
                   .where = spec.failures_where,
                   .message = "the first failure fails the job: it neither checkpoints nor "
                              "names a restart strategy",
                   .explanation = "Flink restarts by default only when checkpointing is on "
                                  "(exponential-delay); without it the default is no restart",
                   .fix = "add 'checkpointing: {interval: ...}' or 'restart: {strategy: ...}'",
                   .severity = Severity::kWarning});
  }
}

}  // namespace tidemark::sim::internal
