// Watermark combination at one input gate (§5.1): the
// engine's StatusWatermarkValve, fed random per-channel watermarks (also
// regressing and repeated ones) and IDLE/ACTIVE statuses, emits exactly what
// a naive scan-every-channel model of §5.1 emits (property_tests/model/
// valve_model.h), and its watermarks strictly increase and equal the minimum
// over the active, aligned channels at the moment they leave.
//
// Mutation tests wrap the valve's output (raise one watermark; repeat one)
// and show that the property notices with a small case.
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "engine/watermarks/status_watermark_valve.h"
#include "property_tests/gen/counterexample.h"
#include "property_tests/gen/window_gen.h"
#include "property_tests/model/valve_model.h"

namespace tidemark::props {
namespace {

using model::ValveEvent;

struct ValveInput {
  enum class Kind { kWatermark, kIdle, kActive };
  Kind kind = Kind::kWatermark;
  int channel = 0;
  int64_t watermark = 0;
};

std::ostream& operator<<(std::ostream& os, const ValveInput& in) {
  switch (in.kind) {
    case ValveInput::Kind::kWatermark:
      return os << "ch" << in.channel << ":W(" << in.watermark << ")";
    case ValveInput::Kind::kIdle: return os << "ch" << in.channel << ":IDLE";
    case ValveInput::Kind::kActive: return os << "ch" << in.channel << ":ACTIVE";
  }
  return os;
}

void showValue(const ValveInput& in, std::ostream& os) { os << in; }

rc::Gen<std::vector<ValveInput>> GenValveInputs(int channels) {
  const auto input = rc::gen::apply(
      [](ValveInput::Kind kind, int channel, int64_t w) {
        return ValveInput{kind, channel, w};
      },
      rc::gen::weightedElement<ValveInput::Kind>({{4, ValveInput::Kind::kWatermark},
                                                  {1, ValveInput::Kind::kIdle},
                                                  {1, ValveInput::Kind::kActive}}),
      rc::gen::inRange(0, channels), rc::gen::inRange<int64_t>(-5, 20));
  return ShortList<ValveInput>(input);
}

// How the test may tamper with the valve's output (the mutation tests).
enum class OutputBug { kNone, kRaiseOneWatermark, kRepeatOneWatermark };

class Recorder final : public engine::WatermarkEventOutput {
 public:
  explicit Recorder(OutputBug bug) : bug_(bug) {}
  void EmitWatermark(engine::Timestamp w) override {
    ++watermarks_;
    const int64_t ms = w.millis();
    if (bug_ == OutputBug::kRaiseOneWatermark && watermarks_ == 2) {
      events.push_back({ValveEvent::Kind::kWatermark, ms + 1});
      return;
    }
    events.push_back({ValveEvent::Kind::kWatermark, ms});
    if (bug_ == OutputBug::kRepeatOneWatermark && watermarks_ == 2) events.push_back(events.back());
  }
  void EmitWatermarkStatus(engine::WatermarkStatus s) override {
    events.push_back(
        {s == engine::WatermarkStatus::kIdle ? ValveEvent::Kind::kIdle : ValveEvent::Kind::kActive,
         0});
  }
  std::vector<ValveEvent> events;

 private:
  OutputBug bug_;
  int watermarks_ = 0;
};

std::string Show(const std::vector<ValveEvent>& events) {
  std::ostringstream os;
  for (const ValveEvent& e : events) os << e << " ";
  return os.str();
}

std::optional<std::string> ValveMismatch(int channels, const std::vector<ValveInput>& inputs,
                                         OutputBug bug) {
  engine::StatusWatermarkValve valve(channels);
  model::ValveModel model(channels);
  Recorder out(bug);
  int64_t last = INT64_MIN;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const ValveInput& in = inputs[i];
    const size_t before = out.events.size();
    std::vector<ValveEvent> expected;
    switch (in.kind) {
      case ValveInput::Kind::kWatermark:
        valve.InputWatermark(engine::Timestamp::Millis(in.watermark), in.channel, out);
        expected = model.Watermark(in.channel, in.watermark);
        break;
      case ValveInput::Kind::kIdle:
        valve.InputWatermarkStatus(engine::WatermarkStatus::kIdle, in.channel, out);
        expected = model.Status(in.channel, true);
        break;
      case ValveInput::Kind::kActive:
        valve.InputWatermarkStatus(engine::WatermarkStatus::kActive, in.channel, out);
        expected = model.Status(in.channel, false);
        break;
    }
    const std::vector<ValveEvent> actual(out.events.begin() + static_cast<ptrdiff_t>(before),
                                         out.events.end());
    std::ostringstream os;
    os << "input " << i << " " << in << ": ";
    if (actual != expected) {
      os << "model emits [" << Show(expected) << "], valve [" << Show(actual) << "]";
      return os.str();
    }
    for (const ValveEvent& e : actual) {
      if (e.kind != ValveEvent::Kind::kWatermark) continue;
      if (e.watermark <= last) {
        os << "watermark " << e.watermark << " after " << last << ": not increasing";
        return os.str();
      }
      last = e.watermark;
      // A watermark leaves only as the min of active aligned channels, or as
      // the flush when the last active channel goes idle.
      const auto min = model.MinOfActiveAligned();
      if (in.kind == ValveInput::Kind::kWatermark && min != e.watermark) {
        os << "emitted " << e.watermark << " but the active aligned minimum is "
           << (min ? std::to_string(*min) : "none");
        return os.str();
      }
    }
  }
  return std::nullopt;
}

void CheckValve(OutputBug bug) {
  const int channels = *rc::gen::inRange(1, 5);
  const std::vector<ValveInput> inputs = *GenValveInputs(channels);
  if (auto mismatch = ValveMismatch(channels, inputs, bug)) {
    NoteFailingCase(inputs.size());
    RC_FAIL(*mismatch);
  }
}

RC_BOOST_PROP(valve_output_is_min_of_active_aligned_channels, ()) { CheckValve(OutputBug::kNone); }

BOOST_AUTO_TEST_CASE(valve_property_catches_a_raised_watermark) {
  const MutationOutcome outcome = ExpectFailure([] { CheckValve(OutputBug::kRaiseOneWatermark); });
  BOOST_TEST_MESSAGE("shrunk to " << outcome.shrunk_size << " inputs: " << outcome.message);
  BOOST_TEST(outcome.failed);
  BOOST_TEST(outcome.shrunk_size < 10u);
}

BOOST_AUTO_TEST_CASE(valve_property_catches_a_repeated_watermark) {
  const MutationOutcome outcome = ExpectFailure([] { CheckValve(OutputBug::kRepeatOneWatermark); });
  BOOST_TEST_MESSAGE("shrunk to " << outcome.shrunk_size << " inputs: " << outcome.message);
  BOOST_TEST(outcome.failed);
  BOOST_TEST(outcome.shrunk_size < 10u);
}

}  // namespace
}  // namespace tidemark::props
