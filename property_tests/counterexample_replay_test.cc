// Counterexample files replay: a failing property leaves <property>.yaml and
// its trace where $TIDEMARK_COUNTEREXAMPLE_DIR (or the test) points, and the
// scenario loads, plans and runs as `tidemark run` would run it.
#include <filesystem>

#include <boost/test/unit_test.hpp>

#include "property_tests/gen/counterexample.h"
#include "property_tests/gen/scenario_gen.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::props {
namespace {

BOOST_AUTO_TEST_CASE(written_counterexample_loads_and_runs) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tidemark-props-counterexample-test";
  std::filesystem::remove_all(dir);
  GeneratedScenario s;
  s.job.window.late_output = true;
  s.rows = {{.kind = TraceRowSpec::Kind::kEvent,
             .key = "a",
             .advance_ms = 0,
             .lag_ms = 0,
             .value = 8,
             .partition = 0,
             .gap_ms = 0},
            {.kind = TraceRowSpec::Kind::kWatermark,
             .key = "",
             .advance_ms = 50,
             .lag_ms = 0,
             .value = 0,
             .partition = 0,
             .gap_ms = 1},
            {.kind = TraceRowSpec::Kind::kEvent,
             .key = "a",
             .advance_ms = 0,
             .lag_ms = 40,
             .value = 3,
             .partition = 0,
             .gap_ms = 1}};
  std::string path;
  {
    ScopedCounterexampleDir to(dir.string());
    path = WriteCounterexample("replayed_property", ScenarioText("replayed_property", s));
  }
  BOOST_TEST(path == (dir / "replayed_property.yaml").string());
  BOOST_TEST(std::filesystem::exists(dir / "replayed_property.csv"));
  const sim::JobPlan plan = sim::BindScenario(sim::LoadScenarioSpec(path));
  const sim::RunResult result = sim::RunJob(plan, {.seed = plan.info.seed});
  BOOST_TEST(result.records_in == 2u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tidemark::props
