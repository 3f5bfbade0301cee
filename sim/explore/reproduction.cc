#include "sim/explore/reproduction.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/check/expectation_update.h"
#include "sim/check/expectations.h"
#include "sim/explore/delta_debugging.h"
#include "sim/explore/failure_points.h"

namespace tidemark::sim {

namespace {

// The window decision of every row that reached a window operator, by (row,
// node): "late_to_side_output [late]". `kept[s]` maps the rows of source s in
// the run to its row indices in the full trace (the identity for the full
// trace); a decision's record id names its source and row.
using RowDecisions = std::map<std::pair<RowRef, uint32_t>, std::string>;

RowDecisions DecisionsByRow(const RunResult& r, const std::vector<std::vector<uint32_t>>& kept) {
  RowDecisions out;
  for (const WindowDecisionRecord& d : r.window_decisions) {
    const engine::RecordId id = d.decision.record_id;
    if (id == engine::kNoRecordId) continue;
    const uint32_t s = engine::RecordSource(id);
    const uint64_t row = engine::RecordRow(id);
    if (s >= kept.size() || row >= kept[s].size()) continue;
    std::string text(engine::ElementOutcomeName(d.decision.outcome));
    for (const engine::WindowDecision& w : d.decision.windows) {
      text += fmt::format(" {}", engine::WindowAdmissionName(w.admission));
    }
    out[{RowRef{s, kept[s][row]}, d.node}] = std::move(text);
  }
  return out;
}

// One of the two runs a reproduction tells apart: the job (as its front
// end varies it) at a seed; with `write_at_once`, every sink writing at once
// (the failure-free reference).
struct Side {
  std::shared_ptr<const JobSource> source;
  uint64_t seed = 0;
  JobVariant::OwnFailures own_failures = JobVariant::OwnFailures::kKeep;
  std::vector<FailurePoint> added_failures = {};
  bool write_at_once = false;

  // The side reading its own traces, or (`rows`) only the pinned rows `keep`.
  JobPlan Plan(const JobRows* rows = nullptr, const std::vector<RowRef>& keep = {}) const {
    JobPlan plan = source->Plan({.rows = rows,
                                 .keep = keep,
                                 .own_failures = own_failures,
                                 .added_failures = added_failures});
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
  const RowDecisions full_a = DecisionsByRow(detailed(a.Plan(), a.seed), identity);
  const RowDecisions full_b = DecisionsByRow(detailed(b.Plan(), b.seed), identity);
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
      const JobPlan plan_a = a.Plan(&x.rows(), keep);
      const JobPlan plan_b = b.Plan(&x.rows(), keep);
      if (targets.empty()) {
        return FailingRunOutcome(RunJob(plan_a, {.seed = a.seed}), order) !=
               FailingRunOutcome(RunJob(plan_b, {.seed = b.seed}), order);
      }
      std::vector<std::vector<uint32_t>> kept(x.rows().size());
      for (const RowRef& ref : keep) kept[ref.source].push_back(ref.row);
      const RowDecisions at_a = DecisionsByRow(detailed(plan_a, a.seed), kept);
      const RowDecisions at_b = DecisionsByRow(detailed(plan_b, b.seed), kept);
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

// Writes `repro`'s rows as a job at its seed (in the front end's language),
// pins the seed's output in its expectations, and checks the file: it gives
// that output, and `base` differs. `base` maps the job read back to the
// other side.
void WriteReproduction(const Explorer& x, const std::string& repro_file,
                       const std::vector<std::string>& comment,
                       const std::function<Side(const JobPlan&)>& base,
                       const std::vector<FailurePoint>& added_failures, Reproduction& repro) {
  const JobSource& source = *x.plan().source;
  const OutcomeOrder order = x.options().order;
  std::string text =
      source.ReproText({.rows = &x.rows(),
                        .keep = repro.rows,
                        .seed = repro.seed,
                        .folder = std::filesystem::path(repro_file).parent_path().string(),
                        .comment = comment,
                        .added_failures = added_failures});
  {
    const JobPlan plan = source.Reload(text, repro_file);
    text = RewriteExpectationBlock(text, plan, RunJob(plan, {.seed = repro.seed}));
  }
  repro.text = text;
  const JobPlan plan = source.Reload(text, repro_file);
  const RunResult at_seed = RunJob(plan, {.seed = plan.info.seed});
  repro.outcome = FailingRunOutcome(at_seed, order);
  const Side other = base(plan);
  repro.base_outcome = FailingRunOutcome(RunJob(other.Plan(), {.seed = other.seed}), order);
  repro.verified = plan.info.seed == repro.seed && repro.outcome != repro.base_outcome &&
                   CheckExpectations(plan, at_seed).passed();
}

}  // namespace

Reproduction ShrinkDivergence(const Explorer& x, uint64_t base_seed, uint64_t seed,
                              const std::string& repro_file) {
  const std::shared_ptr<const JobSource>& source = x.plan().source;
  Reproduction repro;
  repro.seed = seed;
  repro.base_seed = base_seed;
  repro = Shrink(x, {.source = source, .seed = seed}, {.source = source, .seed = base_seed},
                 std::move(repro));
  const std::vector<std::string> comment = {
      fmt::format("Minimal reproduction written by `tidemark explore {}`:", x.plan().file),
      fmt::format("{} of {} rows, shrunk by delta debugging while seeds {} and {}",
                  repro.rows.size(), repro.original_rows, seed, base_seed),
      "give different outcomes; every row keeps its @arrival and @partition.",
      fmt::format("`tidemark run FILE` replays seed {}, whose output the expectations pin;", seed),
      fmt::format("`tidemark run FILE --seed {}` gives a different output.", base_seed)};
  WriteReproduction(
      x, repro_file, comment,
      [&](const JobPlan& loaded) { return Side{.source = loaded.source, .seed = base_seed}; }, {},
      repro);
  return repro;
}

Reproduction ShrinkFailureDivergence(const Explorer& x, uint64_t seed,
                                     const std::string& repro_file) {
  const std::shared_ptr<const JobSource>& source = x.plan().source;
  const std::vector<FailurePoint> points =
      SeededFailures(x.plan(), x.rows(), seed, x.options().failures);
  Reproduction repro;
  repro.seed = seed;
  repro.base_seed = seed;
  for (const FailurePoint& f : points) repro.failure_points.push_back(FailureText(f));
  repro = Shrink(x, {.source = source, .seed = seed, .added_failures = points},
                 {.source = source,
                  .seed = seed,
                  .own_failures = JobVariant::OwnFailures::kDrop,
                  .write_at_once = true},
                 std::move(repro));
  const std::vector<std::string> comment = {
      fmt::format("Minimal reproduction written by `tidemark explore {} --failures {}`:",
                  x.plan().file, x.options().failures),
      fmt::format("{} of {} rows, shrunk by delta debugging while seed {} with the failures",
                  repro.rows.size(), repro.original_rows, seed),
      "below and without any failure give different outcomes; every row keeps its",
      "@arrival and @partition. `tidemark run FILE` replays them, whose output the",
      "expectations pin; without the `failures:` entries the sinks differ."};
  // The file lists the seed's failures as its own: without them is without any.
  WriteReproduction(
      x, repro_file, comment,
      [&](const JobPlan& loaded) {
        return Side{.source = loaded.source,
                    .seed = seed,
                    .own_failures = JobVariant::OwnFailures::kDrop,
                    .write_at_once = true};
      },
      points, repro);
  return repro;
}

}  // namespace tidemark::sim
