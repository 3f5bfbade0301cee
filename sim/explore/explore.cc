#include "sim/explore/explore.h"

#include <map>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/explore/explore_invariants.h"
#include "sim/explore/failure_points.h"
#include "sim/explore/recovery_invariants.h"
#include "sim/trace/file_bytes.h"

namespace tidemark::sim {

namespace {

// The job without any failure, its sinks writing at once: the output the
// job produces, which a run with failures is compared with.
JobPlan FailureFreePlan(const JobPlan& job) {
  JobPlan plan = job.source->Plan({.own_failures = JobVariant::OwnFailures::kDrop});
  for (PlannedSink& sink : plan.sinks) sink.guarantee = SinkGuarantee::kNone;
  return plan;
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
    : plan_(std::move(plan)), rows_(ReadJobRows(plan_)), options_(options) {
  if (options_.failures > 0) failure_free_ = FailureFreePlan(plan_);
}

JobPlan Explorer::FailingPlan(uint64_t seed) const {
  return plan_.source->Plan(
      {.added_failures = SeededFailures(plan_, rows_, seed, options_.failures)});
}

SeedRun Explorer::Run(uint64_t seed) const {
  if (options_.failures > 0) return RunWithFailures(seed);
  const bool check = options_.invariants == InvariantChecks::kEveryRun;
  const RunResult result = RunJob(plan_, {.seed = seed,
                                          .detail = check ? engine::Ledger::Detail::kEveryRecord
                                                          : engine::Ledger::Detail::kCountsOnly});
  SeedRun run{.seed = seed, .outcome = RunOutcome(result, options_.order), .violations = {}};
  if (check) run.violations = CheckInvariants(plan_, rows_, result);
  return run;
}

SeedRun Explorer::RunWithFailures(uint64_t seed) const {
  const RunOptions detailed{.seed = seed, .detail = engine::Ledger::Detail::kEveryRecord};
  const JobPlan failing_plan = FailingPlan(seed);
  const RunResult failing = RunJob(failing_plan, detailed);
  const RunResult free = RunJob(*failure_free_, detailed);
  SeedRun run{
      .seed = seed, .outcome = FailingRunOutcome(failing, options_.order), .violations = {}};
  run.failure_free_outcome = RunOutcome(free, options_.order);
  for (const FailurePoint& f : SeededFailures(plan_, rows_, seed, options_.failures)) {
    run.failure_points.push_back(FailureText(f));
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

uint64_t JobInputHash(const JobPlan& plan) {
  uint64_t hash = kFnvOffset;
  for (const JobInfo::InputFile& file : plan.info.input_files) {
    ForEachFileBlock(file.path, file.where,
                     [&hash](std::string_view block) { hash = Fnv1a64(block, hash); });
  }
  return hash;
}

}  // namespace tidemark::sim
