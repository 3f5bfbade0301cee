#include "sim/explore/divergence.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "sim/explore/internal/decision_key.h"

namespace tidemark::sim {

namespace {

using engine::ElementDecision;

// The ledger entries of each record, as comparable text without times.
std::map<engine::RecordId, std::vector<std::string>> Fates(const JobPlan& plan,
                                                           const RunResult& r) {
  std::map<engine::RecordId, std::vector<std::string>> out;
  for (const engine::LedgerEntry& e : r.ledger.entries()) {
    if (e.record == engine::kNoRecordId) continue;
    out[e.record].push_back(fmt::format("{} at '{}' port {}", engine::FateName(e.fate),
                                        plan.nodes[e.node].name, e.tag));
  }
  for (auto& [id, fates] : out) std::sort(fates.begin(), fates.end());
  return out;
}

using internal::DecisionKey;

std::map<DecisionKey, const WindowDecisionRecord*> Decisions(const RunResult& r) {
  std::map<DecisionKey, const WindowDecisionRecord*> out;
  for (const WindowDecisionRecord& d : r.window_decisions) {
    out.emplace(DecisionKey{d.decision.record_id, d.node, d.decision.timestamp.millis()}, &d);
  }
  return out;
}

bool SameDecision(const ElementDecision& a, const ElementDecision& b) {
  if (a.outcome != b.outcome || a.windows.size() != b.windows.size()) return false;
  for (size_t i = 0; i < a.windows.size(); ++i) {
    if (a.windows[i].admission != b.windows[i].admission ||
        !(a.windows[i].window == b.windows[i].window)) {
      return false;
    }
  }
  return true;
}

// "row 1 of 'fast' (ts 1000, @arrival 400)": the row the id names.
std::string RowName(const Explorer& x, engine::RecordId id) {
  const uint32_t source = engine::RecordSource(id);
  const uint64_t row = engine::RecordRow(id);
  if (source >= x.rows().size() || row >= x.rows()[source].rows.size()) {
    return fmt::format("record {}", id);  // no row of the traces read: not expected
  }
  const std::string name = x.plan().sources[source].name();
  const TraceRow& r = x.rows()[source].rows[row];
  if (r.kind != TraceRowKind::kEvent) return fmt::format("row {} of '{}'", row, name);
  return fmt::format("row {} of '{}' (ts {}, @arrival {})", row, name, r.record.timestamp.millis(),
                     r.arrival->millis());
}

// The kWatermark step of (node, subtask) that set `watermark`, at or before `time`.
const ScheduleStep* WatermarkStep(const RunResult& r, uint32_t node, uint32_t subtask,
                                  engine::Timestamp watermark, engine::Timestamp time) {
  const ScheduleStep* found = nullptr;
  for (const ScheduleStep& step : r.schedule) {
    if (step.time > time) break;
    if (step.kind == ScheduleStep::Kind::kWatermark && step.node == node &&
        step.subtask == subtask && step.watermark == watermark) {
      found = &step;
    }
  }
  return found;
}

// Why the operator's watermark was what it was: the step that set it, and the
// upstream channel holding the minimum, followed through pass-through streams.
std::string WatermarkOrigin(const JobPlan& plan, const RunResult& r,
                            const WindowDecisionRecord& d) {
  const ScheduleStep* step = WatermarkStep(r, d.node, d.subtask, d.decision.watermark, d.time);
  if (!step) return "no watermark had reached it yet";
  std::string text = fmt::format("watermark since t={}", step->time.millis());
  std::vector<std::string> via;
  for (size_t hops = 0; step && step->held_by_node >= 0 && hops < plan.nodes.size(); ++hops) {
    const auto node = static_cast<uint32_t>(step->held_by_node);
    const auto subtask = static_cast<uint32_t>(step->held_by_subtask);
    const ScheduleStep* up = WatermarkStep(r, node, subtask, d.decision.watermark, d.time);
    if (!up || up->held_by_node < 0) {
      text += fmt::format(", the minimum held by '{}' subtask {}", plan.nodes[node].name, subtask);
      if (!via.empty()) text += fmt::format(" (via {})", fmt::join(via, ", "));
      break;
    }
    via.push_back(fmt::format("'{}'", plan.nodes[node].name));
    step = up;
  }
  return text;
}

std::string DescribeDecision(const JobPlan& plan, const RunResult& r, const std::string& label,
                             const WindowDecisionRecord& d) {
  std::vector<std::string> windows;
  for (const engine::WindowDecision& w : d.decision.windows) {
    windows.push_back(engine::ExplainWindowDecision(w, d.decision.watermark));
  }
  return fmt::format("{}: '{}' subtask {} at t={}: {} -> {} ({})", label, plan.nodes[d.node].name,
                     d.subtask, d.time.millis(), fmt::join(windows, "; "),
                     engine::ElementOutcomeName(d.decision.outcome), WatermarkOrigin(plan, r, d));
}

void ExplainRecord(const Explorer& x, engine::RecordId id, const RunResult& a,
                   const std::string& label_a, const RunResult& b, const std::string& label_b,
                   const std::map<engine::RecordId, std::vector<std::string>>& fates_a,
                   const std::map<engine::RecordId, std::vector<std::string>>& fates_b,
                   std::vector<std::string>& why) {
  const auto da = Decisions(a);
  const auto db = Decisions(b);
  bool explained = false;
  for (const auto& [key, decision] : da) {
    if (key.record != id) continue;
    const auto other = db.find(key);
    if (other != db.end() && SameDecision(decision->decision, other->second->decision)) continue;
    why.push_back(RowName(x, id) + ":");
    why.push_back("  " + DescribeDecision(x.plan(), a, label_a, *decision));
    why.push_back(
        other == db.end()
            ? fmt::format("  {}: never reached '{}'", label_b, x.plan().nodes[key.node].name)
            : "  " + DescribeDecision(x.plan(), b, label_b, *other->second));
    explained = true;
  }
  if (explained) return;
  auto fates = [](const auto& m, engine::RecordId r) {
    const auto it = m.find(r);
    return it == m.end() ? std::string("no decision")
                         : fmt::format("{}", fmt::join(it->second, ", "));
  };
  why.push_back(RowName(x, id) + ":");
  why.push_back(fmt::format("  {}: {}", label_a, fates(fates_a, id)));
  why.push_back(fmt::format("  {}: {}", label_b, fates(fates_b, id)));
}

std::string FailureLine(const JobPlan& plan, const FailureRecord& f) {
  std::string text = fmt::format("t={}: '{}' subtask {} failed ({})", f.at.millis(),
                                 plan.nodes[f.node].name, f.subtask, f.cause);
  switch (f.outcome) {
    case FailureRecord::Outcome::kRestarted:
    case FailureRecord::Outcome::kMerged:
      return text +
             (f.restored_checkpoint == 0
                  ? fmt::format("; restarted at {} with no checkpoint: the sources start over",
                                f.restart_at.millis())
                  : fmt::format("; restarted at {} from checkpoint {}", f.restart_at.millis(),
                                f.restored_checkpoint));
    case FailureRecord::Outcome::kJobFailed: return text + "; the job FAILED: " + f.refusal;
    case FailureRecord::Outcome::kIgnored: return text + "; ignored (the task was not running)";
  }
  return text;
}

}  // namespace

Divergence ExplainDivergence(const Explorer& x, const OutcomeGroup& base,
                             const OutcomeGroup& other) {
  Divergence d{.against_failure_free = false, .base = base, .other = other, .sinks = {}, .why = {}};
  const RunResult a = x.RunDetailed(base.first_seed);
  const RunResult b = x.RunDetailed(other.first_seed);
  const auto lines_a = OutcomeLines(a, x.options().order);
  const auto lines_b = OutcomeLines(b, x.options().order);
  for (size_t s = 0; s < lines_a.size(); ++s) {
    std::vector<std::string> diff = DiffLines(lines_a[s].lines, lines_b[s].lines);
    if (x.options().order == OutcomeOrder::kArrival && diff.empty() &&
        lines_a[s].lines != lines_b[s].lines) {
      diff.push_back("(same records, in another order)");
    }
    if (!diff.empty()) d.sinks.push_back({lines_a[s].name, std::move(diff)});
  }
  const auto fates_a = Fates(x.plan(), a);
  const auto fates_b = Fates(x.plan(), b);
  std::vector<engine::RecordId> changed;
  for (const auto& [id, f] : fates_a) {
    const auto it = fates_b.find(id);
    if (it == fates_b.end() || it->second != f) changed.push_back(id);
  }
  for (const auto& [id, f] : fates_b) {
    if (!fates_a.count(id)) changed.push_back(id);
  }
  std::sort(changed.begin(), changed.end());
  constexpr size_t kMaxRecords = 10;
  for (size_t i = 0; i < changed.size() && i < kMaxRecords; ++i) {
    ExplainRecord(x, changed[i], a, fmt::format("seed {}", base.first_seed), b,
                  fmt::format("seed {}", other.first_seed), fates_a, fates_b, d.why);
  }
  if (changed.size() > kMaxRecords) {
    d.why.push_back(fmt::format("... and {} more records", changed.size() - kMaxRecords));
  }
  if (changed.empty()) {
    d.why.push_back(
        "no input record changed fate: the window results differ in timing or "
        "grouping (e.g. a firing that happened before a record in one schedule only)");
  }
  return d;
}

Divergence ExplainFailureDivergence(const Explorer& x, const OutcomeGroup& group) {
  const uint64_t seed = group.first_seed;
  const RunOptions detailed{.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord};
  const JobPlan failing_plan = x.FailingPlan(seed);
  const RunResult a = RunJob(x.failure_free_plan(), detailed);
  const RunResult b = RunJob(failing_plan, detailed);
  Divergence d{.against_failure_free = true,
               .base = {.outcome = RunOutcome(a, x.options().order), .first_seed = seed, .runs = 1},
               .other = group,
               .sinks = {},
               .why = {}};
  const auto lines_a = OutcomeLines(a, x.options().order);
  const auto lines_b = OutcomeLines(b, x.options().order);
  for (size_t s = 0; s < lines_a.size(); ++s) {
    std::vector<std::string> diff = DiffLines(lines_a[s].lines, lines_b[s].lines);
    if (!diff.empty()) d.sinks.push_back({lines_a[s].name, std::move(diff)});
  }
  if (b.recovery) {
    for (const FailureRecord& f : b.recovery->failures)
      d.why.push_back(FailureLine(failing_plan, f));
    if (!b.recovery->job_failed.empty()) {
      d.why.push_back(fmt::format("the job failed at {}: the sinks hold what it wrote until then",
                                  b.recovery->failed_at.millis()));
    }
  }
  // Records judged differently after a restore, with both decisions.
  const auto decided_a = Decisions(a);
  std::set<engine::RecordId> explained;
  for (const WindowDecisionRecord& decision : b.window_decisions) {
    const DecisionKey key{decision.decision.record_id, decision.node,
                          decision.decision.timestamp.millis()};
    const auto before = decided_a.find(key);
    if (before != decided_a.end() && SameDecision(before->second->decision, decision.decision)) {
      continue;
    }
    if (explained.size() >= 10 || !explained.insert(key.record).second) continue;
    d.why.push_back(RowName(x, key.record) + ":");
    d.why.push_back(before == decided_a.end()
                        ? fmt::format("  without failures: never reached '{}'",
                                      failing_plan.nodes[key.node].name)
                        : "  " + DescribeDecision(x.failure_free_plan(), a, "without failures",
                                                  *before->second));
    d.why.push_back("  " + DescribeDecision(failing_plan, b, "after the restore", decision));
  }
  if (!explained.empty()) {
    d.why.push_back(
        "watermarks are not in a checkpoint: after the restore each source's watermark starts "
        "again from -inf and the replayed rows rebuild it, so a record can be judged again "
        "against another watermark (docs/checkpoints.md, \"Lateness after a restore\")");
  }
  if (b.recovery) {
    for (size_t s = 0; s < b.recovery->sinks.size() && s < failing_plan.sinks.size(); ++s) {
      const SinkRecovery& sink = b.recovery->sinks[s];
      const PlannedSink& planned = failing_plan.sinks[s];
      if (sink.duplicates > 0) {
        d.why.push_back(fmt::format(
            "sink '{}' ({}): {} duplicate{} — the replay after the restore wrote again what it "
            "had written after the checkpoint",
            planned.name, SinkGuaranteeName(planned.guarantee), sink.duplicates,
            sink.duplicates == 1 ? "" : "s"));
      }
      if (sink.aborted > 0) {
        d.why.push_back(
            fmt::format("sink '{}': {} record{} in transactions the restore aborted "
                        "(written again by the replay)",
                        planned.name, sink.aborted, sink.aborted == 1 ? "" : "s"));
      }
      if (sink.uncommitted > 0) {
        d.why.push_back(fmt::format("sink '{}': {} record{} still uncommitted when the run ended",
                                    planned.name, sink.uncommitted,
                                    sink.uncommitted == 1 ? "" : "s"));
      }
    }
  }
  return d;
}

}  // namespace tidemark::sim
