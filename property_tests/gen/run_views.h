// Views of run results for the scenario-level properties: records as
// comparable text, the sinks of a run by name, and a check that a property
// failure writes its scenario and notes its size.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_RUN_VIEWS_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_RUN_VIEWS_H_

#include <string>
#include <vector>

#include "property_tests/gen/scenario_gen.h"
#include "sim/runtime/runtime.h"

namespace tidemark::props {

// "id@ts[v1,v2,...]" with values printed exactly (FormatValue).
std::string RecordText(const engine::Record& r);
// The same without the id (window results have none anyway).
std::string ValuesText(const engine::Record& r);

// The sink called `name`, or nullptr.
const sim::SinkOutput* FindSink(const sim::RunResult& r, const std::string& name);

// Notes the case size, writes the scenario as <property>.yaml/.csv and fails
// (throws RapidCheck's failure).
void FailScenario(const std::string& property, const GeneratedScenario& s,
                  const std::string& problem);

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_RUN_VIEWS_H_
