#include "sim/planner/job_source.h"

#include <fmt/format.h>

#include "sim/scenario/yaml_text.h"

namespace tidemark::sim {

std::string FailureText(const FailurePoint& point) {
  if (point.kind == FailurePoint::Kind::kAt) {
    return fmt::format("{{at: {}ms, task: {}}}", point.at.millis(),
                       YamlScalar(engine::Value(fmt::format("{}/{}", point.task, point.subtask))));
  }
  return fmt::format("{{sink: {}, on_record: {}}}", YamlScalar(engine::Value(point.sink)),
                     point.count);
}

}  // namespace tidemark::sim
