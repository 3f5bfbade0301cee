// Determinism: the same scenario and seed give identical sinks, ledger and
// schedule, for every shipped scenario with parallel parts.
#include <filesystem>

#include <boost/test/unit_test.hpp>

#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::sim {
namespace {

// Everything a run observably produced, as text.
std::string Fingerprint(const RunResult& result) {
  std::string out;
  for (const SinkOutput& sink : result.sinks) {
    out += sink.name + "\n";
    for (const engine::Record& r : sink.records) out += CsvRow(r) + "\n";
  }
  for (const auto& [key, count] : result.ledger.counts()) {
    out += std::to_string(std::get<0>(key)) + "/" +
           std::to_string(static_cast<int>(std::get<1>(key))) + "/" +
           std::to_string(std::get<2>(key)) + "=" + std::to_string(count) + "\n";
  }
  for (const ScheduleStep& step : result.schedule) {
    out += std::to_string(static_cast<int>(step.kind)) + " " + std::to_string(step.time.millis()) +
           " " + std::to_string(step.node) + "." + std::to_string(step.subtask) + " " +
           std::to_string(step.record) + " " + std::to_string(step.watermark.millis()) + "\n";
  }
  return out;
}

BOOST_AUTO_TEST_SUITE(determinism)

BOOST_AUTO_TEST_CASE(same_seed_same_run_for_every_parallel_scenario) {
  const std::filesystem::path dir = std::filesystem::path(TIDEMARK_SOURCE_DIR) / "scenarios";
  int checked = 0;
  for (const char* name :
       {"parallel/min-watermark-across-channels.yaml", "parallel/lateness-at-parallelism-2.yaml",
        "parallel/idle-partition-with-idleness.yaml", "routing/one-stream-many-sinks.yaml",
        "sensors/late-sensor-readings.yaml"}) {
    BOOST_TEST_CONTEXT(name) {
      const JobPlan plan = BindScenario(LoadScenarioSpec((dir / name).string()));
      const RunOptions options{.seed = 99, .detail = engine::Ledger::Detail::kEveryRecord};
      const std::string first = Fingerprint(RunJob(plan, options));
      BOOST_TEST(first == Fingerprint(RunJob(plan, options)));
      BOOST_TEST(first.size() > 100u);  // the fingerprint holds a real run
      ++checked;
    }
  }
  BOOST_TEST(checked == 5);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
