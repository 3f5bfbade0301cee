// OperatorDriver: runs element/watermark steps through the engine's
// WindowOperator (the system under test) and reports each step in the
// reference model's terms, so the two can be compared step by step.
//
// Input records are {k: string, v: int} keyed by k, aggregated as count() and
// sum(v). Watermarks that do not increase are skipped, as the valve would
// never forward them; results of one step are sorted (a multiset).
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_OPERATOR_DRIVER_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_OPERATOR_DRIVER_H_

#include <cstdint>
#include <vector>

#include "engine/windows/window_operator.h"
#include "property_tests/model/window_model.h"

namespace tidemark::props {

struct EngineStep {
  model::StepOutcome outcome;
  bool late_record_emitted = false;  // the element left on the late side output
};

struct EngineRun {
  std::vector<EngineStep> steps;
  uint64_t late_dropped = 0;  // numLateRecordsDropped at the end
};

EngineRun RunOperator(const model::WindowConfig& config, const std::vector<model::Step>& steps);

// The model's outcome for every step.
std::vector<model::StepOutcome> RunModel(const model::WindowConfig& config,
                                         const std::vector<model::Step>& steps,
                                         model::ModelBug bug = model::ModelBug::kNone);

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_OPERATOR_DRIVER_H_
