#include "property_tests/gen/run_views.h"

#include <rapidcheck.h>

namespace tidemark::props {

std::string ValuesText(const engine::Record& r) {
  std::string text = std::to_string(r.timestamp.millis()) + "[";
  for (size_t i = 0; i < r.values.size(); ++i) {
    text += (i ? "," : "") + std::string(engine::TypeName(engine::TypeOf(r.values[i]))) + ":" +
            engine::FormatValue(r.values[i]);
  }
  return text + "]";
}

std::string RecordText(const engine::Record& r) {
  const std::string id = r.id == engine::kNoRecordId ? "-" : std::to_string(r.id);
  return id + "@" + ValuesText(r);
}

const sim::SinkOutput* FindSink(const sim::RunResult& r, const std::string& name) {
  for (const sim::SinkOutput& s : r.sinks) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

void FailScenario(const std::string& property, const GeneratedScenario& s,
                  const std::string& problem) {
  NoteFailingCase(s.NumEvents());
  WriteCounterexample(property, ScenarioText(property, s));
  RC_FAIL(problem);
}

}  // namespace tidemark::props
