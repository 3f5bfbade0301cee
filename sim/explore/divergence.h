// Divergence: how one outcome of an explore campaign differs from another
// — the sinks' records, and the input records whose fate changed, each with
// the window decision and the watermark behind it in both runs; with
// failures, how a run differs from the same seed without any.
#ifndef TIDEMARK_SIM_EXPLORE_DIVERGENCE_H_
#define TIDEMARK_SIM_EXPLORE_DIVERGENCE_H_

#include <string>
#include <vector>

#include "sim/explore/explore.h"

namespace tidemark::sim {

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

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_DIVERGENCE_H_
