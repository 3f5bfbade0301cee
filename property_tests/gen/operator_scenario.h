// OperatorScenario: a window config and element/watermark steps written as a
// scenario `tidemark run` replays at ONE window operator: a parallelism-1
// source with no generated watermarks reads a CSV trace whose watermark rows
// are the steps' watermarks (§4.5: only explicit
// watermarks reach the operator), keyed by `k`, counted and summed.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_OPERATOR_SCENARIO_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_OPERATOR_SCENARIO_H_

#include <string>
#include <vector>

#include "property_tests/gen/counterexample.h"
#include "property_tests/model/window_model.h"

namespace tidemark::props {

// The `window:` mapping of a scenario, e.g. "{tumbling: 10, offset: 3}".
std::string WindowYaml(const model::WindowConfig& config, const std::string& late_tag);

// `name` names the scenario and its trace file (<name>.csv).
ScenarioFiles OperatorScenario(const std::string& name, const std::string& description,
                               const model::WindowConfig& config,
                               const std::vector<model::Step>& steps);

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_OPERATOR_SCENARIO_H_
