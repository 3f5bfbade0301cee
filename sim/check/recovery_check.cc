#include "sim/check/internal/recovery_check.h"

#include <fmt/format.h>

namespace tidemark::sim::internal {

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

std::optional<SinkDiff> CheckRecovery(const JobPlan& plan, const RunResult& result) {
  if (!plan.spec.recovery_expectation) return std::nullopt;
  std::vector<std::string> lines;
  std::vector<Mismatch> mismatches;
  for (const RecoveryExpectation::Counter& c : plan.spec.recovery_expectation->counters) {
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

}  // namespace tidemark::sim::internal
