// The fault-tolerance keys of a scenario: `checkpointing:`, `restart:`,
// `failures:` and a sink's `guarantee:` (docs/checkpoints.md). Shapes and
// ranges only; the planner resolves names and defaults.
#include <charconv>
#include <string>

#include <fmt/format.h>

#include "engine/core/input_error_list.h"
#include "sim/scenario/internal/read_values.h"

namespace tidemark::sim::internal {

namespace {

// Flink refuses shorter intervals (CheckpointConfig.setCheckpointInterval,
// MINIMAL_CHECKPOINT_TIME).
constexpr int64_t kMinimalCheckpointMillis = 10;

int ReadPositiveInt(const YamlValue& v, std::string_view what, int64_t max) {
  const int64_t n = v.AsInt(what);
  if (n < 1 || n > max) {
    v.Fail(fmt::format("{} must be between 1 and {}", what, max),
           fmt::format("write a whole number from 1 to {}", max));
  }
  return static_cast<int>(n);
}

int64_t ReadCount(const YamlValue& v, std::string_view what) {
  const int64_t n = v.AsInt(what);
  if (n < 0) v.Fail(fmt::format("{} cannot be negative", what), "write 0 or more");
  return n;
}

}  // namespace

CheckpointSpec ReadCheckpointing(const YamlValue& v) {
  YamlMap map(v, "checkpointing",
              {"interval", "mode", "unaligned", "aligned_timeout", "min_pause", "timeout",
               "max_concurrent", "tolerable_failures", "first_delay", "ack_delay", "notify_delay"});
  CheckpointSpec spec;
  spec.where = v.where();
  const YamlValue interval = map.Require("interval");
  spec.interval = interval.AsDuration("the checkpoint interval");
  if (spec.interval.millis() < kMinimalCheckpointMillis) {
    interval.Fail("Checkpoint interval must be larger than or equal to 10 ms",
                  "Flink's minimum; write e.g. '1s'");
  }
  if (auto mode = map.Get("mode")) {
    const std::string text = mode->AsString("the checkpointing mode");
    spec.mode_where = mode->where();
    if (text == "exactly_once") {
      spec.mode = CheckpointSpec::Mode::kExactlyOnce;
    } else if (text == "at_least_once") {
      spec.mode = CheckpointSpec::Mode::kAtLeastOnce;
    } else {
      mode->Fail(fmt::format("unknown checkpointing mode '{}'", text),
                 "expected 'exactly_once' or 'at_least_once'");
    }
  }
  if (auto unaligned = map.Get("unaligned")) {
    spec.unaligned = unaligned->AsBool("whether checkpoints are unaligned");
    spec.unaligned_where = unaligned->where();
  }
  const auto duration = [&map](std::string_view key, std::string_view what) {
    std::optional<engine::Duration> d;
    if (auto value = map.Get(key)) d = ReadNonNegative(*value, what);
    return d;
  };
  spec.aligned_timeout = duration("aligned_timeout", "the aligned checkpoint timeout");
  spec.min_pause = duration("min_pause", "the pause between checkpoints");
  spec.timeout = duration("timeout", "the checkpoint timeout");
  if (spec.timeout && spec.timeout->millis() == 0) {
    map.Get("timeout")->Fail(
        "the checkpoint timeout must be positive",
        "write how long a checkpoint may take before it is aborted, e.g. 10min");
  }
  if (auto n = map.Get("max_concurrent")) {
    spec.max_concurrent = ReadPositiveInt(*n, "the concurrent checkpoints", 1000);
    spec.max_concurrent_where = n->where();
  }
  if (auto n = map.Get("tolerable_failures")) {
    spec.tolerable_failures = static_cast<int>(
        std::min<int64_t>(ReadCount(*n, "the tolerable failed checkpoints"), INT32_MAX));
  }
  spec.first_delay = duration("first_delay", "the first checkpoint's delay");
  if (auto first = map.Get("first_delay")) spec.first_delay_where = first->where();
  spec.ack_delay = duration("ack_delay", "the acknowledgement delay");
  spec.notify_delay = duration("notify_delay", "the notification delay");
  return spec;
}

RestartSpec ReadRestart(const YamlValue& v) {
  static const std::vector<std::string> kKeys = {"strategy",
                                                 "attempts",
                                                 "delay",
                                                 "max_failures_per_interval",
                                                 "failure_rate_interval",
                                                 "initial_backoff",
                                                 "max_backoff",
                                                 "multiplier",
                                                 "reset_threshold",
                                                 "jitter",
                                                 "attempts_before_reset",
                                                 "failover"};
  YamlMap map(v, "the restart strategy", kKeys);
  RestartSpec spec;
  spec.where = v.where();
  for (const YamlMap::Entry& entry : map.entries()) {
    if (entry.key != "strategy" && entry.key != "failover") {
      spec.options.emplace_back(entry.key, entry.key_where);
    }
  }
  if (auto strategy = map.Get("strategy")) {
    const std::string text = strategy->AsString("a restart strategy");
    spec.strategy_where = strategy->where();
    if (text == "none") {
      spec.strategy = RestartSpec::Strategy::kNone;
    } else if (text == "fixed_delay") {
      spec.strategy = RestartSpec::Strategy::kFixedDelay;
    } else if (text == "failure_rate") {
      spec.strategy = RestartSpec::Strategy::kFailureRate;
    } else if (text == "exponential_delay") {
      spec.strategy = RestartSpec::Strategy::kExponentialDelay;
    } else {
      strategy->Fail(fmt::format("unknown restart strategy '{}'", text),
                     "expected 'none', 'fixed_delay', 'failure_rate' or 'exponential_delay'");
    }
  }
  if (auto n = map.Get("attempts")) spec.attempts = ReadCount(*n, "the restart attempts");
  if (auto d = map.Get("delay")) spec.delay = ReadNonNegative(*d, "the restart delay");
  if (auto n = map.Get("max_failures_per_interval")) {
    spec.max_failures_per_interval = ReadPositiveInt(*n, "the failures per interval", INT32_MAX);
  }
  if (auto d = map.Get("failure_rate_interval")) {
    spec.failure_rate_interval = ReadNonNegative(*d, "the failure-rate interval");
  }
  if (auto d = map.Get("initial_backoff")) {
    spec.initial_backoff = ReadNonNegative(*d, "the initial backoff");
  }
  if (auto d = map.Get("max_backoff"))
    spec.max_backoff = ReadNonNegative(*d, "the maximum backoff");
  if (auto m = map.Get("multiplier")) {
    spec.multiplier = m->AsDouble("the backoff multiplier");
    // ExponentialDelayRestartBackoffTimeStrategy's factory checks > 1 and
    // nothing more: a huge multiplier reaches max_backoff at the second
    // attempt (the power saturates as Java's (long) cast does).
    if (!(*spec.multiplier > 1.0)) {
      m->Fail("the backoff multiplier must be greater than 1",
              "Flink's default is 1.5 (restart-strategy.exponential-delay.backoff-multiplier)");
    }
  }
  if (auto d = map.Get("reset_threshold")) {
    spec.reset_threshold = ReadNonNegative(*d, "the backoff reset threshold");
  }
  if (auto j = map.Get("jitter")) {
    spec.jitter = j->AsDouble("the jitter factor");
    if (!(*spec.jitter >= 0.0 && *spec.jitter <= 1.0)) {
      j->Fail("the jitter factor must be between 0 and 1",
              "Flink's default is 0.1 (restart-strategy.exponential-delay.jitter-factor)");
    }
  }
  if (auto n = map.Get("attempts_before_reset")) {
    spec.attempts_before_reset = ReadPositiveInt(*n, "the attempts before a reset", INT32_MAX);
  }
  if (auto failover = map.Get("failover")) {
    const std::string text = failover->AsString("a failover strategy");
    if (text == "region") {
      spec.failover = RestartSpec::Failover::kRegion;
    } else if (text == "full") {
      spec.failover = RestartSpec::Failover::kFull;
    } else {
      failover->Fail(fmt::format("unknown failover strategy '{}'", text),
                     "expected 'region' or 'full'");
    }
  }
  return spec;
}

namespace {

// `task: stream` or `task: stream/N` (subtask N, default 0).
void ReadTask(const YamlValue& v, FailureSpec& failure) {
  const std::string text = v.AsString("a task");
  failure.task = text;
  failure.task_where = v.where();
  const size_t slash = text.rfind('/');
  if (slash == std::string::npos || slash + 1 == text.size()) return;
  const std::string_view digits = std::string_view(text).substr(slash + 1);
  int subtask = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), subtask);
  if (ec != std::errc() || end != digits.data() + digits.size()) return;  // part of the name
  if (subtask < 0) {
    v.Fail("a subtask index cannot be negative", "subtasks count from 0, e.g. averages/0");
  }
  failure.task = text.substr(0, slash);
  failure.subtask = subtask;
}

// `throws: every N`.
uint64_t ReadEvery(const YamlValue& v) {
  const std::string text = v.AsString("when the sink throws");
  constexpr std::string_view kEvery = "every ";
  uint64_t n = 0;
  if (text.starts_with(kEvery)) {
    const char* first = text.data() + kEvery.size();
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(first, last, n);
    if (ec == std::errc() && end == last && n > 0) return n;
  }
  v.Fail(fmt::format("cannot read '{}' as how often the sink throws", text),
         "write 'throws: every N' for every N-th record, N > 0");
}

FailureSpec ReadFailure(const YamlValue& v) {
  YamlMap map(v, "a failure", {"at", "task", "sink", "on_record", "throws", "when"});
  FailureSpec failure;
  failure.where = v.where();
  const bool has_sink = map.Has("sink");
  const int triggers = map.Has("on_record") + map.Has("throws") + map.Has("when");
  if (!has_sink) {
    if (!map.Has("at") || !map.Has("task") || triggers > 0) {
      v.Fail("a failure is '{at: TIME, task: STREAM/N}' or names a 'sink'",
             "e.g. '{at: 12s, task: averages/1}' or '{sink: out, on_record: 37}'");
    }
    failure.kind = FailureSpec::Kind::kAt;
    failure.at = ReadNonNegative(map.Require("at"), "the failure time");
    ReadTask(map.Require("task"), failure);
    return failure;
  }
  const YamlValue sink = map.Require("sink");
  failure.sink = sink.AsString("a sink");
  failure.sink_where = sink.where();
  if (triggers != 1 || map.Has("at") || map.Has("task")) {
    v.Fail("a sink failure takes one of 'on_record: N', 'throws: every N' or 'when: CONDITION'",
           "e.g. {sink: out, on_record: 37}; 'at' and 'task' belong to a task failure");
  }
  if (auto n = map.Get("on_record")) {
    failure.kind = FailureSpec::Kind::kOnRecord;
    const int64_t count = n->AsInt("a record number");
    if (count < 1) {
      n->Fail("records are numbered from 1", "on_record: 1 fails on the sink's first record");
    }
    failure.count = static_cast<uint64_t>(count);
  } else if (auto every = map.Get("throws")) {
    failure.kind = FailureSpec::Kind::kEvery;
    failure.count = ReadEvery(*every);
  } else {
    failure.kind = FailureSpec::Kind::kWhen;
    failure.when = ReadExpression(map.Require("when"), "the condition under which the sink throws");
  }
  return failure;
}

}  // namespace

std::vector<FailureSpec> ReadFailures(const YamlValue& v) {
  std::vector<FailureSpec> failures;
  engine::InputErrorCollector errors;
  for (const YamlValue& item : v.Items("failures")) {
    try {
      failures.push_back(ReadFailure(item));
    } catch (const engine::InputError& e) {
      errors.Add(e);
    }
  }
  errors.ThrowIfAny();
  return failures;
}

void ReadSinkOptions(const YamlValue& v, SinkSpec& sink) {
  if (v.IsNull()) return;
  YamlMap map(v, "the sink's options", {"guarantee"});
  if (auto guarantee = map.Get("guarantee")) {
    const std::string text = guarantee->AsString("a delivery guarantee");
    sink.guarantee_where = guarantee->where();
    if (text == "none") {
      sink.guarantee = SinkGuaranteeSpec::kNone;
    } else if (text == "at_least_once") {
      sink.guarantee = SinkGuaranteeSpec::kAtLeastOnce;
    } else if (text == "exactly_once") {
      sink.guarantee = SinkGuaranteeSpec::kExactlyOnce;
    } else {
      guarantee->Fail(fmt::format("unknown delivery guarantee '{}'", text),
                      "expected 'none' (print), 'at_least_once' or 'exactly_once'");
    }
  }
}

}  // namespace tidemark::sim::internal
