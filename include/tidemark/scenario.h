// tidemark::Scenario: a scenario file loaded and planned, ready to run.
//
//   const tidemark::Scenario scenario =
//       tidemark::Scenario::Load("scenarios/sensors/late-sensor-readings.yaml");
//   const tidemark::RunResult run = scenario.Run({.seed = 7});
//   run.sink("late").records.size();                        // 2
//   run.ledger.Count("averages", tidemark::Fate::kInWindow);  // 8
//   scenario.Check().passed();                              // its expectations hold
//
// Loading reads and checks the whole file (names, types, tags) and throws
// tidemark::Error at the first problem; traces are read when a run starts.
// A Scenario is immutable and cheap to copy (copies share the plan); its
// const methods may be called from several threads at once.
#ifndef TIDEMARK_SCENARIO_H_
#define TIDEMARK_SCENARIO_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tidemark/check_result.h"
#include "tidemark/explore_result.h"
#include "tidemark/run_result.h"

namespace tidemark {

struct RunOptions {
  // The schedule seed; the scenario's own `seed:` when not given.
  std::optional<uint64_t> seed;
};

// Checks the scenario file at `path` exactly as `tidemark check PATH` does
// (`expect_error:` scenarios pass when refused as they say); bad input is the
// result's kBadInput, never an exception.
CheckResult CheckScenarioFile(const std::string& path, const CheckOptions& options = {});

class Scenario {
 public:
  // Reads the file at `path`; its trace paths are relative to its folder.
  // Throws tidemark::Error.
  static Scenario Load(const std::string& path);
  // A scenario from text: `file` names it in errors, `folder` resolves its
  // relative trace paths. Throws tidemark::Error.
  static Scenario Parse(const std::string& text, const std::string& file,
                        const std::string& folder);

  const std::string& name() const;
  uint64_t seed() const;  // its `seed:` (0 when it has none)
  // What Flink accepts but is most likely a mistake (a side output nothing
  // can reach), one line each as `tidemark run` prints them.
  const std::vector<std::string>& warnings() const;

  // Throws tidemark::Error when a trace turns out to be bad mid-run.
  RunResult Run(const RunOptions& options = {}) const;
  // A run compared with the scenario's expectations: the verdict `tidemark
  // check` gives (a scenario that expects nothing is skipped). Bad input met
  // while running is the result's kBadInput, not an exception.
  CheckResult Check(const CheckOptions& options = {}) const;
  // Seeds 0..options.seeds-1, grouped by outcome. Throws tidemark::Error.
  ExploreResult Explore(const ExploreOptions& options = {}) const;

  // Opaque: the planned job, defined by the implementation.
  struct Plan;

 private:
  explicit Scenario(std::shared_ptr<const Plan> plan) : plan_(std::move(plan)) {}
  std::shared_ptr<const Plan> plan_;
};

}  // namespace tidemark

#endif  // TIDEMARK_SCENARIO_H_
