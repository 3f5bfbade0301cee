#include "sim/explore/explore.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/check/expectation_update.h"
#include "sim/check/expectations.h"
#include "sim/explore/delta_debugging.h"
#include "sim/explore/explore_invariants.h"
#include "sim/explore/failure_points.h"
#include "sim/explore/recovery_invariants.h"

namespace tidemark::sim {

namespace {

using engine::ElementDecision;

uint64_t HashOf(const RunResult& result, OutcomeOrder order) {
  return OutcomeHash(OutcomeLines(result, order));
}

// A job that failed for good is another outcome than one that recovered with
// the same output so far.
uint64_t FailingHash(const RunResult& result, OutcomeOrder order) {
  const uint64_t hash = HashOf(result, order);
  const bool failed = result.recovery && !result.recovery->job_failed.empty();
  return failed ? Fnv1a64("job failed\n", hash) : hash;
}

// The scenario without any failure, its sinks writing at once: the output
// the job produces, which a run with failures is compared with.
JobPlan FailureFreePlan(const ScenarioSpec& spec) {
  JobPlan plan = PlanJob(WithoutFailures(spec));
  for (PlannedSink& sink : plan.sinks) sink.guarantee = SinkGuarantee::kNone;
  return plan;
}

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

struct DecisionKey {
  engine::RecordId record;
  uint32_t node;
  int64_t timestamp;
  auto operator<=>(const DecisionKey&) const = default;
};

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

// "row 1 of 'fast' (ts 1000, @arrival 400)", or every source holding row `id`.
std::string RowName(const Explorer& x, engine::RecordId id, std::optional<int64_t> ts) {
  std::vector<std::string> names;
  for (size_t s = 0; s < x.rows().size(); ++s) {
    const auto& rows = x.rows()[s].rows;
    if (id >= rows.size() || rows[id].kind != TraceRowKind::kEvent) continue;
    if (ts && rows[id].record.timestamp.millis() != *ts) continue;
    names.push_back(fmt::format("row {} of '{}' (ts {}, @arrival {})", id,
                                x.plan().spec.sources[s].name, rows[id].record.timestamp.millis(),
                                rows[id].arrival->millis()));
  }
  if (names.empty()) return fmt::format("record {}", id);
  return fmt::format("{}", fmt::join(names, " or "));
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
    why.push_back(RowName(x, id, key.timestamp) + ":");
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
  why.push_back(RowName(x, id, std::nullopt) + ":");
  why.push_back(fmt::format("  {}: {}", label_a, fates(fates_a, id)));
  why.push_back(fmt::format("  {}: {}", label_b, fates(fates_b, id)));
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw engine::InputError({path, 0, 0}, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Shard ParseShard(const std::string& text, const std::string& flag) {
  const size_t slash = text.find('/');
  Shard shard;
  // Digits only on both sides: stoull alone would take "-1" as 2^64 - 1 and skip spaces.
  const bool digits_only = slash != std::string::npos && slash > 0 && slash + 1 < text.size() &&
                           text.find_first_not_of("0123456789/") == std::string::npos &&
                           text.find('/', slash + 1) == std::string::npos;
  try {
    if (!digits_only) throw std::invalid_argument("not I/K");
    size_t used = 0;
    shard.index = std::stoull(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument("index");
    shard.count = std::stoull(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) throw std::invalid_argument("count");
  } catch (const std::exception&) {
    throw engine::InputError({flag, 0, 0}, fmt::format("'{}' is not I/K", text),
                             "write e.g. --shard 0/4 for the first of four shards");
  }
  if (shard.count == 0 || shard.index >= shard.count) {
    throw engine::InputError({flag, 0, 0}, fmt::format("shard '{}' does not exist", text),
                             "I counts from 0 and must be below K");
  }
  return shard;
}

Explorer::Explorer(JobPlan plan, ExploreOptions options)
    : plan_(std::move(plan)), rows_(ReadScenarioRows(plan_.spec)), options_(options) {
  if (options_.failures > 0) failure_free_ = FailureFreePlan(plan_.spec);
}

JobPlan Explorer::FailingPlan(uint64_t seed) const {
  return PlanJob(WithFailures(plan_.spec, SeededFailures(plan_, rows_, seed, options_.failures)));
}

SeedRun Explorer::Run(uint64_t seed) const {
  if (options_.failures > 0) return RunWithFailures(seed);
  const bool check = options_.invariants == InvariantChecks::kEveryRun;
  const RunResult result = RunJob(plan_, {.seed = seed,
                                          .detail = check ? engine::Ledger::Detail::kEveryRecord
                                                          : engine::Ledger::Detail::kCountsOnly});
  SeedRun run{.seed = seed, .outcome = HashOf(result, options_.order), .violations = {}};
  if (check) run.violations = CheckInvariants(plan_, rows_, result);
  return run;
}

SeedRun Explorer::RunWithFailures(uint64_t seed) const {
  const RunOptions detailed{.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord};
  const JobPlan failing_plan = FailingPlan(seed);
  const RunResult failing = RunJob(failing_plan, detailed);
  const RunResult free = RunJob(*failure_free_, detailed);
  SeedRun run{.seed = seed, .outcome = FailingHash(failing, options_.order), .violations = {}};
  run.failure_free_outcome = HashOf(free, options_.order);
  for (const FailureSpec& f : SeededFailures(plan_, rows_, seed, options_.failures)) {
    run.failure_points.push_back(FailureYaml(f));
  }
  run.job_failed = failing.recovery && !failing.recovery->job_failed.empty();
  const RecoveryComparison compared = CompareRecovery(failing_plan, free, failing);
  run.lateness_changed = !compared.changed_decisions.empty();
  run.waived = compared.waived;
  if (options_.invariants == InvariantChecks::kEveryRun) {
    run.violations = CheckInvariants(failing_plan, rows_, failing);
    run.violations.insert(run.violations.end(), compared.violations.begin(),
                          compared.violations.end());
  }
  return run;
}

RunResult Explorer::RunDetailed(uint64_t seed) const {
  const RunOptions detailed{.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord};
  return options_.failures > 0 ? RunJob(FailingPlan(seed), detailed) : RunJob(plan_, detailed);
}

std::vector<OutcomeGroup> GroupOutcomes(const std::vector<SeedRun>& runs) {
  std::vector<OutcomeGroup> groups;
  std::map<uint64_t, size_t> index;
  for (const SeedRun& run : runs) {
    auto [it, fresh] = index.emplace(run.outcome, groups.size());
    if (fresh) groups.push_back({run.outcome, run.seed, 0});
    ++groups[it->second].runs;
  }
  return groups;
}

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

namespace {

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

Divergence ExplainFailureDivergence(const Explorer& x, const OutcomeGroup& group) {
  const uint64_t seed = group.first_seed;
  const RunOptions detailed{.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord};
  const JobPlan failing_plan = x.FailingPlan(seed);
  const RunResult a = RunJob(x.failure_free_plan(), detailed);
  const RunResult b = RunJob(failing_plan, detailed);
  Divergence d{.against_failure_free = true,
               .base = {.outcome = HashOf(a, x.options().order), .first_seed = seed, .runs = 1},
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
    d.why.push_back(RowName(x, key.record, key.timestamp) + ":");
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

namespace {

// The window decision of every row that reached a window operator, by (row,
// node): "late_to_side_output [late]". `kept[s]` maps source s's record ids to
// its row indices (the identity for the full trace). A decision names its row
// by record id and timestamp, which tells apart sources that share ids.
using RowDecisions = std::map<std::pair<RowRef, uint32_t>, std::string>;

RowDecisions DecisionsByRow(const RunResult& r, const ScenarioRows& rows,
                            const std::vector<std::vector<uint32_t>>& kept) {
  RowDecisions out;
  for (const WindowDecisionRecord& d : r.window_decisions) {
    const engine::RecordId id = d.decision.record_id;
    for (uint32_t s = 0; s < rows.size(); ++s) {
      if (id >= kept[s].size()) continue;
      const RowRef ref{s, kept[s][id]};
      if (rows[s].rows[ref.row].record.timestamp != d.decision.timestamp) continue;
      std::string text(engine::ElementOutcomeName(d.decision.outcome));
      for (const engine::WindowDecision& w : d.decision.windows) {
        text += fmt::format(" {}", engine::WindowAdmissionName(w.admission));
      }
      out[{ref, d.node}] = std::move(text);
      break;
    }
  }
  return out;
}

}  // namespace

namespace {

// One of the two runs a reproduction tells apart: a scenario at a seed; with
// `write_at_once`, every sink writing at once (the failure-free reference).
struct Side {
  ScenarioSpec spec;
  uint64_t seed = 0;
  bool write_at_once = false;

  JobPlan Plan(ScenarioSpec&& with_rows) const {
    JobPlan plan = PlanJob(std::move(with_rows));
    if (write_at_once) {
      for (PlannedSink& sink : plan.sinks) sink.guarantee = SinkGuarantee::kNone;
    }
    return plan;
  }
};

// Shrinks the rows while `a` and `b` still differ: in the window decisions
// that differ between them on the full trace (each kept one decided as
// there, per side), or in their outcomes when no decision differs.
Reproduction Shrink(const Explorer& x, const Side& a, const Side& b, Reproduction repro) {
  const OutcomeOrder order = x.options().order;
  const std::vector<RowRef> all = ShrinkableRows(x.rows());
  auto keep_of = [&](const std::vector<size_t>& items) {
    std::vector<RowRef> keep;
    for (size_t i : items) keep.push_back(all[i]);
    return keep;
  };
  std::vector<std::vector<uint32_t>> identity(x.rows().size());
  for (size_t s = 0; s < x.rows().size(); ++s) {
    for (uint32_t r = 0; r < x.rows()[s].rows.size(); ++r) identity[s].push_back(r);
  }
  auto detailed = [](const JobPlan& plan, uint64_t seed) {
    return RunJob(plan, {.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord});
  };
  const RowDecisions full_a =
      DecisionsByRow(detailed(a.Plan(ScenarioSpec(a.spec)), a.seed), x.rows(), identity);
  const RowDecisions full_b =
      DecisionsByRow(detailed(b.Plan(ScenarioSpec(b.spec)), b.seed), x.rows(), identity);
  auto lookup = [](const RowDecisions& m, const std::pair<RowRef, uint32_t>& key) {
    const auto it = m.find(key);
    return it == m.end() ? std::string() : it->second;
  };
  std::vector<std::pair<RowRef, uint32_t>> targets;
  for (const auto* m : {&full_a, &full_b}) {
    for (const auto& [key, text] : *m) {
      if (lookup(full_a, key) != lookup(full_b, key)) targets.push_back(key);
    }
  }
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  auto diverges = [&](const std::vector<size_t>& items) {
    try {
      const std::vector<RowRef> keep = keep_of(items);
      const JobPlan plan_a = a.Plan(WithRows(a.spec, x.rows(), keep));
      const JobPlan plan_b = b.Plan(WithRows(b.spec, x.rows(), keep));
      if (targets.empty()) {
        return FailingHash(RunJob(plan_a, {.seed = a.seed}), order) !=
               FailingHash(RunJob(plan_b, {.seed = b.seed}), order);
      }
      std::vector<std::vector<uint32_t>> kept(x.rows().size());
      for (const RowRef& ref : keep) kept[ref.source].push_back(ref.row);
      const RowDecisions at_a = DecisionsByRow(detailed(plan_a, a.seed), x.rows(), kept);
      const RowDecisions at_b = DecisionsByRow(detailed(plan_b, b.seed), x.rows(), kept);
      bool any = false;
      for (const auto& key : targets) {
        if (!std::binary_search(keep.begin(), keep.end(), key.first)) continue;
        any = true;
        if (lookup(at_a, key) != lookup(full_a, key) || lookup(at_b, key) != lookup(full_b, key)) {
          return false;
        }
      }
      return any;
    } catch (const engine::InputError&) {
      return false;  // a subset that is no valid scenario shows nothing
    }
  };
  repro.original_rows = all.size();
  std::vector<size_t> everything(all.size());
  for (size_t i = 0; i < all.size(); ++i) everything[i] = i;
  if (diverges(everything)) {
    const DeltaDebugResult dd = DeltaDebug(all.size(), diverges, 2000);
    repro.rows = keep_of(dd.items);
    repro.tests = dd.tests + 1;
    repro.minimal = dd.minimal;
  } else {
    repro.rows = all;
    repro.tests = 1;
  }
  return repro;
}

// Writes `repro`'s rows as a scenario at its seed, pins the seed's output in
// `expect:`, and checks the file: it gives that output, and `base` differs.
// `base` maps the loaded file's spec to the other side.
void WriteReproduction(const Explorer& x, const std::string& repro_file,
                       const std::vector<std::string>& comment,
                       const std::function<Side(const ScenarioSpec&)>& base, Reproduction& repro) {
  const ScenarioSpec& spec = x.plan().spec;
  const OutcomeOrder order = x.options().order;
  const std::string folder = std::filesystem::path(repro_file).parent_path().string();
  const std::string original = ReadScenarioFile(spec.file);
  std::string text = ReproScenarioText(original, spec, x.rows(), repro.rows, repro.seed, folder,
                                       comment, repro.failure_points) +
                     "expect:\n";
  // The repro names the original's traces, already confined when it loaded,
  // from the repro folder: they need not lie under it.
  const PathConfinement paths{.root = "", .outside = OutsideRoot::kAllow};
  for (const SinkSpec& sink : spec.sinks) text += fmt::format("  {}: []\n", sink.stream);
  {
    const JobPlan plan = PlanJob(ParseScenario(text, repro_file, folder, paths));
    text = RewriteExpectationBlock(text, plan, RunJob(plan, {.seed = repro.seed}));
  }
  repro.text = text;
  const JobPlan plan = PlanJob(ParseScenario(text, repro_file, folder, paths));
  const RunResult at_seed = RunJob(plan, {.seed = plan.spec.seed});
  repro.outcome = FailingHash(at_seed, order);
  const Side other = base(plan.spec);
  repro.base_outcome =
      FailingHash(RunJob(other.Plan(ScenarioSpec(other.spec)), {.seed = other.seed}), order);
  repro.verified = plan.spec.seed == repro.seed && repro.outcome != repro.base_outcome &&
                   CheckExpectations(plan, at_seed).passed();
}

}  // namespace

Reproduction ShrinkDivergence(const Explorer& x, uint64_t base_seed, uint64_t seed,
                              const std::string& repro_file) {
  const ScenarioSpec& spec = x.plan().spec;
  Reproduction repro;
  repro.seed = seed;
  repro.base_seed = base_seed;
  repro = Shrink(x, {.spec = spec, .seed = seed, .write_at_once = false},
                 {.spec = spec, .seed = base_seed, .write_at_once = false}, std::move(repro));
  const std::vector<std::string> comment = {
      fmt::format("Minimal reproduction written by `tidemark explore {}`:", spec.file),
      fmt::format("{} of {} rows, shrunk by delta debugging while seeds {} and {}",
                  repro.rows.size(), repro.original_rows, seed, base_seed),
      "give different outcomes; every row keeps its @arrival and @partition.",
      fmt::format("`tidemark run FILE` replays seed {}, whose output the expectations pin;", seed),
      fmt::format("`tidemark run FILE --seed {}` gives a different output.", base_seed)};
  WriteReproduction(
      x, repro_file, comment,
      [&](const ScenarioSpec& loaded) {
        return Side{.spec = loaded, .seed = base_seed, .write_at_once = false};
      },
      repro);
  return repro;
}

Reproduction ShrinkFailureDivergence(const Explorer& x, uint64_t seed,
                                     const std::string& repro_file) {
  const ScenarioSpec& spec = x.plan().spec;
  const std::vector<FailureSpec> points =
      SeededFailures(x.plan(), x.rows(), seed, x.options().failures);
  Reproduction repro;
  repro.seed = seed;
  repro.base_seed = seed;
  for (const FailureSpec& f : points) repro.failure_points.push_back(FailureYaml(f));
  repro = Shrink(x, {.spec = WithFailures(spec, points), .seed = seed, .write_at_once = false},
                 {.spec = WithoutFailures(spec), .seed = seed, .write_at_once = true},
                 std::move(repro));
  const std::vector<std::string> comment = {
      fmt::format("Minimal reproduction written by `tidemark explore {} --failures {}`:", spec.file,
                  x.options().failures),
      fmt::format("{} of {} rows, shrunk by delta debugging while seed {} with the failures",
                  repro.rows.size(), repro.original_rows, seed),
      "below and without any failure give different outcomes; every row keeps its",
      "@arrival and @partition. `tidemark run FILE` replays them, whose output the",
      "expectations pin; without the `failures:` entries the sinks differ."};
  WriteReproduction(
      x, repro_file, comment,
      [&](const ScenarioSpec& loaded) {
        return Side{.spec = WithoutFailures(loaded), .seed = seed, .write_at_once = true};
      },
      repro);
  return repro;
}

uint64_t ScenarioInputHash(const ScenarioSpec& spec) {
  uint64_t hash = Fnv1a64(ReadBytes(spec.file));
  for (const SourceSpec& source : spec.sources) {
    if (!source.trace_path.empty()) hash = Fnv1a64(ReadBytes(source.trace_path), hash);
  }
  return hash;
}

}  // namespace tidemark::sim
