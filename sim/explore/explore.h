// Explore: run one job under many seeded schedules, check the invariants on
// each, and group the runs by outcome (explore_outcome.h). For every outcome
// beyond the first, divergence.h says which records changed fate and why, and
// reproduction.h shrinks the trace to a minimal reproduction.
//
// The campaign is seeds 0..N-1. A shard I/K runs the seeds i with i mod K == I;
// shards' runs merged in seed order equal the unsharded runs, and everything
// derived (groups, explanations, reproductions) depends only on the merged
// runs, so K machines give the same report as one.
//
// Explorer is immutable after construction: Run may be called from several
// threads at once (the app's --jobs); nothing here starts a thread.
#ifndef TIDEMARK_SIM_EXPLORE_EXPLORE_H_
#define TIDEMARK_SIM_EXPLORE_EXPLORE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/explore/explore_outcome.h"
#include "sim/explore/explore_trace.h"
#include "sim/planner/job_plan.h"
#include "sim/planner/job_source.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim {

struct Shard {
  uint64_t index = 0;
  uint64_t count = 1;
  bool Owns(uint64_t item) const { return item % count == index; }
};

// "I/K" with 0 <= I < K. Throws engine::InputError naming `flag`.
Shard ParseShard(const std::string& text, const std::string& flag);

enum class InvariantChecks { kEveryRun, kNone };

struct ExploreOptions {
  OutcomeOrder order = OutcomeOrder::kMultiset;
  InvariantChecks invariants = InvariantChecks::kEveryRun;
  // `--failures N`: every run also fails at N points its seed picks
  // (failure_points.h) and is compared with the same seed's run without
  // failures (recovery_invariants.h). 0: schedules only, as before.
  uint64_t failures = 0;
};

struct SeedRun {
  uint64_t seed = 0;
  uint64_t outcome = 0;                 // OutcomeHash (and "job failed" when it did)
  std::vector<std::string> violations;  // CheckInvariants, empty when all hold
  // With ExploreOptions::failures only:
  std::vector<std::string> failure_points = {};  // FailureText of each
  uint64_t failure_free_outcome = 0;             // the same seed without any failure
  bool lateness_changed = false;                 // a replayed record was judged differently
  bool job_failed = false;                       // the restart strategy gave up
  std::string waived = {};  // why the exactly-once and no-loss checks did not apply
};

struct OutcomeGroup {
  uint64_t outcome = 0;
  uint64_t first_seed = 0;  // the smallest seed giving it
  uint64_t runs = 0;
};

class Explorer {
 public:
  // Reads every source's rows. Throws engine::InputError.
  // REQUIRES: plan.source (its front end varies the job for failures).
  Explorer(JobPlan plan, ExploreOptions options);

  SeedRun Run(uint64_t seed) const;
  // A run with every detail (ledger entries, schedule, window decisions); with
  // failures, of FailingPlan(seed).
  RunResult RunDetailed(uint64_t seed) const;

  // With failures: the scenario failing at the seed's points, and the one
  // without any failure whose sinks write at once (everything the job
  // produces, whatever the sinks' guarantees), which runs are compared with.
  JobPlan FailingPlan(uint64_t seed) const;
  const JobPlan& failure_free_plan() const { return *failure_free_; }

  const JobPlan& plan() const { return plan_; }
  const JobRows& rows() const { return rows_; }
  const ExploreOptions& options() const { return options_; }

 private:
  SeedRun RunWithFailures(uint64_t seed) const;

  JobPlan plan_;
  JobRows rows_;
  ExploreOptions options_;
  std::optional<JobPlan> failure_free_;
};

// Groups in order of first seed. REQUIRES `runs` sorted by seed.
std::vector<OutcomeGroup> GroupOutcomes(const std::vector<SeedRun>& runs);

// FNV-1a 64 over the bytes of the files the job was read from
// (JobInfo::input_files: the scenario file, then each trace in source
// order): names the input a campaign ran on. Throws engine::InputError.
uint64_t JobInputHash(const JobPlan& plan);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_EXPLORE_H_
