#include "sim/session/find_scenarios.h"

#include <algorithm>
#include <filesystem>

#include "engine/core/input_error.h"

namespace tidemark::sim {

namespace fs = std::filesystem;

namespace {

bool IsScenarioFile(const fs::path& path) {
  return path.extension() == ".yaml" || path.extension() == ".yml";
}

}  // namespace

std::vector<FoundScenario> FindScenarios(const std::vector<std::string>& paths) {
  std::vector<FoundScenario> found;
  for (const std::string& path : paths) {
    std::error_code error;
    if (fs::is_regular_file(path, error)) {
      found.push_back({path, ""});
      continue;
    }
    if (!fs::is_directory(path, error)) {
      throw engine::InputError({path, 0, 0}, "no such file or folder",
                               "give scenario files or folders that hold them");
    }
    auto it = fs::recursive_directory_iterator(path);
    for (; it != fs::recursive_directory_iterator(); ++it) {
      if (it->is_directory() && it->path().filename() == "errors") {
        it.disable_recursion_pending();
      } else if (it->is_regular_file() && IsScenarioFile(it->path())) {
        found.push_back({it->path().string(), path});
      }
    }
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const FoundScenario& a, const FoundScenario& b) { return a.file < b.file; });
  found.erase(
      std::unique(found.begin(), found.end(),
                  [](const FoundScenario& a, const FoundScenario& b) { return a.file == b.file; }),
      found.end());
  return found;
}

}  // namespace tidemark::sim
