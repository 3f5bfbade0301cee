// Always-on assertions for programmer errors. No input may reach one: bad
// input is validated at the boundary and reported as an InputError.
#ifndef TIDEMARK_ENGINE_CHECK_H_
#define TIDEMARK_ENGINE_CHECK_H_

namespace tidemark::engine::internal {
[[noreturn]] void CheckFailed(const char* condition, const char* file, int line);
}  // namespace tidemark::engine::internal

#define TIDEMARK_CHECK(condition)                                                \
  do {                                                                           \
    if (!(condition)) {                                                          \
      ::tidemark::engine::internal::CheckFailed(#condition, __FILE__, __LINE__); \
    }                                                                            \
  } while (false)

#endif  // TIDEMARK_ENGINE_CHECK_H_
