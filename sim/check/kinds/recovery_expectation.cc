#include "sim/check/kinds/recovery_expectation.h"

#include <algorithm>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/yaml_text.h"
#include "sim/scenario/yaml_value.h"

namespace tidemark::sim {

namespace {

uint64_t ReadExpectedCount(const YamlValue& v) {
  if (v.IsScalar()) {
    const std::string text = v.AsString("a count");
    if (text == "true") return 1;  // job_failed
    if (text == "false") return 0;
  }
  const int64_t n = v.AsInt("a count");
  if (n < 0) v.Fail("a count cannot be negative", "write 0 or more");
  return static_cast<uint64_t>(n);
}

RecoveryExpectation ReadRecoveryExpectation(const YamlValue& v) {
  static const std::vector<std::string> kJob = {"checkpoints_completed",
                                                "checkpoints_aborted",
                                                "failures",
                                                "restarts",
                                                "job_failed",
                                                "replayed_rows",
                                                "sinks"};
  static const std::vector<std::string> kSink = {"written", "visible", "duplicates", "aborted",
                                                 "uncommitted"};
  YamlMap map(v, "the expected recovery", kJob);
  RecoveryExpectation e;
  e.where = v.where();
  for (const YamlMap::Entry& entry : map.entries()) {
    if (entry.key == "replayed_rows") {
      YamlMap sources(entry.value, "rows replayed per source", {});
      for (const YamlMap::Entry& source : sources.entries()) {
        e.counters.push_back({.name = entry.key,
                              .scope = source.key,
                              .count = ReadExpectedCount(source.value),
                              .where = source.key_where,
                              .scope_where = source.key_where});
      }
    } else if (entry.key == "sinks") {
      YamlMap sinks(entry.value, "counters per sink", {});
      for (const YamlMap::Entry& sink : sinks.entries()) {
        YamlMap counters(sink.value, fmt::format("the counters of sink '{}'", sink.key), kSink);
        for (const YamlMap::Entry& counter : counters.entries()) {
          e.counters.push_back({.name = counter.key,
                                .scope = sink.key,
                                .count = ReadExpectedCount(counter.value),
                                .where = counter.key_where,
                                .scope_where = sink.key_where});
        }
      }
    } else {
      e.counters.push_back({.name = entry.key,
                            .scope = "",
                            .count = ReadExpectedCount(entry.value),
                            .where = entry.key_where,
                            .scope_where = entry.key_where});
    }
  }
  return e;
}

std::optional<uint64_t> RecoveryValue(const JobPlan& plan, const RunResult& result,
                                      const RecoveryExpectation::Counter& c) {
  if (!result.recovery) return std::nullopt;
  const RecoveryResult& r = *result.recovery;
  if (c.name == "checkpoints_completed") return r.checkpoints_completed;
  if (c.name == "checkpoints_aborted") return r.checkpoints_aborted;
  if (c.name == "failures") return r.failure_count;
  if (c.name == "restarts") return r.restarts;
  if (c.name == "job_failed") return r.job_failed.empty() ? 0 : 1;
  if (c.name == "replayed_rows") {
    for (size_t s = 0; s < plan.sources.size(); ++s) {
      for (const PlannedNode& node : plan.nodes) {
        if (node.kind == PlannedNode::Kind::kSource && node.source == s && node.name == c.scope) {
          return r.replayed_rows[s];
        }
      }
    }
    return std::nullopt;
  }
  const PlannedSink* sink = plan.FindSink(c.scope);
  if (sink == nullptr) return std::nullopt;
  const SinkRecovery& s = r.sinks[static_cast<size_t>(sink - plan.sinks.data())];
  if (c.name == "written") return s.written;
  if (c.name == "visible") return s.visible;
  if (c.name == "duplicates") return s.duplicates;
  if (c.name == "aborted") return s.aborted;
  if (c.name == "uncommitted") return s.uncommitted;
  return std::nullopt;
}

std::optional<SinkDiff> CheckRecovery(const RecoveryExpectation& e, const JobPlan& plan,
                                      const RunResult& result) {
  std::vector<std::string> lines;
  std::vector<Mismatch> mismatches;
  for (const RecoveryExpectation::Counter& c : e.counters) {
    const std::optional<uint64_t> got = RecoveryValue(plan, result, c);
    if (got == c.count) continue;
    const std::string name = c.scope.empty() ? c.name : fmt::format("{} of '{}'", c.name, c.scope);
    lines.push_back(got ? fmt::format("{}: expected {}, got {}", name, c.count, *got)
                        : fmt::format("{}: expected {}, got nothing", name, c.count));
    mismatches.push_back({c.where, lines.back()});
  }
  if (lines.empty()) return std::nullopt;
  lines.insert(lines.begin(),
               fmt::format("{} counter{} differ{}", lines.size(), lines.size() == 1 ? "" : "s",
                           lines.size() == 1 ? "s" : ""));
  return SinkDiff{"recovery", "recovery", std::move(lines), std::move(mismatches)};
}

// The `recovery:` block with the run's counters, in the order and grouping
// the scenario wrote them: job-wide counters, `replayed_rows` per source,
// then `sinks` per sink. A counter the run has no value for keeps its count.
std::string RecoveryBlock(const RecoveryExpectation& e, const JobPlan& plan,
                          const RunResult& result) {
  auto value = [&](const RecoveryExpectation::Counter& c) {
    return RecoveryValue(plan, result, c).value_or(c.count);
  };
  std::string out = "recovery:\n";
  std::vector<std::string> replayed;
  std::vector<std::pair<std::string, std::vector<std::string>>> sinks;
  for (const RecoveryExpectation::Counter& c : e.counters) {
    if (c.scope.empty()) {
      out += c.name == "job_failed"
                 ? fmt::format("  job_failed: {}\n", value(c) != 0 ? "true" : "false")
                 : fmt::format("  {}: {}\n", c.name, value(c));
      continue;
    }
    const std::string entry = fmt::format(
        "{}: {}", c.name == "replayed_rows" ? YamlScalar(engine::Value(c.scope)) : c.name,
        value(c));
    if (c.name == "replayed_rows") {
      replayed.push_back(entry);
      continue;
    }
    auto sink =
        std::find_if(sinks.begin(), sinks.end(), [&](const auto& s) { return s.first == c.scope; });
    if (sink == sinks.end()) sink = sinks.insert(sinks.end(), {c.scope, {}});
    sink->second.push_back(entry);
  }
  if (!replayed.empty()) out += fmt::format("  replayed_rows: {{{}}}\n", fmt::join(replayed, ", "));
  if (!sinks.empty()) out += "  sinks:\n";
  for (const auto& [sink, counters] : sinks) {
    out +=
        fmt::format("    {}: {{{}}}\n", YamlScalar(engine::Value(sink)), fmt::join(counters, ", "));
  }
  return out;
}

struct ParsedRecovery final : ParsedExpectation {
  using ParsedExpectation::ParsedExpectation;
  RecoveryExpectation expected;
};

class BoundRecovery final : public Expectation {
 public:
  BoundRecovery(const ExpectationKind& kind, RecoveryExpectation expected)
      : Expectation(kind), expected_(std::move(expected)) {}

  const RecoveryExpectation& expected() const { return expected_; }

  void Check(const JobPlan& plan, const RunResult& run,
             std::vector<SinkDiff>& diffs) const override {
    if (auto diff = CheckRecovery(expected_, plan, run)) diffs.push_back(std::move(*diff));
  }

 private:
  RecoveryExpectation expected_;
};

class RecoveryKind final : public ExpectationKind {
 public:
  std::string_view key() const override { return "recovery"; }

  std::shared_ptr<const ParsedExpectation> Parse(const YamlValue& block,
                                                 const engine::SourceLocation& key_where,
                                                 const ScenarioPlace& /*place*/) const override {
    auto parsed = std::make_shared<ParsedRecovery>(*this, key_where);
    parsed->expected = ReadRecoveryExpectation(block);
    return parsed;
  }

  std::shared_ptr<const Expectation> Bind(const ParsedExpectation& parsed,
                                          const JobPlan& plan) const override {
    const RecoveryExpectation& e = static_cast<const ParsedRecovery&>(parsed).expected;
    engine::InputErrorCollector errors;
    if (!plan.fault_tolerance.enabled()) {
      errors.Add(engine::InputError(e.where,
                                    "'recovery:' expectations need 'checkpointing:' or 'failures:'",
                                    "without them the run has nothing to recover from"));
    }
    std::vector<std::string> sources;
    for (const SourcePlan& source : plan.sources) sources.push_back(source.name());
    std::vector<std::string> sinks;
    for (const PlannedSink& s : plan.sinks) sinks.push_back(s.name);
    for (const RecoveryExpectation::Counter& c : e.counters) {
      if (c.scope.empty()) continue;
      const std::vector<std::string>& names = c.name == "replayed_rows" ? sources : sinks;
      if (std::find(names.begin(), names.end(), c.scope) != names.end()) continue;
      errors.Add(
          engine::InputError(c.scope_where,
                             fmt::format("'recovery:' names unknown {} '{}'",
                                         c.name == "replayed_rows" ? "source" : "sink", c.scope),
                             engine::UnknownNameHint(c.scope, names)));
    }
    errors.ThrowIfAny();
    return std::make_shared<BoundRecovery>(*this, e);
  }

  void Update(const JobPlan& plan, const Expectation* bound, const RunResult& run,
              ExpectationRewrite& rewrite) const override {
    if (!bound) return;
    const auto& recovery = static_cast<const BoundRecovery&>(*bound);
    rewrite.text = ReplaceTopLevelBlock(rewrite.text, "recovery",
                                        RecoveryBlock(recovery.expected(), plan, run));
    rewrite.rewrite_scenario = true;
  }
};

}  // namespace

const ExpectationKind& RecoveryExpectationKind() {
  static const RecoveryKind kind;
  return kind;
}

}  // namespace tidemark::sim
