// Short spellings of times for the engine's tests, which write many of them:
// T(1000) is the timestamp at 1000 ms and Ms(500) a duration of 500 ms.
#ifndef TIDEMARK_ENGINE_TIME_TEST_UTIL_H_
#define TIDEMARK_ENGINE_TIME_TEST_UTIL_H_

#include <cstdint>

#include "engine/core/time.h"

namespace tidemark::engine::testing {

inline Timestamp T(int64_t ms) { return Timestamp::Millis(ms); }
inline Duration Ms(int64_t ms) { return Duration::Millis(ms); }

}  // namespace tidemark::engine::testing

#endif  // TIDEMARK_ENGINE_TIME_TEST_UTIL_H_
