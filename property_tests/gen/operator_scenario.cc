#include "property_tests/gen/operator_scenario.h"

#include <fmt/format.h>

namespace tidemark::props {

using model::WindowKind;

std::string WindowYaml(const model::WindowConfig& c, const std::string& late_tag) {
  std::string kind;
  switch (c.kind) {
    case WindowKind::kTumbling:
      kind = fmt::format("tumbling: {}, offset: {}", c.size_ms, c.offset_ms);
      break;
    case WindowKind::kSliding:
      kind = fmt::format("sliding: {{size: {}, slide: {}}}, offset: {}", c.size_ms, c.slide_ms,
                         c.offset_ms);
      break;
    case WindowKind::kSession: kind = fmt::format("session: {{gap: {}}}", c.gap_ms); break;
  }
  std::string late = c.late_output ? fmt::format(", late_output: {}", late_tag) : "";
  return fmt::format("{{{}, allowed_lateness: {}{}}}", kind, c.allowed_lateness_ms, late);
}

ScenarioFiles OperatorScenario(const std::string& name, const std::string& description,
                               const model::WindowConfig& config,
                               const std::vector<model::Step>& steps) {
  std::string yaml = fmt::format(
      "name: {0}\n"
      "description: |\n"
      "  {1}\n"
      "  One window operator at parallelism 1; watermarks only from the @kind\n"
      "  watermark rows of {0}.csv, then +inf at the end of the input.\n"
      "seed: 1\n"
      "sources:\n"
      "  events:\n"
      "    trace: {0}.csv\n"
      "    schema: {{k: string, ts: int, v: int}}\n"
      "    event_time: ts\n"
      "    watermarks: {{strategy: none}}\n"
      "streams:\n"
      "  windows:\n"
      "    from: events\n"
      "    key_by: k\n"
      "    window: {2}\n"
      "    aggregate: {{n: count(), total: sum(v)}}\n",
      name, description, WindowYaml(config, "late"));
  if (config.late_output) {
    yaml += "  late_events:\n    from: windows\n    side_output: late\n";
    yaml += "sinks: {windows: {}, late_events: {}}\n";
  } else {
    yaml += "sinks: {windows: {}}\n";
  }
  std::string csv = "k,ts,v,@kind\n";
  for (const model::Step& s : steps) {
    if (s.kind == model::Step::Kind::kWatermark) {
      csv += fmt::format(",{},,watermark\n", s.time_ms);
    } else {
      csv += fmt::format("{},{},{},event\n", s.key, s.time_ms, s.value);
    }
  }
  return {.yaml = std::move(yaml), .companions = {{name + ".csv", std::move(csv)}}};
}

}  // namespace tidemark::props
