// The settings a sweep changes in a scenario (scenario_settings.h), on
// scenarios/explore/sweep-hand-checked.yaml.
#include "sim/scenario/scenario_settings.h"

#include <filesystem>
#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

ScenarioSpec HandChecked() {
  return LoadScenarioSpec((std::filesystem::path(TIDEMARK_SOURCE_DIR) / "scenarios" / "explore" /
                           "sweep-hand-checked.yaml")
                              .string());
}

BOOST_AUTO_TEST_SUITE(scenario_settings)

BOOST_AUTO_TEST_CASE(settings_reach_the_spec_and_unknown_ones_are_named) {
  ScenarioSpec spec = HandChecked();
  ApplySetting(spec, "sources.r.watermarks.max_out_of_orderness", "3s");
  ApplySetting(spec, "streams.counts.window.allowed_lateness", "1s");
  ApplySetting(spec, "streams.counts.window.size", "5s");
  ApplySetting(spec, "streams.counts.parallelism", "2");
  ApplySetting(spec, "sources.r.watermarks.idleness", "2s");
  ApplySetting(spec, "channels.latency.max", "4ms");
  BOOST_TEST(spec.sources[0].watermarks.max_out_of_orderness.millis() == 3000);
  BOOST_TEST(spec.streams[0].window->allowed_lateness.millis() == 1000);
  BOOST_TEST(spec.streams[0].window->size.millis() == 5000);
  BOOST_TEST(*spec.streams[0].parallelism == 2);
  BOOST_TEST(spec.sources[0].watermarks.idleness->millis() == 2000);
  BOOST_TEST(spec.channels.max_latency.millis() == 4);
  try {
    ApplySetting(spec, "sources.rr.parallelism", "2");
    BOOST_FAIL("expected an error");
  } catch (const engine::InputError& e) {
    BOOST_TEST(std::string(e.what()).find("did you mean 'r'") != std::string::npos);
  }
  BOOST_CHECK_THROW(ApplySetting(spec, "streams.counts.window.colour", "1s"), engine::InputError);
  BOOST_CHECK_THROW(ApplySetting(spec, "streams.counts.window.size", "-1s"), engine::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
