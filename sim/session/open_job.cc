#include "sim/session/open_job.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {

namespace {

// Points each overridden source at its file, in place of its trace or rows.
void ApplyTraceOverrides(const std::vector<std::string>& overrides, ScenarioSpec& spec) {
  for (const std::string& item : overrides) {
    const size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    auto source = std::find_if(spec.sources.begin(), spec.sources.end(),
                               [&](const SourceSpec& s) { return s.name == name; });
    if (eq == std::string::npos || source == spec.sources.end()) {
      std::vector<std::string> names;
      for (const SourceSpec& s : spec.sources) names.push_back(s.name);
      throw engine::InputError({"--trace", 0, 0}, fmt::format("'{}' is not SOURCE=FILE", item),
                               engine::UnknownNameHint(name, names));
    }
    source->trace_path = item.substr(eq + 1);
    source->events.clear();
  }
}

JobPlan Planned(ScenarioSpec spec, const OpenOptions& options) {
  ApplyTraceOverrides(options.traces, spec);
  return BindScenario(std::move(spec));
}

}  // namespace

JobPlan OpenJob(const std::string& file, const OpenOptions& options) {
  return Planned(LoadScenarioSpec(file, options.paths), options);
}

JobPlan OpenJobText(const std::string& text, const std::string& file, const std::string& folder,
                    const OpenOptions& options) {
  return Planned(ParseScenarioSpec(text, file, folder, options.paths), options);
}

}  // namespace tidemark::sim
