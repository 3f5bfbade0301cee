#include "engine/core/schema.h"

#include <fmt/format.h>

namespace tidemark::engine {

std::vector<std::string> Schema::names() const {
  std::vector<std::string> out;
  out.reserve(fields_.size());
  for (const Field& f : fields_) out.push_back(f.name);
  return out;
}

std::optional<size_t> Schema::IndexOf(std::string_view name) const {
  for (size_t i = 0; i < fields_.size(); ++i) {
    if (fields_[i].name == name) return i;
  }
  return std::nullopt;
}

std::string Schema::ToString() const {
  std::string out = "{";
  for (size_t i = 0; i < fields_.size(); ++i) {
    if (i > 0) out += ", ";
    out += fmt::format("{}: {}", fields_[i].name, TypeName(fields_[i].type));
  }
  return out + "}";
}

}  // namespace tidemark::engine
