// `--trace SOURCE=FILE` for explore and sweep: read a source from another
// trace file (e.g. one `tidemark gen` wrote) instead of the scenario's rows.
#ifndef TIDEMARK_APP_TRACE_OVERRIDE_H_
#define TIDEMARK_APP_TRACE_OVERRIDE_H_

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/scenario.h"

namespace tidemark::app {

inline void ApplyTraceOverrides(const std::vector<std::string>& overrides,
                                sim::ScenarioSpec& spec) {
  for (const std::string& item : overrides) {
    const size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    auto source = std::find_if(spec.sources.begin(), spec.sources.end(),
                               [&](const sim::SourceSpec& s) { return s.name == name; });
    if (eq == std::string::npos || source == spec.sources.end()) {
      std::vector<std::string> names;
      for (const sim::SourceSpec& s : spec.sources) names.push_back(s.name);
      throw engine::InputError({"--trace", 0, 0}, fmt::format("'{}' is not SOURCE=FILE", item),
                               engine::UnknownNameHint(name, names));
    }
    source->trace_path = item.substr(eq + 1);
    source->events.clear();
  }
}

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_TRACE_OVERRIDE_H_
