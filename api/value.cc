#include "tidemark/value.h"

#include <string>

#include "engine/core/value.h"
#include "tidemark/tidemark.h"

namespace tidemark {

std::string Timestamp::ToString() const {
  if (is_min()) return "-inf";
  if (is_max()) return "+inf";
  return std::to_string(ms_);
}

std::string_view TypeName(Type type) {
  return engine::TypeName(static_cast<engine::ValueType>(type));
}

std::string FormatValue(const Value& value) { return engine::FormatValue(value); }

std::string_view Version() { return TIDEMARK_VERSION; }

}  // namespace tidemark
