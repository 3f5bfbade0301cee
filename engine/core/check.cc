#include "engine/core/check.h"

#include <cstdio>
#include <cstdlib>

namespace tidemark::engine::internal {

void CheckFailed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: internal error: check failed: %s\n", file, line, condition);
  std::abort();
}

}  // namespace tidemark::engine::internal
