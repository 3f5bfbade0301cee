#include "engine/core/output_tag.h"

#include <fmt/format.h>

namespace tidemark::engine {

std::optional<std::string> CheckTagId(std::string_view id) {
  // CORE/util/OutputTag.java rejects an empty id.
  if (id.empty()) return "OutputTag id must not be empty.";
  return std::nullopt;
}

std::optional<std::string> CheckSameTagType(const OutputTag& existing, const OutputTag& requested) {
  if (existing.id != requested.id || existing.schema == requested.schema) return std::nullopt;
  // SJ/api/datastream/SingleOutputStreamOperator.java, getSideOutput.
  return fmt::format(
      "A side output with a matching id was already requested with a different type. This is "
      "not allowed, side output ids need to be unique. (tag '{}' is {} here and {} before)",
      requested.id, requested.schema.ToString(), existing.schema.ToString());
}

}  // namespace tidemark::engine
