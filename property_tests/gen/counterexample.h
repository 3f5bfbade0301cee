// Counterexamples as scenario files, and running a property that must fail.
//
// A failing property writes its (shrunk) counterexample as a scenario that
// `tidemark run` replays: RapidCheck calls the property again for every
// shrinking candidate, and each failing call overwrites the same files, so
// the files left behind hold the smallest case. They go into
// $TIDEMARK_COUNTEREXAMPLE_DIR, else the current directory, named after the
// property: <property>.yaml plus any companion trace (<property>.csv).
//
// ExpectFailure runs a property through RapidCheck with a fixed seed,
// expecting it to fail (the mutation tests), and reports the size of the
// shrunk counterexample the property noted with NoteFailingCase.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_COUNTEREXAMPLE_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_COUNTEREXAMPLE_H_

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tidemark::props {

struct ScenarioFiles {
  std::string yaml;
  // (file name, contents) written next to the YAML, e.g. a CSV trace it names.
  std::vector<std::pair<std::string, std::string>> companions;
};

// Writes `files` as <dir>/<property>.yaml (+ companions); returns the YAML's
// path, or an empty string when writing is switched off or fails.
std::string WriteCounterexample(const std::string& property, const ScenarioFiles& files);

// While alive, counterexamples go to `dir` instead (empty: not written).
class ScopedCounterexampleDir {
 public:
  explicit ScopedCounterexampleDir(std::optional<std::string> dir);
  ~ScopedCounterexampleDir();
  ScopedCounterexampleDir(const ScopedCounterexampleDir&) = delete;
  ScopedCounterexampleDir& operator=(const ScopedCounterexampleDir&) = delete;

 private:
  std::optional<std::optional<std::string>> previous_;  // the override it replaced
};

// A failing property calls this with the size of its case (records, or
// steps) just before it fails.
void NoteFailingCase(size_t size);

struct MutationOutcome {
  bool failed = false;
  size_t shrunk_size = 0;  // as last noted: the shrunk counterexample's
  std::string message;     // RapidCheck's failure description
};

// Runs `property` (which draws with operator*) with seed 20261129 and up to
// `max_success` cases, counterexamples switched off.
MutationOutcome ExpectFailure(const std::function<void()>& property, int max_success = 1000);

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_COUNTEREXAMPLE_H_
