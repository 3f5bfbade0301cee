// What `tidemark explore` prints and writes: the outcome groups of a seed
// campaign, each divergence explained, reproductions, invariant violations.
//
// The JSON form (format "tidemark-explore", version 1) holds every run, so
// shards' files merge into the unsharded result: ParseExploreJson reads back
// the campaign and its runs, and the app recomputes everything else from them.
// Keys are sorted and the indent fixed, so equal campaigns give equal bytes.
#ifndef TIDEMARK_REPORTS_EXPLORE_REPORT_H_
#define TIDEMARK_REPORTS_EXPLORE_REPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sim/explore/explore.h"

namespace tidemark::reports {

struct ExploreReproFile {
  std::string path;
  sim::Reproduction repro;
};

struct ExploreReport {
  std::string scenario;  // the path as given
  std::string name;      // the scenario's name
  uint64_t scenario_hash = 0;
  uint64_t seeds = 0;  // the campaign: seeds 0..seeds-1
  sim::Shard shard;
  sim::OutcomeOrder order = sim::OutcomeOrder::kMultiset;
  bool deterministic = false;      // the scenario demands one outcome
  uint64_t failures = 0;           // --failures: per run, at points the seed picks
  std::vector<sim::SeedRun> runs;  // sorted by seed
  std::vector<sim::OutcomeGroup> outcomes;
  // Complete campaigns only (not one shard of several): one per outcome
  // beyond the first, with its reproduction when one was written.
  std::vector<sim::Divergence> divergences;
  // With --failures: outcomes that differ from the failure-free run beyond
  // those explained.
  uint64_t unexplained = 0;
  std::vector<ExploreReproFile> repros;

  size_t RunsWithViolations() const;
  // Exit status 1: an invariant failed, or a deterministic scenario diverged
  // (without --failures: with them, outcomes differ by where the job fails).
  bool failed() const;
};

std::string FormatExploreText(const ExploreReport& report);
std::string FormatExploreJson(const ExploreReport& report);

// The campaign and runs of a JSON file written by FormatExploreJson (outcomes,
// divergences and reproductions are left empty). Throws engine::InputError
// naming `file` when the text is not such a file.
ExploreReport ParseExploreJson(const std::string& text, const std::string& file);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_EXPLORE_REPORT_H_
