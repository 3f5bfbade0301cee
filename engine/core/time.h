// Event and processing time as strong types over int64 milliseconds.
//
// Flink's time values are Java longs whose arithmetic wraps (two's complement);
// the plain operators here wrap the same way (computed in unsigned arithmetic, so
// no undefined behaviour). Where Flink saturates (cleanup time), callers use
// SaturatingAdd. Timestamp::Min() is Flink's Long.MIN_VALUE: "no watermark yet"
// and "no timestamp"; Timestamp::Max() is the end-of-input watermark.
#ifndef TIDEMARK_ENGINE_TIME_H_
#define TIDEMARK_ENGINE_TIME_H_

#include <compare>
#include <cstdint>
#include <limits>
#include <string>

namespace tidemark::engine {

namespace internal {
constexpr int64_t WrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
constexpr int64_t WrappingSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
}  // namespace internal

// A span of time in milliseconds. May be negative only where Flink allows it
// (window offsets).
class Duration {
 public:
  constexpr Duration() = default;
  static constexpr Duration Millis(int64_t ms) { return Duration(ms); }
  static constexpr Duration Seconds(int64_t s) { return Duration(s * 1000); }
  static constexpr Duration Zero() { return Duration(0); }

  constexpr int64_t millis() const { return ms_; }
  constexpr auto operator<=>(const Duration&) const = default;

  constexpr Duration operator+(Duration o) const {
    return Duration(internal::WrappingAdd(ms_, o.ms_));
  }
  constexpr Duration operator-(Duration o) const {
    return Duration(internal::WrappingSub(ms_, o.ms_));
  }

 private:
  constexpr explicit Duration(int64_t ms) : ms_(ms) {}
  int64_t ms_ = 0;
};

// A point in event time or processing time, in milliseconds.
class Timestamp {
 public:
  constexpr Timestamp() = default;
  static constexpr Timestamp Millis(int64_t ms) { return Timestamp(ms); }
  static constexpr Timestamp Min() { return Timestamp(std::numeric_limits<int64_t>::min()); }
  static constexpr Timestamp Max() { return Timestamp(std::numeric_limits<int64_t>::max()); }

  constexpr int64_t millis() const { return ms_; }
  constexpr bool is_min() const { return *this == Min(); }
  constexpr bool is_max() const { return *this == Max(); }
  constexpr auto operator<=>(const Timestamp&) const = default;

  // Wrapping arithmetic, as Java long arithmetic in Flink.
  constexpr Timestamp operator+(Duration d) const {
    return Timestamp(internal::WrappingAdd(ms_, d.millis()));
  }
  constexpr Timestamp operator-(Duration d) const {
    return Timestamp(internal::WrappingSub(ms_, d.millis()));
  }
  constexpr Duration operator-(Timestamp o) const {
    return Duration::Millis(internal::WrappingSub(ms_, o.ms_));
  }

 private:
  constexpr explicit Timestamp(int64_t ms) : ms_(ms) {}
  int64_t ms_ = 0;
};

// t + d, clamped to [Min, Max] instead of wrapping.
constexpr Timestamp SaturatingAdd(Timestamp t, Duration d) {
  const int64_t a = t.millis();
  const int64_t b = d.millis();
  if (b > 0 && a > std::numeric_limits<int64_t>::max() - b) return Timestamp::Max();
  if (b < 0 && a < std::numeric_limits<int64_t>::min() - b) return Timestamp::Min();
  return Timestamp::Millis(a + b);
}

// "123", "-inf" for Min and "+inf" for Max, as reports and narration print times.
std::string FormatTimestamp(Timestamp t);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_TIME_H_
