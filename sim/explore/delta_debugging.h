// Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating
// Failure-Inducing Input", 2002): ddmin shrinks a set of items to a subset on
// which a test still fails and from which no single item can be removed
// (1-minimal), in O(n^2) tests at worst and O(log n) when one item matters.
//
// Items are indices 0..n-1; subsets are passed to the test in increasing
// order. The test must be deterministic. The search is bounded: after
// `max_tests` tests it returns the smallest failing subset found so far.
#ifndef TIDEMARK_SIM_EXPLORE_DELTA_DEBUGGING_H_
#define TIDEMARK_SIM_EXPLORE_DELTA_DEBUGGING_H_

#include <cstddef>
#include <functional>
#include <vector>

namespace tidemark::sim {

struct DeltaDebugResult {
  std::vector<size_t> items;  // a failing subset (all n items if nothing smaller fails)
  size_t tests = 0;           // tests run
  bool minimal = false;       // false when the bound cut the search short
};

// REQUIRES: fails(all n items) holds.
DeltaDebugResult DeltaDebug(size_t n, const std::function<bool(const std::vector<size_t>&)>& fails,
                            size_t max_tests = 10000);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_DELTA_DEBUGGING_H_
