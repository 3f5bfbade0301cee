// Window algebra (§3.2-3.7):
//   - a tumbling assigner gives every timestamp exactly one window, of the
//     configured size, aligned to the offset, containing it;
//   - a sliding assigner whose slide divides its size gives size / slide
//     distinct windows, each aligned, of the configured size, containing the
//     timestamp, newest first;
//   - session merging does not depend on arrival order once every record is
//     in: with the only watermark after the last record, any permutation of
//     the records fires the same sessions (key, window, count, sum).
// The assigner properties use the engine's assigners directly; the session
// property drives the engine's WindowOperator.
//
// Mutation tests tamper with the assigners' output (an extra neighbour
// window, a missing sliding window) and run the permutation property on a
// copy of the model whose new session absorbs only the first session it
// touches; each must fail with a small case.
#include <algorithm>
#include <functional>
#include <numeric>
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "engine/windows/window_assigner.h"
#include "property_tests/gen/counterexample.h"
#include "property_tests/gen/mutation_check.h"
#include "property_tests/gen/operator_driver.h"
#include "property_tests/gen/operator_scenario.h"
#include "property_tests/gen/window_gen.h"

namespace tidemark::props {
namespace {

using model::Step;
using model::WindowConfig;
using model::WindowKind;

enum class AssignerBug { kNone, kExtraNeighbour, kMissingLast };

std::vector<model::Interval> AssignedByEngine(engine::WindowAssigner& assigner, int64_t t,
                                              AssignerBug bug) {
  std::vector<engine::TimeWindow> out;
  const engine::Record record{.id = 0, .timestamp = engine::Timestamp::Millis(t), .values = {}};
  assigner.AssignWindows(record, record.timestamp, engine::Timestamp::Min(), out);
  std::vector<model::Interval> windows;
  for (const engine::TimeWindow& w : out) windows.push_back({w.start().millis(), w.end().millis()});
  if (bug == AssignerBug::kExtraNeighbour && !windows.empty() && t % 2 == 0) {
    const int64_t size = windows[0].end - windows[0].start;
    windows.push_back({windows[0].start + size, windows[0].end + size});
  }
  if (bug == AssignerBug::kMissingLast && windows.size() > 1 && t % 2 != 0) windows.pop_back();
  return windows;
}

bool Aligned(int64_t start, int64_t offset, int64_t unit) { return (start - offset) % unit == 0; }

std::vector<Step> AsSteps(const std::vector<int64_t>& times) {
  std::vector<Step> steps;
  for (int64_t t : times)
    steps.push_back({.kind = Step::Kind::kElement, .key = "a", .time_ms = t, .value = 1});
  return steps;
}

// Checks the assignment of every time; `what` names the property.
void CheckAssignment(const WindowConfig& c, const std::vector<int64_t>& times, AssignerBug bug,
                     const std::string& what) {
  std::unique_ptr<engine::WindowAssigner> assigner = MakeAssigner(c);
  const int64_t unit = c.kind == WindowKind::kTumbling ? c.size_ms : c.slide_ms;
  const size_t expected =
      c.kind == WindowKind::kTumbling ? 1 : static_cast<size_t>(c.size_ms / c.slide_ms);
  for (int64_t t : times) {
    const std::vector<model::Interval> windows = AssignedByEngine(*assigner, t, bug);
    std::ostringstream problem;
    if (windows.size() != expected) {
      problem << "t=" << t << ": " << windows.size() << " windows, expected " << expected;
    }
    for (size_t i = 0; i < windows.size() && problem.str().empty(); ++i) {
      const model::Interval& w = windows[i];
      if (!(w.start <= t && t < w.end))
        problem << "t=" << t << " outside " << w;
      else if (w.end - w.start != c.size_ms)
        problem << w << " is not " << c.size_ms << " long";
      else if (!Aligned(w.start, c.offset_ms, unit))
        problem << w << " not aligned to offset";
      else if (i > 0 && !(windows[i - 1].start > w.start))
        problem << "windows not newest first";
    }
    if (!problem.str().empty()) {
      NoteFailingCase(times.size());
      WriteCounterexample(what, OperatorScenario(what, problem.str(), c, AsSteps(times)));
      RC_FAIL(problem.str());
    }
  }
}

rc::Gen<std::vector<int64_t>> GenTimes(const WindowConfig& c) {
  return ShortList<int64_t>(GenEdgeTime(c));
}

void CheckTumbling(AssignerBug bug) {
  const WindowConfig c = *GenWindowConfigOf(WindowKind::kTumbling);
  CheckAssignment(c, *GenTimes(c), bug, "tumbling_assigns_exactly_one_window");
}

void CheckSliding(AssignerBug bug) {
  WindowConfig c = *GenWindowConfigOf(WindowKind::kSliding);
  c.size_ms = c.slide_ms * *rc::gen::inRange<int64_t>(1, 6);  // slide divides size
  CheckAssignment(c, *GenTimes(c), bug, "sliding_assigns_size_over_slide_windows");
}

RC_BOOST_PROP(tumbling_assigns_exactly_one_window, ()) { CheckTumbling(AssignerBug::kNone); }

RC_BOOST_PROP(sliding_assigns_size_over_slide_windows, ()) { CheckSliding(AssignerBug::kNone); }

// --- session merging is order independent ------------------------------------

using SessionRunner =
    std::function<std::vector<model::Firing>(const WindowConfig&, const std::vector<Step>&)>;

// Every firing of the steps followed by one watermark past every session.
std::vector<model::Firing> EngineFinalSessions(const WindowConfig& c, std::vector<Step> steps) {
  steps.push_back({.kind = Step::Kind::kWatermark, .key = {}, .time_ms = 1'000'000, .value = 0});
  std::vector<model::Firing> all;
  for (const EngineStep& s : RunOperator(c, steps).steps) {
    all.insert(all.end(), s.outcome.firings.begin(), s.outcome.firings.end());
  }
  std::sort(all.begin(), all.end());
  return all;
}

SessionRunner ModelRunner(model::ModelBug bug) {
  return [bug](const WindowConfig& c, std::vector<Step> steps) {
    steps.push_back({.kind = Step::Kind::kWatermark, .key = {}, .time_ms = 1'000'000, .value = 0});
    std::vector<model::Firing> all;
    for (const model::StepOutcome& s : RunModel(c, steps, bug)) {
      all.insert(all.end(), s.firings.begin(), s.firings.end());
    }
    std::sort(all.begin(), all.end());
    return all;
  };
}

void CheckSessionPermutation(const SessionRunner& run) {
  const WindowConfig c = *GenWindowConfigOf(WindowKind::kSession);
  const std::vector<Step> steps = *GenElements(c);
  // A permutation: stable order of random sort keys.
  const std::vector<int> keys =
      *rc::gen::container<std::vector<int>>(steps.size(), rc::gen::inRange(0, 100));
  std::vector<size_t> order(steps.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  std::vector<Step> permuted;
  for (size_t i : order) permuted.push_back(steps[i]);

  const std::vector<model::Firing> in_order = run(c, steps);
  const std::vector<model::Firing> shuffled = run(c, permuted);
  if (in_order != shuffled) {
    NoteFailingCase(steps.size());
    const std::string name = "session_merging_is_order_independent";
    WriteCounterexample(name, OperatorScenario(name,
                                               "Sessions differ from those of the trace in "
                                               "another order (see the property's output)",
                                               c, permuted));
    std::ostringstream os;
    os << "sessions differ between arrival orders:";
    for (const auto& f : in_order) os << " " << f;
    os << "  vs ";
    for (const auto& f : shuffled) os << " " << f;
    RC_FAIL(os.str());
  }
}

RC_BOOST_PROP(session_merging_is_order_independent, ()) {
  CheckSessionPermutation(EngineFinalSessions);
}

// --- mutation tests ------------------------------------------------------------

BOOST_AUTO_TEST_CASE(tumbling_property_catches_an_extra_window) {
  ExpectCaught([] { CheckTumbling(AssignerBug::kExtraNeighbour); });
}

BOOST_AUTO_TEST_CASE(sliding_property_catches_a_missing_window) {
  ExpectCaught([] { CheckSliding(AssignerBug::kMissingLast); });
}

BOOST_AUTO_TEST_CASE(session_property_catches_order_dependent_merging) {
  ExpectCaught([] { CheckSessionPermutation(ModelRunner(model::ModelBug::kMergeFirstTouchOnly)); });
}

}  // namespace
}  // namespace tidemark::props
