// Reproduction: a divergence shrunk by delta debugging over the trace's rows
// while the two runs still differ, and written by the job's front end as a
// standalone job whose expectations pin the seed's output, then read back and
// checked.
#ifndef TIDEMARK_SIM_EXPLORE_REPRODUCTION_H_
#define TIDEMARK_SIM_EXPLORE_REPRODUCTION_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/explore/explore.h"

namespace tidemark::sim {

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

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_REPRODUCTION_H_
