// Side-output tags: an id plus the type (schema) of the records it carries.
//
// As in Flink (§7.1-7.2), a tag's identity is its id; an
// empty id is rejected, and one operator may not emit the same id with two
// different types. Records sent to a tag nobody consumes are discarded
// silently (§7.3) — tidemark counts them in the ledger instead.
#ifndef TIDEMARK_ENGINE_OUTPUT_TAG_H_
#define TIDEMARK_ENGINE_OUTPUT_TAG_H_

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/schema.h"

namespace tidemark::engine {

struct OutputTag {
  std::string id;
  Schema schema;
};

// Flink's message for an invalid id, or nullopt when the id is acceptable.
std::optional<std::string> CheckTagId(std::string_view id);

// Flink's message when `existing` and `requested` share an id but not a type
// (SingleOutputStreamOperator.getSideOutput), or nullopt when they agree.
std::optional<std::string> CheckSameTagType(const OutputTag& existing, const OutputTag& requested);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_OUTPUT_TAG_H_
