// How a sink's records differ from its `expect:` entry: an ordered diff
// aligned by a longest common subsequence (a record missing or added shifts
// nothing), a multiset comparison for `order: unordered`, and for `output:`
// the watermarks and statuses in between, with runs of records between two
// of them compared in any order (Flink's assertOutputEqualsSorted).
#ifndef TIDEMARK_SIM_CHECK_KINDS_RECORDS_DIFF_H_
#define TIDEMARK_SIM_CHECK_KINDS_RECORDS_DIFF_H_

#include <string>
#include <vector>

#include "sim/check/expectations.h"
#include "sim/check/kinds/records_expectation.h"
#include "sim/runtime/runtime.h"

namespace tidemark::sim::internal {

// The readable diff lines (empty when the sink shows what `e` expects); each
// difference also goes to `mismatches`, at its expected row or at `e`.
// Throws engine::InputError when an expected value does not parse.
std::vector<std::string> DiffSink(const SinkExpectation& e, const SinkOutput& output,
                                  std::vector<Mismatch>& mismatches);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_CHECK_KINDS_RECORDS_DIFF_H_
