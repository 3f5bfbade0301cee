#include "sim/trace/null_key.h"

#include <fmt/format.h>

namespace tidemark::sim {

std::string NullKeyMessage(std::string_view field, std::string_view keyed_stream) {
  return fmt::format(
      "key field '{}' is empty: stream '{}' keys by it, and Flink refuses a null key "
      "(KeyGroupRangeAssignment.assignToKeyGroup: \"Assigned key must not be null!\")",
      field, keyed_stream);
}

std::string NullKeyHint(bool dead_letter) {
  if (dead_letter) return "fill the cell, or filter such rows out before the key_by";
  return "fill the cell, filter such rows out before the key_by, or give the source a "
         "'dead_letter' tag to route them there";
}

}  // namespace tidemark::sim
