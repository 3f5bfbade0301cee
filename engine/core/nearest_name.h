// Suggestions for misspelt names ("did you mean 'temperature'?").
#ifndef TIDEMARK_ENGINE_NEAREST_NAME_H_
#define TIDEMARK_ENGINE_NEAREST_NAME_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::engine {

// The candidate closest to `name` by edit distance, if it is close enough to be
// a plausible typo (distance at most max(2, len/3)). Ties go to the earlier
// candidate, so the answer is deterministic.
std::optional<std::string> NearestName(std::string_view name,
                                       const std::vector<std::string>& candidates);

// A hint line for an unknown name: "did you mean 'x'?" when one is near,
// otherwise "expected one of 'a', 'b', 'c'".
std::string UnknownNameHint(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_NEAREST_NAME_H_
