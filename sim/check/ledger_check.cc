#include "sim/check/internal/ledger_check.h"

#include <algorithm>

#include <fmt/format.h>

namespace tidemark::sim::internal {

namespace {

NodeIndex NodeNamed(const JobPlan& plan, const std::string& name) {
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    if (plan.nodes[n].name == name) return n;
  }
  return 0;  // PlanJob checked the name
}

engine::Fate FateNamed(std::string_view name) {
  for (const LedgerCounterName& c : LedgerCounters()) {
    if (c.name == name) return c.fate;
  }
  return engine::Fate::kEmitted;  // the loader checked the name
}

}  // namespace

uint64_t CounterValue(const engine::Ledger& ledger, NodeIndex node, engine::Fate fate) {
  uint64_t total = 0;
  for (const auto& [key, count] : ledger.counts()) {
    if (std::get<0>(key) == node && std::get<1>(key) == fate) total += count;
  }
  return total;
}

uint64_t TagValue(const engine::Ledger& ledger, NodeIndex node, engine::Port port) {
  return ledger.Count(node, engine::Fate::kRoutedToTag, port) +
         ledger.Count(node, engine::Fate::kLateToTag, port);
}

std::vector<SinkDiff> CheckLedger(const JobPlan& plan, const RunResult& result) {
  std::vector<SinkDiff> diffs;
  for (const LedgerExpectation& e : plan.spec.ledger) {
    const NodeIndex node = NodeNamed(plan, e.stream);
    std::vector<std::string> lines;
    std::vector<Mismatch> mismatches;
    for (const LedgerExpectation::Counter& c : e.counters) {
      const uint64_t got = CounterValue(result.ledger, node, FateNamed(c.name));
      if (got == c.count) continue;
      lines.push_back(fmt::format("{}: expected {}, got {}", c.name, c.count, got));
      mismatches.push_back({c.where, lines.back()});
    }
    const auto& tags = plan.nodes[node].side_outputs;
    for (const LedgerExpectation::Counter& c : e.tags) {
      const auto tag = std::find_if(tags.begin(), tags.end(),
                                    [&](const engine::OutputTag& t) { return t.id == c.name; });
      const auto port = static_cast<engine::Port>(tag - tags.begin() + 1);
      const uint64_t got = TagValue(result.ledger, node, port);
      if (got == c.count) continue;
      lines.push_back(fmt::format("to '{}': expected {}, got {}", c.name, c.count, got));
      mismatches.push_back({c.where, lines.back()});
    }
    if (lines.empty()) continue;
    lines.insert(lines.begin(),
                 fmt::format("{} counter{} differ{}", lines.size(), lines.size() == 1 ? "" : "s",
                             lines.size() == 1 ? "s" : ""));
    diffs.push_back({e.stream, fmt::format("ledger of '{}'", e.stream), std::move(lines),
                     std::move(mismatches)});
  }
  return diffs;
}

}  // namespace tidemark::sim::internal
