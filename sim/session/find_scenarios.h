// The scenario files `tidemark check PATH...` runs: each file named, and
// every .yaml/.yml file under each folder named (recursively, sorted), with
// the root its files must lie in — the folder it was found under, or empty
// (its own folder) for a file named on its own. Folders called `errors` hold
// deliberately broken scenarios for the bad-input tests and are skipped.
#ifndef TIDEMARK_SIM_SESSION_FIND_SCENARIOS_H_
#define TIDEMARK_SIM_SESSION_FIND_SCENARIOS_H_

#include <string>
#include <vector>

namespace tidemark::sim {

struct FoundScenario {
  std::string file = {};
  std::string root = {};  // the folder searched; empty for a file named as such
};

// Sorted by file; a file found twice keeps its first root. Throws
// engine::InputError for a path that is neither a file nor a folder.
std::vector<FoundScenario> FindScenarios(const std::vector<std::string>& paths);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_FIND_SCENARIOS_H_
