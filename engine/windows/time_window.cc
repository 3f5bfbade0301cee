#include "engine/windows/time_window.h"

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::engine {

std::string TimeWindow::ToString() const {
  if (is_global()) return "GlobalWindow";
  return fmt::format("[{}, {})", start_.millis(), end_.millis());
}

Timestamp WindowStartWithOffset(Timestamp ts, Duration offset, Duration size) {
  TIDEMARK_CHECK(size.millis() > 0);
  // C++ and Java agree: % truncates toward zero, the remainder has the
  // dividend's sign. ts - offset wraps like Java.
  const int64_t remainder = (ts - offset).millis() % size.millis();
  if (remainder < 0) return ts - Duration::Millis(remainder + size.millis());
  return ts - Duration::Millis(remainder);
}

}  // namespace tidemark::engine
