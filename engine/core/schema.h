// A Schema is the ordered, typed field list of a stream's records.
//
// Field names are resolved to indices once, when a job is built
// (IndexOf/Require); records then hold values positionally, so no per-record
// lookup by name ever happens.
#ifndef TIDEMARK_ENGINE_SCHEMA_H_
#define TIDEMARK_ENGINE_SCHEMA_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/value.h"

namespace tidemark::engine {

struct Field {
  std::string name;
  ValueType type = ValueType::kNull;
  bool operator==(const Field&) const = default;
};

class Schema {
 public:
  Schema() = default;
  explicit Schema(std::vector<Field> fields) : fields_(std::move(fields)) {}

  size_t size() const { return fields_.size(); }
  const Field& field(size_t i) const { return fields_[i]; }
  const std::vector<Field>& fields() const { return fields_; }
  std::vector<std::string> names() const;

  std::optional<size_t> IndexOf(std::string_view name) const;

  // "{sensor_id: string, ts: int}" — how errors and docs show a schema.
  std::string ToString() const;

  bool operator==(const Schema&) const = default;

 private:
  std::vector<Field> fields_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_SCHEMA_H_
