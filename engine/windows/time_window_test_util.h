// W(start, end): the window [start, end) in milliseconds, for the window tests.
#ifndef TIDEMARK_ENGINE_TIME_WINDOW_TEST_UTIL_H_
#define TIDEMARK_ENGINE_TIME_WINDOW_TEST_UTIL_H_

#include <cstdint>

#include "engine/windows/time_window.h"

namespace tidemark::engine::testing {

inline TimeWindow W(int64_t start_ms, int64_t end_ms) {
  return TimeWindow(Timestamp::Millis(start_ms), Timestamp::Millis(end_ms));
}

}  // namespace tidemark::engine::testing

#endif  // TIDEMARK_ENGINE_TIME_WINDOW_TEST_UTIL_H_
