#include "engine/core/nearest_name.h"

#include <algorithm>

#include <fmt/format.h>

namespace tidemark::engine {

namespace {
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      const size_t substitute = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitute});
      diagonal = above;
    }
  }
  return row[b.size()];
}
}  // namespace

std::optional<std::string> NearestName(std::string_view name,
                                       const std::vector<std::string>& candidates) {
  const size_t limit = std::max<size_t>(2, name.size() / 3);
  std::optional<std::string> best;
  size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    const size_t d = EditDistance(name, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

std::string UnknownNameHint(std::string_view name, const std::vector<std::string>& candidates) {
  if (auto near = NearestName(name, candidates)) return fmt::format("did you mean '{}'?", *near);
  if (candidates.empty()) return "";
  std::string list;
  for (const std::string& c : candidates) {
    if (!list.empty()) list += ", ";
    list += fmt::format("'{}'", c);
  }
  return fmt::format("expected one of {}", list);
}

}  // namespace tidemark::engine
