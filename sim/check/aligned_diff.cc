#include "sim/check/aligned_diff.h"

#include <algorithm>
#include <cstdint>

namespace tidemark::sim {

namespace {

// Pairs the unmatched entries of one gap: position by position while both
// sides have one (they differ), then what is left over on either side.
void EmitGap(size_t e_begin, size_t e_end, size_t a_begin, size_t a_end,
             std::vector<AlignedPair>& out) {
  size_t e = e_begin, a = a_begin;
  for (; e < e_end && a < a_end; ++e, ++a) out.push_back({AlignedPair::Kind::kDiffer, e, a});
  for (; e < e_end; ++e) out.push_back({AlignedPair::Kind::kMissing, e, AlignedPair::kNone});
  for (; a < a_end; ++a) out.push_back({AlignedPair::Kind::kUnexpected, AlignedPair::kNone, a});
}

// The dynamic program over expected[e0, e1) x actual[a0, a1).
void AlignMiddle(size_t e0, size_t e1, size_t a0, size_t a1,
                 const std::function<bool(size_t, size_t)>& matches,
                 std::vector<AlignedPair>& out) {
  const size_t n = e1 - e0, m = a1 - a0;
  if (n == 0 || m == 0 || n * m > kMaxAlignCells) {
    EmitGap(e0, e1, a0, a1, out);
    return;
  }
  // lcs[i][j]: the longest common subsequence of expected[e0 + i, e1) and actual[a0 + j, a1).
  std::vector<uint32_t> lcs((n + 1) * (m + 1), 0);
  auto at = [&](size_t i, size_t j) -> uint32_t& { return lcs[i * (m + 1) + j]; };
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      at(i, j) =
          matches(e0 + i, a0 + j) ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    }
  }
  size_t i = 0, j = 0, gap_i = 0, gap_j = 0;
  while (i < n && j < m) {
    if (matches(e0 + i, a0 + j) && at(i, j) == at(i + 1, j + 1) + 1) {
      EmitGap(e0 + gap_i, e0 + i, a0 + gap_j, a0 + j, out);
      out.push_back({AlignedPair::Kind::kMatch, e0 + i, a0 + j});
      gap_i = ++i;
      gap_j = ++j;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      ++i;
    } else {
      ++j;
    }
  }
  EmitGap(e0 + gap_i, e1, a0 + gap_j, a1, out);
}

}  // namespace

std::vector<AlignedPair> AlignSequences(size_t expected, size_t actual,
                                        const std::function<bool(size_t, size_t)>& matches) {
  std::vector<AlignedPair> out;
  size_t prefix = 0;
  while (prefix < expected && prefix < actual && matches(prefix, prefix)) {
    out.push_back({AlignedPair::Kind::kMatch, prefix, prefix});
    ++prefix;
  }
  size_t suffix = 0;
  while (suffix < expected - prefix && suffix < actual - prefix &&
         matches(expected - 1 - suffix, actual - 1 - suffix)) {
    ++suffix;
  }
  AlignMiddle(prefix, expected - suffix, prefix, actual - suffix, matches, out);
  for (size_t k = suffix; k-- > 0;) {
    out.push_back({AlignedPair::Kind::kMatch, expected - 1 - k, actual - 1 - k});
  }
  return out;
}

}  // namespace tidemark::sim
