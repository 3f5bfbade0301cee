// AlignSequences: a longest common subsequence of an expected and an actual
// sequence under a match predicate, so that a diff can say which records are
// missing, unexpected or different instead of shifting every later position.
//
// The common prefix and suffix are matched greedily first; the rest is aligned
// by the classic dynamic program when it is small enough (at most kMaxCells
// expected x actual pairs), and position by position otherwise.
#ifndef TIDEMARK_SIM_CHECK_ALIGNED_DIFF_H_
#define TIDEMARK_SIM_CHECK_ALIGNED_DIFF_H_

#include <cstddef>
#include <functional>
#include <vector>

namespace tidemark::sim {

// One step of the alignment, in order: expected[e] matches actual[a]; or, in
// a gap between matches, expected[e] pairs with actual[a] but differs; or one
// side has an entry the other has not (the other index is kNone).
struct AlignedPair {
  static constexpr size_t kNone = ~size_t{0};
  enum class Kind { kMatch, kDiffer, kMissing, kUnexpected };
  Kind kind;
  size_t expected = kNone;
  size_t actual = kNone;
};

inline constexpr size_t kMaxAlignCells = size_t{4} << 20;

// `matches(e, a)` says whether expected[e] matches actual[a].
std::vector<AlignedPair> AlignSequences(size_t expected, size_t actual,
                                        const std::function<bool(size_t, size_t)>& matches);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_ALIGNED_DIFF_H_
