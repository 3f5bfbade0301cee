// TimeWindow: a half-open event- or processing-time interval [start, end), or
// the single global window.
//
// One type represents both so that timers, state and results need no second
// window type. The global window is a distinct kind (not an interval whose
// bounds happen to be extreme): Flink's GlobalWindow has max timestamp
// Long.MAX_VALUE, and [Min, Max+1) is not representable. For it start() is Min
// and end() is Max; reports print those bounds.
//
// Arithmetic wraps like Java longs: a tumbling window near Timestamp::Max() may
// have end < start, and max_timestamp() = end - 1 wraps back, exactly as in
// Flink (§3.1, test vector W-OVERFLOW).
//
// Ordering (used for timer ties and state iteration): time windows before the
// global window, then by start, then by end.
#ifndef TIDEMARK_ENGINE_TIME_WINDOW_H_
#define TIDEMARK_ENGINE_TIME_WINDOW_H_

#include <compare>
#include <cstdint>
#include <string>

#include "engine/core/time.h"

namespace tidemark::engine {

class TimeWindow {
 public:
  enum class Kind : uint8_t { kTime = 0, kGlobal = 1 };

  constexpr TimeWindow() = default;
  constexpr TimeWindow(Timestamp start, Timestamp end) : start_(start), end_(end) {}
  static constexpr TimeWindow Global() {
    TimeWindow w(Timestamp::Min(), Timestamp::Max());
    w.kind_ = Kind::kGlobal;
    return w;
  }

  constexpr Timestamp start() const { return start_; }
  constexpr Timestamp end() const { return end_; }
  constexpr bool is_global() const { return kind_ == Kind::kGlobal; }

  // Flink's maxTimestamp(): end - 1 (wrapping) for a time window, Max for the
  // global window. Results are emitted with this timestamp.
  constexpr Timestamp max_timestamp() const {
    return is_global() ? Timestamp::Max() : end_ - Duration::Millis(1);
  }

  // Flink's intersects(): windows that merely touch ([0,3) and [3,6)) intersect.
  constexpr bool Intersects(const TimeWindow& o) const {
    return start_ <= o.end_ && end_ >= o.start_;
  }
  // The smallest window spanning both: [min(starts), max(ends)).
  constexpr TimeWindow Cover(const TimeWindow& o) const {
    return TimeWindow(start_ < o.start_ ? start_ : o.start_, end_ > o.end_ ? end_ : o.end_);
  }

  constexpr bool operator==(const TimeWindow&) const = default;
  constexpr std::strong_ordering operator<=>(const TimeWindow& o) const {
    if (auto c = kind_ <=> o.kind_; c != 0) return c;
    if (auto c = start_ <=> o.start_; c != 0) return c;
    return end_ <=> o.end_;
  }

  // "[0, 10000)" or "GlobalWindow", as narration and errors print a window.
  std::string ToString() const;

 private:
  Timestamp start_;
  Timestamp end_;
  Kind kind_ = Kind::kTime;
};

// Flink's TimeWindow.getWindowStartWithOffset: the largest start <= ts with
// start = offset (mod size). Correct for negative timestamps (the Java
// remainder takes the dividend's sign and is corrected). REQUIRES: size > 0.
Timestamp WindowStartWithOffset(Timestamp ts, Duration offset, Duration size);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_TIME_WINDOW_H_
