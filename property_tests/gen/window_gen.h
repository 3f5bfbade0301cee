// Generators for one window operator: window configurations and sequences of
// element / watermark steps (property_tests/model/window_model.h types).
//
// Times cluster on the edges that matter (§1.2): window starts, end - 1, end,
// max timestamp + allowed lateness, both signs, with duplicates at the same
// timestamp; watermarks land on the same edges. Keys come from {a, b, c}.
// Step lists hold at most 30 steps and shrink by dropping steps, then by
// moving times towards the first window, so failures read as a few lines.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_WINDOW_GEN_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_WINDOW_GEN_H_

#include <memory>
#include <ostream>
#include <vector>

#include <rapidcheck.h>

#include "engine/windows/window_assigner.h"
#include "property_tests/model/window_model.h"

namespace tidemark::props {

inline constexpr int kMaxSteps = 30;

// Lists of at most kMaxSteps elements. The length follows a size of
// kMaxSteps while the elements keep the full size: rc::gen::inRange and
// elementOf scale with size, and a plain resize would shrink their ranges too.
template <typename T>
rc::Gen<std::vector<T>> ShortList(rc::Gen<T> element) {
  return rc::gen::resize(
      kMaxSteps, rc::gen::container<std::vector<T>>(rc::gen::resize(100, std::move(element))));
}

// Any valid tumbling, sliding (slide may exceed size: gaps) or session config.
rc::Gen<model::WindowConfig> GenWindowConfig();
// Only `kind`.
rc::Gen<model::WindowConfig> GenWindowConfigOf(model::WindowKind kind);

// An event time near the config's window edges.
rc::Gen<int64_t> GenEdgeTime(const model::WindowConfig& config);
// Up to kMaxSteps element and watermark steps; watermarks need not increase
// (the consumer ignores those that do not).
rc::Gen<std::vector<model::Step>> GenSteps(const model::WindowConfig& config);
// Elements only, then nothing (for "once all records are in" properties).
rc::Gen<std::vector<model::Step>> GenElements(const model::WindowConfig& config);

// The engine assigner for a config (independent of the model: this is the
// system under test).
std::unique_ptr<engine::WindowAssigner> MakeAssigner(const model::WindowConfig& config);

}  // namespace tidemark::props

namespace tidemark::props::model {
std::ostream& operator<<(std::ostream& os, const WindowConfig& c);
std::ostream& operator<<(std::ostream& os, const Step& s);
}  // namespace tidemark::props::model

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_WINDOW_GEN_H_
