#include "property_tests/gen/window_gen.h"

#include <algorithm>

#include "engine/windows/session_windows.h"
#include "engine/windows/sliding_windows.h"
#include "engine/windows/tumbling_windows.h"

namespace tidemark::props {

using model::Step;
using model::WindowConfig;
using model::WindowKind;

namespace {

rc::Gen<int64_t> GenLength() {
  return rc::gen::oneOf(rc::gen::elementOf(std::vector<int64_t>{1, 2, 3, 5, 10, 100}),
                        rc::gen::inRange<int64_t>(1, 40));
}

rc::Gen<int64_t> GenOffset(int64_t bound) {  // |offset| < bound
  return rc::gen::oneOf(rc::gen::just<int64_t>(0), rc::gen::inRange<int64_t>(-bound + 1, bound));
}

rc::Gen<int64_t> GenLateness(int64_t unit) {
  return rc::gen::oneOf(rc::gen::just<int64_t>(0),
                        rc::gen::elementOf(std::vector<int64_t>{1, unit - 1, unit, 2 * unit}),
                        rc::gen::inRange<int64_t>(0, 3 * unit + 1));
}

}  // namespace

rc::Gen<WindowConfig> GenWindowConfigOf(WindowKind kind) {
  return rc::gen::exec([kind] {
    WindowConfig c;
    c.kind = kind;
    switch (kind) {
      case WindowKind::kTumbling:
        c.size_ms = *GenLength();
        c.offset_ms = *GenOffset(c.size_ms);
        break;
      case WindowKind::kSliding:
        c.slide_ms = *GenLength();
        // Mostly a multiple of the slide, sometimes anything (overlap or gaps).
        c.size_ms = *rc::gen::oneOf(rc::gen::map(rc::gen::inRange<int64_t>(1, 5),
                                                 [s = c.slide_ms](int64_t k) { return k * s; }),
                                    GenLength());
        c.offset_ms = *GenOffset(c.slide_ms);
        break;
      case WindowKind::kSession: c.gap_ms = *GenLength(); break;
    }
    const int64_t unit = kind == WindowKind::kSession ? c.gap_ms : c.size_ms;
    c.allowed_lateness_ms = *GenLateness(std::max<int64_t>(unit, 1));
    c.late_output = *rc::gen::arbitrary<bool>();
    return c;
  });
}

rc::Gen<WindowConfig> GenWindowConfig() {
  return rc::gen::mapcat(
      rc::gen::element(WindowKind::kTumbling, WindowKind::kSliding, WindowKind::kSession),
      [](WindowKind kind) { return GenWindowConfigOf(kind); });
}

rc::Gen<int64_t> GenEdgeTime(const WindowConfig& c) {
  const int64_t unit = c.kind == WindowKind::kSliding   ? c.slide_ms
                       : c.kind == WindowKind::kSession ? c.gap_ms
                                                        : c.size_ms;
  const int64_t size = c.kind == WindowKind::kSession ? c.gap_ms : c.size_ms;
  const int64_t al = c.allowed_lateness_ms;
  // start, start + 1, end - 1, end, end + 1, max timestamp + lateness (+1)
  const std::vector<int64_t> deltas = {0, 1, size - 1, size, size + 1, size - 1 + al, size + al};
  return rc::gen::oneOf(
      rc::gen::apply([c, unit](int64_t k, int64_t delta) { return c.offset_ms + k * unit + delta; },
                     rc::gen::inRange<int64_t>(-2, 5), rc::gen::elementOf(deltas)),
      rc::gen::inRange<int64_t>(-2 * unit, 5 * unit + 1));
}

namespace {

rc::Gen<Step> GenElement(const WindowConfig& c) {
  return rc::gen::apply(
      [](std::string key, int64_t t, int64_t v) {
        return Step{.kind = Step::Kind::kElement, .key = std::move(key), .time_ms = t, .value = v};
      },
      rc::gen::elementOf(std::vector<std::string>{"a", "b", "c"}), GenEdgeTime(c),
      rc::gen::inRange<int64_t>(1, 10));
}

rc::Gen<Step> GenWatermark(const WindowConfig& c) {
  return rc::gen::map(GenEdgeTime(c), [](int64_t t) {
    return Step{.kind = Step::Kind::kWatermark, .key = {}, .time_ms = t, .value = 0};
  });
}

}  // namespace

rc::Gen<std::vector<Step>> GenSteps(const WindowConfig& c) {
  return ShortList<Step>(rc::gen::weightedOneOf<Step>({{3, GenElement(c)}, {1, GenWatermark(c)}}));
}

rc::Gen<std::vector<Step>> GenElements(const WindowConfig& c) {
  return ShortList<Step>(GenElement(c));
}

std::unique_ptr<engine::WindowAssigner> MakeAssigner(const WindowConfig& c) {
  using engine::Duration;
  switch (c.kind) {
    case WindowKind::kTumbling:
      return std::make_unique<engine::TumblingWindows>(engine::TumblingWindowOptions{
          .size = Duration::Millis(c.size_ms), .offset = Duration::Millis(c.offset_ms)});
    case WindowKind::kSliding:
      return std::make_unique<engine::SlidingWindows>(
          engine::SlidingWindowOptions{.size = Duration::Millis(c.size_ms),
                                       .slide = Duration::Millis(c.slide_ms),
                                       .offset = Duration::Millis(c.offset_ms)});
    case WindowKind::kSession:
      return std::make_unique<engine::SessionWindows>(
          engine::SessionWindowOptions{.gap = Duration::Millis(c.gap_ms)});
  }
  return nullptr;
}

}  // namespace tidemark::props

namespace tidemark::props::model {

std::ostream& operator<<(std::ostream& os, const WindowConfig& c) {
  switch (c.kind) {
    case WindowKind::kTumbling:
      os << "tumbling size=" << c.size_ms << " offset=" << c.offset_ms;
      break;
    case WindowKind::kSliding:
      os << "sliding size=" << c.size_ms << " slide=" << c.slide_ms << " offset=" << c.offset_ms;
      break;
    case WindowKind::kSession: os << "session gap=" << c.gap_ms; break;
  }
  return os << " lateness=" << c.allowed_lateness_ms
            << (c.late_output ? " late_output" : " drop_late");
}

std::ostream& operator<<(std::ostream& os, const Step& s) {
  if (s.kind == Step::Kind::kWatermark) return os << "W(" << s.time_ms << ")";
  return os << "E(" << s.key << "," << s.value << "@" << s.time_ms << ")";
}

}  // namespace tidemark::props::model
