#include "sim/explore/recovery_invariants.h"

#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "sim/explore/explore_outcome.h"
#include "sim/explore/internal/decision_key.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::sim {

namespace {

using Multiset = std::map<std::string, uint64_t>;

Multiset Count(const SinkOutput& sink) {
  Multiset out;
  for (const engine::Record& record : sink.records) ++out[CsvRow(record)];
  return out;
}

// A record of `a` that `b` holds fewer times (or not at all), or "".
std::string FirstMissing(const Multiset& a, const Multiset& b, bool only_absent) {
  for (const auto& [line, n] : a) {
    const auto it = b.find(line);
    const uint64_t m = it == b.end() ? 0 : it->second;
    if (only_absent ? m == 0 : m < n) return fmt::format("{} ({}x, {}x)", line, n, m);
  }
  return "";
}

bool OrderSensitive(const engine::AggregateSpec& a, const engine::Schema& input) {
  switch (a.kind) {
    case engine::AggregateKind::kFirst:
    case engine::AggregateKind::kLast:
    case engine::AggregateKind::kCollect:
    case engine::AggregateKind::kElements: return true;
    case engine::AggregateKind::kSum:
    case engine::AggregateKind::kAvg:  // floating-point addition does not commute exactly
      return a.field && input.field(*a.field).type == engine::ValueType::kDouble;
    default: return false;
  }
}

// "rows:3": the source and row a record id names.
std::string RecordName(const JobPlan& plan, engine::RecordId id) {
  if (id == engine::kNoRecordId) return "of no row";  // a timer's output
  return fmt::format("{}:{}", plan.sources[engine::RecordSource(id)].name(), engine::RecordRow(id));
}

using internal::DecisionKey;

std::string DecisionText(const engine::ElementDecision& d) {
  std::string text(engine::ElementOutcomeName(d.outcome));
  for (const engine::WindowDecision& w : d.windows) {
    text += fmt::format(" {}", engine::WindowAdmissionName(w.admission));
  }
  return text;
}

}  // namespace

std::string OrderDependence(const JobPlan& plan) {
  for (const PlannedNode& node : plan.nodes) {
    const std::string name = fmt::format("'{}'", node.name);
    if (node.kind == PlannedNode::Kind::kKeyedReduce) return name + " is a rolling reduce";
    if (node.kind == PlannedNode::Kind::kKeyedProcess) return name + " is a keyed process function";
    if (node.kind != PlannedNode::Kind::kWindow || !node.window) continue;
    const WindowPlan& w = *node.window;
    if (w.assigner->IsMerging()) return name + " merges windows (sessions)";
    if (!w.assigner->IsEventTime()) return name + " windows by processing time";
    if (w.trigger && w.trigger->kind != engine::TriggerKind::kEventTime) {
      return name + " has a trigger other than the event-time one";
    }
    if (w.allowed_lateness > engine::Duration::Zero()) return name + " allows lateness";
    if (w.reduce) return name + " reduces in arrival order";
    for (const engine::AggregateSpec& a : w.aggregates) {
      if (OrderSensitive(a, w.input_schema)) {
        return fmt::format("{} aggregates {}() in arrival order", name,
                           engine::AggregateKindName(a.kind));
      }
    }
  }
  return "";
}

RecoveryComparison CompareRecovery(const JobPlan& plan, const RunResult& free,
                                   const RunResult& failing, size_t limit) {
  RecoveryComparison out;
  // Every decision the failure-free run made, then the failing run's that differ.
  std::map<DecisionKey, std::string> before;
  for (const WindowDecisionRecord& d : free.window_decisions) {
    before.emplace(DecisionKey{d.decision.record_id, d.node, d.decision.timestamp.millis()},
                   DecisionText(d.decision));
  }
  std::set<DecisionKey> reported;
  for (const WindowDecisionRecord& d : failing.window_decisions) {
    const DecisionKey key{d.decision.record_id, d.node, d.decision.timestamp.millis()};
    const auto it = before.find(key);
    const std::string now = DecisionText(d.decision);
    if (it != before.end() && it->second == now) continue;
    if (!reported.insert(key).second || out.changed_decisions.size() >= limit) continue;
    out.changed_decisions.push_back(
        fmt::format("record {} (ts {}) at '{}' t={}: {} -> {}", RecordName(plan, key.record),
                    key.timestamp, plan.nodes[d.node].name, d.time.millis(),
                    it == before.end() ? "no decision" : it->second, now));
  }
  const bool exactly_once_state =
      !plan.fault_tolerance.checkpointing ||
      plan.fault_tolerance.checkpointing->mode == CheckpointingMode::kExactlyOnce;
  bool keyed_state = false;
  for (const PlannedNode& node : plan.nodes) {
    keyed_state |= node.kind == PlannedNode::Kind::kWindow ||
                   node.kind == PlannedNode::Kind::kKeyedReduce ||
                   node.kind == PlannedNode::Kind::kKeyedProcess;
  }
  if (!out.changed_decisions.empty()) {
    out.waived = "a replayed record was judged differently after the restore";
  } else if (const std::string order = OrderDependence(plan); !order.empty()) {
    out.waived = order + ": its output depends on the order inputs arrive in";
  } else if (!exactly_once_state && keyed_state) {
    out.waived = "at-least-once checkpoints may count replayed records twice in keyed state";
  } else if (failing.recovery && !failing.recovery->job_failed.empty() && keyed_state) {
    // A restored watermark can pass a window before all of its records are
    // replayed; they would be late when they came back, but never do.
    out.waived =
        "the job failed for good: its windows may have fired before their replayed "
        "records came back, or not at all";
  }
  if (!out.waived.empty() || !failing.recovery) return out;
  const RecoveryResult& recovery = *failing.recovery;
  const bool job_failed = !recovery.job_failed.empty();
  auto problem = [&](std::string text) {
    if (out.violations.size() < limit) out.violations.push_back(std::move(text));
  };
  for (size_t s = 0; s < plan.sinks.size() && s < free.sinks.size() && s < failing.sinks.size();
       ++s) {
    const Multiset want = Count(free.sinks[s]);
    const Multiset got = Count(failing.sinks[s]);
    const std::string& name = plan.sinks[s].name;
    if (plan.sinks[s].guarantee == SinkGuarantee::kExactlyOnce) {
      const bool whole =
          !job_failed && s < recovery.sinks.size() && recovery.sinks[s].uncommitted == 0;
      if (const std::string extra = FirstMissing(got, want, false); !extra.empty()) {
        problem(
            fmt::format("exactly-once: sink '{}' shows a record more often than the "
                        "failure-free run (with failures, without): {}",
                        name, extra));
      } else if (whole) {
        if (const std::string lost = FirstMissing(want, got, false); !lost.empty()) {
          problem(
              fmt::format("exactly-once: sink '{}' lost a record of the failure-free run "
                          "(without failures, with): {}",
                          name, lost));
        }
      }
      continue;
    }
    if (const std::string invented = FirstMissing(got, want, true); !invented.empty()) {
      problem(
          fmt::format("no loss: sink '{}' shows a record the failure-free run never wrote "
                      "(with failures, without): {}",
                      name, invented));
    } else if (!job_failed) {
      if (const std::string lost = FirstMissing(want, got, false); !lost.empty()) {
        problem(
            fmt::format("no loss: sink '{}' shows a record of the failure-free run fewer "
                        "times (without failures, with): {}",
                        name, lost));
      }
    }
  }
  return out;
}

}  // namespace tidemark::sim
