// The outcome of one run, for `tidemark explore`: every sink's records as CSV
// lines, and a 64-bit hash of them that names the outcome.
//
// Records reach a sink from parallel subtasks whose interleaving Flink does
// not define, so by default each sink's lines are sorted (the sink is compared
// as a multiset); OutcomeOrder::kArrival keeps the order the sink saw.
//
// The hash is FNV-1a 64 (offset 0xcbf29ce484222325, prime 0x100000001b3) over,
// for each sink in the scenario's order, "NAME\n", each CSV line followed by
// "\n", then one more "\n". It is printed as 16 lower-case hex digits.
#ifndef TIDEMARK_SIM_EXPLORE_EXPLORE_OUTCOME_H_
#define TIDEMARK_SIM_EXPLORE_EXPLORE_OUTCOME_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/runtime/runtime.h"

namespace tidemark::sim {

enum class OutcomeOrder { kMultiset, kArrival };

struct SinkLines {
  std::string name;
  std::vector<std::string> lines;  // CsvRow of each record, sorted unless kArrival
};

inline constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
uint64_t Fnv1a64(std::string_view bytes, uint64_t hash = kFnvOffset);

std::vector<SinkLines> OutcomeLines(const RunResult& result, OutcomeOrder order);
uint64_t OutcomeHash(const std::vector<SinkLines>& sinks);
// The outcome of a run: OutcomeHash of its lines.
uint64_t RunOutcome(const RunResult& result, OutcomeOrder order);
// The same, but a job that failed for good is another outcome than one that
// recovered with the same output so far.
uint64_t FailingRunOutcome(const RunResult& result, OutcomeOrder order);
// 16 lower-case hex digits.
std::string HashText(uint64_t hash);
// Parses HashText's output; false when `text` is not 16 hex digits.
bool ParseHashText(std::string_view text, uint64_t* hash);

// Lines of `a` missing from `b` and lines of `b` missing from `a`, as
// multisets, each in `a`'s or `b`'s order: "- line" then "+ line".
std::vector<std::string> DiffLines(const std::vector<std::string>& a,
                                   const std::vector<std::string>& b);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_EXPLORE_OUTCOME_H_
