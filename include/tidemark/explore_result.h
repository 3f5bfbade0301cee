// Explore: one scenario run under seeds 0..N-1, each a different legal
// interleaving of its parallel subtasks and channels, the runs grouped by
// outcome (what every sink received), with the invariants checked on each
// run. `tidemark explore` without the reproduction files
// (docs/explore-and-sweep.md).
#ifndef TIDEMARK_EXPLORE_RESULT_H_
#define TIDEMARK_EXPLORE_RESULT_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tidemark {

// How two runs' sinks are compared: as multisets of records (the default:
// Flink does not define the order records from parallel subtasks interleave)
// or in the order each sink received them (`--ordered`).
enum class OutcomeOrder { kMultiset, kArrival };

// Whether every run is checked against the invariants (the ledger balances,
// watermarks never go back, ...); kSkip is faster.
enum class Invariants { kCheck, kSkip };

struct ExploreOptions {
  uint64_t seeds = 100;  // runs seeds 0..seeds-1
  OutcomeOrder order = OutcomeOrder::kMultiset;
  Invariants invariants = Invariants::kCheck;
};

struct Outcome {
  std::string hash = {};  // 16 hex digits naming what the sinks received
  uint64_t first_seed = 0;
  uint64_t runs = 0;
};

struct Violation {
  uint64_t seed = 0;
  std::string message = {};
};

// The records one sink received in only one of two runs: "- CSV" only in the
// base run, "+ CSV" only in the other.
struct SinkChange {
  std::string sink = {};
  std::vector<std::string> lines = {};
};

// How the run of `seed` differs from the run of `base_seed` (the first
// outcome's first seed).
struct Divergence {
  uint64_t base_seed = 0;
  uint64_t seed = 0;
  std::vector<SinkChange> sinks = {};  // the sinks that differ, in the scenario's order
  // The input records whose fate changed and the decision that differed.
  std::vector<std::string> why = {};
};

struct ExploreResult {
  uint64_t seeds = 0;
  bool deterministic = false;                // the scenario says `deterministic: true`
  std::vector<Outcome> outcomes = {};        // in the order of their first seed
  std::vector<Violation> violations = {};    // by seed
  std::vector<Divergence> divergences = {};  // one per outcome after the first

  // What `tidemark explore` exits 0 for: no invariant broken, and a
  // deterministic scenario has a single outcome.
  bool passed() const { return violations.empty() && !(deterministic && outcomes.size() > 1); }
};

}  // namespace tidemark

#endif  // TIDEMARK_EXPLORE_RESULT_H_
