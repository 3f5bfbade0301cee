// Plans a scenario's fault tolerance (docs/checkpoints.md): checkpointing
// with Flink 1.20's defaults (CheckpointingOptions), the restart strategy
// (RestartStrategyOptions; when none is set, RestartBackoffTimeStrategy-
// FactoryLoader's default: exponential-delay with checkpointing, no restart
// without), failures resolved to nodes and sinks, and sink guarantees.
#include <algorithm>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/planner/job_plan.h"
#include "sim/planner/plan_operators.h"

namespace tidemark::sim {

namespace {

using engine::InputError;

CheckpointPlan PlanCheckpointing(const CheckpointSpec& spec) {
  CheckpointPlan plan;
  plan.interval = spec.interval;
  plan.mode = spec.mode == CheckpointSpec::Mode::kExactlyOnce ? CheckpointingMode::kExactlyOnce
                                                              : CheckpointingMode::kAtLeastOnce;
  plan.unaligned = spec.unaligned;
  plan.aligned_timeout = spec.aligned_timeout.value_or(plan.aligned_timeout);
  plan.min_pause = spec.min_pause.value_or(plan.min_pause);
  plan.timeout = spec.timeout.value_or(plan.timeout);
  plan.max_concurrent = spec.max_concurrent.value_or(plan.max_concurrent);
  plan.tolerable_failures = spec.tolerable_failures.value_or(plan.tolerable_failures);
  plan.first_delay = spec.first_delay;
  plan.ack_delay = spec.ack_delay.value_or(plan.ack_delay);
  plan.notify_delay = spec.notify_delay.value_or(plan.notify_delay);
  plan.where = spec.where;
  // InputProcessorUtil.createCheckpointBarrierHandler refuses the pair.
  if (plan.unaligned && plan.mode == CheckpointingMode::kAtLeastOnce) {
    throw InputError(spec.unaligned_where,
                     "Cannot use unaligned checkpoints with AT_LEAST_ONCE checkpointing mode",
                     "unaligned checkpoints need 'mode: exactly_once'");
  }
  // CheckpointCoordinatorConfiguration: unaligned checkpoints allow one at a time.
  if (plan.unaligned && plan.max_concurrent > 1) {
    throw InputError(spec.max_concurrent_where,
                     "unaligned checkpoints allow only one concurrent checkpoint",
                     "remove 'max_concurrent' or set it to 1");
  }
  // CheckpointCoordinator: an interval below the min pause is raised to it.
  plan.interval = std::max(plan.interval, plan.min_pause);
  if (plan.first_delay && *plan.first_delay > plan.interval) {
    throw InputError(spec.first_delay_where,
                     fmt::format("the first checkpoint's delay {} ms is longer than the interval "
                                 "{} ms",
                                 plan.first_delay->millis(), plan.interval.millis()),
                     "Flink draws it from [min_pause, interval]");
  }
  return plan;
}

// Which options each strategy takes (RestartStrategyOptions).
bool TakesOption(RestartPlan::Strategy strategy, std::string_view option) {
  switch (strategy) {
    case RestartPlan::Strategy::kNone: return false;
    case RestartPlan::Strategy::kFixedDelay: return option == "attempts" || option == "delay";
    case RestartPlan::Strategy::kFailureRate:
      return option == "max_failures_per_interval" || option == "failure_rate_interval" ||
             option == "delay";
    case RestartPlan::Strategy::kExponentialDelay:
      return option == "initial_backoff" || option == "max_backoff" || option == "multiplier" ||
             option == "reset_threshold" || option == "jitter" || option == "attempts_before_reset";
  }
  return false;
}

std::string_view StrategyName(RestartPlan::Strategy strategy) {
  switch (strategy) {
    case RestartPlan::Strategy::kNone: return "none";
    case RestartPlan::Strategy::kFixedDelay: return "fixed_delay";
    case RestartPlan::Strategy::kFailureRate: return "failure_rate";
    case RestartPlan::Strategy::kExponentialDelay: return "exponential_delay";
  }
  return "?";
}

RestartPlan PlanRestart(const std::optional<RestartSpec>& spec, bool checkpointing,
                        engine::InputErrorCollector& errors) {
  RestartPlan plan;
  plan.strategy =
      checkpointing ? RestartPlan::Strategy::kExponentialDelay : RestartPlan::Strategy::kNone;
  if (!spec) return plan;
  if (spec->strategy) {
    switch (*spec->strategy) {
      case RestartSpec::Strategy::kNone: plan.strategy = RestartPlan::Strategy::kNone; break;
      case RestartSpec::Strategy::kFixedDelay:
        plan.strategy = RestartPlan::Strategy::kFixedDelay;
        break;
      case RestartSpec::Strategy::kFailureRate:
        plan.strategy = RestartPlan::Strategy::kFailureRate;
        break;
      case RestartSpec::Strategy::kExponentialDelay:
        plan.strategy = RestartPlan::Strategy::kExponentialDelay;
        break;
    }
  }
  for (const auto& [option, where] : spec->options) {
    if (TakesOption(plan.strategy, option)) continue;
    errors.Add(InputError(where,
                          fmt::format("'{}' does not apply to the {} restart strategy", option,
                                      StrategyName(plan.strategy)),
                          spec->strategy ? "remove it, or choose the strategy it belongs to"
                                         : "name the strategy it belongs to with 'strategy:'"));
  }
  plan.attempts = spec->attempts.value_or(plan.attempts);
  plan.delay = spec->delay.value_or(plan.delay);
  plan.max_failures_per_interval =
      spec->max_failures_per_interval.value_or(plan.max_failures_per_interval);
  plan.failure_rate_interval = spec->failure_rate_interval.value_or(plan.failure_rate_interval);
  plan.initial_backoff = spec->initial_backoff.value_or(plan.initial_backoff);
  plan.max_backoff = spec->max_backoff.value_or(plan.max_backoff);
  plan.multiplier = spec->multiplier.value_or(plan.multiplier);
  plan.reset_threshold = spec->reset_threshold.value_or(plan.reset_threshold);
  plan.jitter = spec->jitter.value_or(plan.jitter);
  plan.attempts_before_reset = spec->attempts_before_reset.value_or(plan.attempts_before_reset);
  plan.failover = spec->failover == RestartSpec::Failover::kRegion ? RestartPlan::Failover::kRegion
                                                                   : RestartPlan::Failover::kFull;
  if (auto problem = RestartPlanError(plan)) {
    errors.Add(InputError(spec->strategy ? spec->strategy_where : spec->where, *problem,
                          "Flink's restart strategy refuses these options: see "
                          "docs/checkpoints.md, \"Restart strategies\""));
  }
  return plan;
}

FailurePlan PlanFailure(const FailureSpec& spec, const JobPlan& plan) {
  FailurePlan failure;
  failure.where = spec.where;
  failure.count = spec.count;
  failure.seeded = spec.seeded;
  if (spec.kind == FailureSpec::Kind::kAt) {
    failure.kind = FailurePlan::Kind::kAt;
    failure.at = engine::Timestamp::Millis(0) + spec.at;
    std::vector<std::string> names;
    for (const PlannedNode& node : plan.nodes) names.push_back(node.name);
    const auto it = std::find(names.begin(), names.end(), spec.task);
    if (it == names.end()) {
      throw InputError(spec.task_where,
                       fmt::format("a failure names unknown stream '{}'", spec.task),
                       engine::UnknownNameHint(spec.task, names));
    }
    failure.node = static_cast<uint32_t>(it - names.begin());
    const int parallelism = plan.nodes[failure.node].parallelism;
    if (spec.subtask >= parallelism) {
      throw InputError(spec.task_where,
                       fmt::format("stream '{}' has no subtask {}: its parallelism is {}",
                                   spec.task, spec.subtask, parallelism),
                       fmt::format("subtasks are numbered 0 to {}", parallelism - 1));
    }
    failure.subtask = spec.subtask;
    return failure;
  }
  const PlannedSink* sink = plan.FindSink(spec.sink);
  if (sink == nullptr) {
    std::vector<std::string> sinks;
    for (const PlannedSink& s : plan.sinks) sinks.push_back(s.name);
    throw InputError(spec.sink_where,
                     fmt::format("a failure names '{}', which is not a sink", spec.sink),
                     engine::UnknownNameHint(spec.sink, sinks));
  }
  failure.sink = static_cast<size_t>(sink - plan.sinks.data());
  failure.node = sink->node;
  switch (spec.kind) {
    case FailureSpec::Kind::kOnRecord: failure.kind = FailurePlan::Kind::kOnRecord; break;
    case FailureSpec::Kind::kEvery: failure.kind = FailurePlan::Kind::kEvery; break;
    case FailureSpec::Kind::kWhen:
      failure.kind = FailurePlan::Kind::kWhen;
      failure.when = CompileCondition(*spec.when, plan.nodes[sink->node].schema);
      break;
    case FailureSpec::Kind::kAt: break;
  }
  return failure;
}

}  // namespace

void PlanFaultTolerance(const ScenarioSpec& spec, JobPlan& plan) {
  engine::InputErrorCollector errors;
  FaultTolerancePlan& ft = plan.fault_tolerance;
  if (spec.checkpointing) {
    try {
      ft.checkpointing = PlanCheckpointing(*spec.checkpointing);
    } catch (const InputError& e) {
      errors.Add(e);
    }
    for (const SourcePlan& source : plan.sources) {
      if (!source.script) continue;
      errors.Add(InputError(spec.checkpointing->where,
                            "checkpointing does not apply to a job fed by an operator-level "
                            "script",
                            "a script feeds an operator as Flink's test harness does; "
                            "checkpoint a job of trace sources instead"));
      break;
    }
  }
  ft.restart = PlanRestart(spec.restart, spec.checkpointing.has_value(), errors);
  for (const FailureSpec& failure : spec.failures) {
    try {
      ft.failures.push_back(PlanFailure(failure, plan));
    } catch (const InputError& e) {
      errors.Add(e);
    }
  }
  for (size_t s = 0; s < spec.sinks.size() && s < plan.sinks.size(); ++s) {
    switch (spec.sinks[s].guarantee) {
      case SinkGuaranteeSpec::kNone: plan.sinks[s].guarantee = SinkGuarantee::kNone; break;
      case SinkGuaranteeSpec::kAtLeastOnce:
        plan.sinks[s].guarantee = SinkGuarantee::kAtLeastOnce;
        break;
      case SinkGuaranteeSpec::kExactlyOnce:
        plan.sinks[s].guarantee = SinkGuarantee::kExactlyOnce;
        break;
    }
  }
  errors.ThrowIfAny();
}

}  // namespace tidemark::sim
