// A run compared with the scenario's own expectations (`expect:`, `ledger:`),
// as `tidemark check` compares it.
#ifndef TIDEMARK_CHECK_RESULT_H_
#define TIDEMARK_CHECK_RESULT_H_

#include <string>
#include <vector>

#include "tidemark/error.h"
#include "tidemark/run_result.h"

namespace tidemark {

// One difference, at the scenario line of the expectation it concerns.
struct Mismatch {
  Location where = {};
  std::string message = {};  // may span lines: "record 2: expected ...\nactual ..."
};

// What differs for one sink (or one stream's ledger).
struct ExpectationDiff {
  std::string subject = {};             // "sink 'averages'" or "ledger of 'averages'"
  std::vector<std::string> lines = {};  // the readable diff `tidemark check` prints
  std::vector<Mismatch> mismatches = {};
};

struct CheckResult {
  RunResult run = {};
  std::vector<ExpectationDiff> diffs = {};  // only what differs
  bool passed() const { return diffs.empty(); }
};

}  // namespace tidemark

#endif  // TIDEMARK_CHECK_RESULT_H_
