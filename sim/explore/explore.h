// Explore: run one scenario under many seeded schedules, check the invariants
// on each, group the runs by outcome (explore_outcome.h), and for every
// outcome beyond the first say which records changed fate and why, and shrink
// the trace to a minimal reproduction.
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
  std::vector<std::string> failure_points = {};  // FailureYaml of each
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
  const ScenarioRows& rows() const { return rows_; }
  const ExploreOptions& options() const { return options_; }

 private:
  SeedRun RunWithFailures(uint64_t seed) const;

  JobPlan plan_;
  ScenarioRows rows_;
  ExploreOptions options_;
  std::optional<JobPlan> failure_free_;
};

// Groups in order of first seed. REQUIRES `runs` sorted by seed.
std::vector<OutcomeGroup> GroupOutcomes(const std::vector<SeedRun>& runs);

struct SinkChange {
  std::string sink;
  std::vector<std::string> lines;  // "- CSV" only in the base outcome, "+ CSV" only in this one
};

// How outcome `other` differs from `base`: the sinks' records, and the input
// records whose fate changed, each with the decision (window, watermark) that
// differed in the two runs.
struct Divergence {
  // With failures, `base` is `other`'s first seed without failures.
  bool against_failure_free = false;
  OutcomeGroup base;
  OutcomeGroup other;
  std::vector<SinkChange> sinks;
  std::vector<std::string> why;  // lines, readable as they are
};

Divergence ExplainDivergence(const Explorer& explorer, const OutcomeGroup& base,
                             const OutcomeGroup& other);

// With failures: how the first run of `group` differs from the same seed's
// run without failures (the sinks, the failures and restores, and the
// records judged differently after a restore).
Divergence ExplainFailureDivergence(const Explorer& explorer, const OutcomeGroup& group);

// A trace shrunk by ddmin over rows while `seed` and `base_seed` still give
// different outcomes, written as a scenario file whose own seed is `seed`.
struct Reproduction {
  uint64_t seed = 0;
  uint64_t base_seed = 0;
  std::vector<RowRef> rows;  // kept
  size_t original_rows = 0;
  size_t tests = 0;
  bool minimal = false;  // 1-minimal (false: the test budget ran out first)
  std::string text;      // the scenario file
  // Checked by loading `text`: seed gives `outcome`, base_seed `base_outcome`,
  // they differ, and the file's expectations (seed's output) pass.
  uint64_t outcome = 0;
  uint64_t base_outcome = 0;
  bool verified = false;
  // ShrinkFailureDivergence: the failures explore added (base_seed == seed).
  std::vector<std::string> failure_points = {};
};

// `repro_file` is where the text will be written (its folder resolves paths).
// Throws engine::InputError when the scenario file cannot be read.
Reproduction ShrinkDivergence(const Explorer& explorer, uint64_t base_seed, uint64_t seed,
                              const std::string& repro_file);
// With failures: a trace shrunk while `seed` with its failures and without
// them still differ, written with the seed's failures in `failures:`.
Reproduction ShrinkFailureDivergence(const Explorer& explorer, uint64_t seed,
                                     const std::string& repro_file);

// FNV-1a 64 over the scenario file's bytes and then each CSV trace's bytes, in
// source order: names the input a campaign ran on. Throws engine::InputError.
uint64_t ScenarioInputHash(const ScenarioSpec& spec);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_EXPLORE_H_
