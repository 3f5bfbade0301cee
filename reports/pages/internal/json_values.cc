#include "reports/pages/internal/json_values.h"

#include <cmath>
#include <string>

namespace tidemark::reports::internal {

nlohmann::json JsonValue(const engine::Value& v) {
  switch (engine::TypeOf(v)) {
    case engine::ValueType::kNull: return nullptr;
    case engine::ValueType::kBool: return std::get<bool>(v);
    case engine::ValueType::kInt: return std::get<int64_t>(v);
    case engine::ValueType::kDouble: {
      const double d = std::get<double>(v);
      // JSON has no NaN or infinity: they are written as the trace spells them.
      if (!std::isfinite(d)) return engine::FormatValue(v);
      return d;
    }
    case engine::ValueType::kString: return std::get<std::string>(v);
    case engine::ValueType::kList: return std::get<engine::StringList>(v);
  }
  return nullptr;
}

nlohmann::json JsonValues(const std::vector<engine::Value>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (const engine::Value& v : values) out.push_back(JsonValue(v));
  return out;
}

}  // namespace tidemark::reports::internal
