// Late routing (§1.2-1.4, 1.7, 1.10): the engine's
// WindowOperator agrees with the independent reference model
// (property_tests/model/window_model.h) on every element and every window:
// which windows it is assigned and merged into, on time / within lateness /
// late per window, the element's fate (accepted, late to the side output,
// dropped and counted, silently discarded), and which results fire at which
// step — for random tumbling, sliding and session configs and random
// element/watermark sequences at one operator.
//
// The same comparison covers windowAll (every key in one window, §11.1) and a
// window reduce by maxBy (§11.2), for tumbling and sliding windows.
//
// Mutation tests break one rule in a copy of the model (ModelBug) and show
// that the property fails and shrinks to a handful of steps.
#include <functional>
#include <optional>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "property_tests/gen/counterexample.h"
#include "property_tests/gen/operator_driver.h"
#include "property_tests/gen/operator_scenario.h"
#include "property_tests/gen/window_gen.h"

namespace tidemark::props {
namespace {

using model::ModelBug;
using model::Step;

template <typename T>
std::string Show(const std::vector<T>& v) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
  os << "]";
  return os.str();
}

size_t CountElements(const std::vector<Step>& steps) {
  size_t n = 0;
  for (const Step& s : steps) n += s.kind == Step::Kind::kElement;
  return n;
}

// The first disagreement between engine and model, described; nullopt if none.
std::optional<std::string> LateRoutingMismatch(const model::WindowConfig& config,
                                               const std::vector<Step>& steps, ModelBug bug) {
  const EngineRun engine = RunOperator(config, steps);
  const std::vector<model::StepOutcome> expected = RunModel(config, steps, bug);
  uint64_t expected_dropped = 0;
  for (size_t i = 0; i < steps.size(); ++i) {
    const model::StepOutcome& e = expected[i];
    const model::StepOutcome& a = engine.steps[i].outcome;
    std::ostringstream os;
    os << "step " << i << " " << steps[i] << ": ";
    if (steps[i].kind == Step::Kind::kElement) {
      if (e.element != a.element) {
        os << "model " << e.element << ", engine " << a.element;
        return os.str();
      }
      const bool late_out = e.element.fate == model::Fate::kLateToSideOutput;
      if (late_out != engine.steps[i].late_record_emitted) {
        os << "late side output: model " << late_out << ", engine "
           << engine.steps[i].late_record_emitted;
        return os.str();
      }
      expected_dropped += e.element.fate == model::Fate::kDroppedLate;
    } else if (e.applied != a.applied) {
      os << "watermark applied: model " << e.applied << ", engine " << a.applied;
      return os.str();
    }
    if (e.firings != a.firings) {
      os << "fired: model " << Show(e.firings) << ", engine " << Show(a.firings);
      return os.str();
    }
  }
  if (expected_dropped != engine.late_dropped) {
    return "numLateRecordsDropped: model " + std::to_string(expected_dropped) + ", engine " +
           std::to_string(engine.late_dropped);
  }
  return std::nullopt;
}

void CheckLateRouting(const model::WindowConfig& config, const std::vector<Step>& steps,
                      ModelBug bug, const std::string& property) {
  RC_TAG(config.kind == model::WindowKind::kTumbling  ? "tumbling"
         : config.kind == model::WindowKind::kSliding ? "sliding"
                                                      : "session");
  if (auto mismatch = LateRoutingMismatch(config, steps, bug)) {
    NoteFailingCase(CountElements(steps));
    WriteCounterexample(
        property, OperatorScenario(property, "Engine and reference model disagree: " + *mismatch,
                                   config, steps));
    RC_FAIL(*mismatch);
  }
}

RC_BOOST_PROP(late_routing_agrees_with_reference_model, ()) {
  const model::WindowConfig config = *GenWindowConfig();
  const std::vector<Step> steps = *GenSteps(config);
  CheckLateRouting(config, steps, ModelBug::kNone, "late_routing_agrees_with_reference_model");
}

// windowAll: any window kind, every key in one window.
model::WindowConfig GenWindowAllConfig() {
  model::WindowConfig config = *GenWindowConfig();
  config.window_all = true;
  return config;
}

// maxBy in a window: tumbling or sliding (session merges fix an order of the
// merged contents, §10.4, which the model does not follow), keyed or windowAll.
model::WindowConfig GenMaxByConfig() {
  model::WindowConfig config = *GenWindowConfigOf(
      *rc::gen::element(model::WindowKind::kTumbling, model::WindowKind::kSliding));
  config.max_by = true;
  config.window_all = *rc::gen::arbitrary<bool>();
  return config;
}

RC_BOOST_PROP(window_all_agrees_with_reference_model, ()) {
  const model::WindowConfig config = GenWindowAllConfig();
  const std::vector<Step> steps = *GenSteps(config);
  CheckLateRouting(config, steps, ModelBug::kNone, "window_all_agrees_with_reference_model");
}

RC_BOOST_PROP(window_max_by_agrees_with_reference_model, ()) {
  const model::WindowConfig config = GenMaxByConfig();
  const std::vector<Step> steps = *GenSteps(config);
  CheckLateRouting(config, steps, ModelBug::kNone, "window_max_by_agrees_with_reference_model");
}

// --- mutation tests: a broken copy of the rules must be caught ---------------

void ExpectModelBugCaughtWith(ModelBug bug,
                              const std::function<model::WindowConfig()>& gen_config) {
  const MutationOutcome outcome = ExpectFailure([&] {
    const model::WindowConfig config = gen_config();
    const std::vector<Step> steps = *GenSteps(config);
    CheckLateRouting(config, steps, bug, "late_routing_mutation");
  });
  BOOST_TEST_MESSAGE("shrunk to " << outcome.shrunk_size << " records: " << outcome.message);
  BOOST_TEST(outcome.failed);
  BOOST_TEST(outcome.shrunk_size < 10u);
}

void ExpectModelBugCaught(ModelBug bug, std::optional<model::WindowKind> kind) {
  ExpectModelBugCaughtWith(
      bug, [kind] { return kind ? *GenWindowConfigOf(*kind) : *GenWindowConfig(); });
}

BOOST_AUTO_TEST_CASE(late_routing_catches_strict_element_lateness) {
  ExpectModelBugCaught(ModelBug::kElementLateStrict, std::nullopt);
}

BOOST_AUTO_TEST_CASE(late_routing_catches_strict_window_lateness) {
  ExpectModelBugCaught(ModelBug::kWindowLateStrict, std::nullopt);
}

BOOST_AUTO_TEST_CASE(late_routing_catches_missing_late_firing) {
  ExpectModelBugCaught(ModelBug::kNoLateFiring, std::nullopt);
}

BOOST_AUTO_TEST_CASE(late_routing_catches_sessions_that_do_not_touch) {
  ExpectModelBugCaught(ModelBug::kSessionsDoNotTouch, model::WindowKind::kSession);
}

BOOST_AUTO_TEST_CASE(window_all_catches_windows_kept_per_key) {
  ExpectModelBugCaughtWith(ModelBug::kWindowAllPerKey, GenWindowAllConfig);
}

BOOST_AUTO_TEST_CASE(window_max_by_catches_the_last_element_winning_a_tie) {
  ExpectModelBugCaughtWith(ModelBug::kMaxByLastOnTies, GenMaxByConfig);
}

}  // namespace
}  // namespace tidemark::props
