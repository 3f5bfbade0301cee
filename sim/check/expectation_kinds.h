// The registry of expectation kinds (expectation.h): the keys the scenario
// loader takes besides the job's own come from here. A new kind is one file
// in kinds/ and one line in expectation_kinds.cc.
#ifndef TIDEMARK_SIM_CHECK_EXPECTATION_KINDS_H_
#define TIDEMARK_SIM_CHECK_EXPECTATION_KINDS_H_

#include <memory>
#include <vector>

#include "sim/check/expectation.h"
#include "sim/scenario/expectation_syntax.h"

namespace tidemark::sim {

// Every kind, in the order checks report and rewrite them.
const std::vector<const ExpectationKind*>& ExpectationKinds();

// The same kinds as the scenario loader takes them (LoadScenario).
ExpectationSyntaxes ExpectationKeys();

// Binds every block the loader read (a scenario's `expectations`) to `plan`,
// in the kinds' order (each kind's blocks in file order). Throws
// engine::InputError with every binding error at once.
std::vector<std::shared_ptr<const Expectation>> BindExpectations(
    const std::vector<std::shared_ptr<const ParsedExpectation>>& parsed, const JobPlan& plan);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_EXPECTATION_KINDS_H_
