#include "engine/core/time.h"

#include <fmt/format.h>

namespace tidemark::engine {

std::string FormatTimestamp(Timestamp t) {
  if (t.is_min()) return "-inf";
  if (t.is_max()) return "+inf";
  return fmt::format("{}", t.millis());
}

}  // namespace tidemark::engine
