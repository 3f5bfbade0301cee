#include "reports/timeline/timeline_geometry.h"

namespace tidemark::reports {

int64_t TickStep(const Scale& scale, int max_ticks) {
  const auto span = static_cast<double>(scale.Span());
  const double most = static_cast<double>(std::max(1, max_ticks));
  // Bounded: the step grows tenfold per turn up to 10^18, whose 5 times is
  // more than half of any int64 span.
  for (int64_t step = 1;; step *= 10) {
    for (const int64_t times : {1, 2, 5}) {
      if (span / static_cast<double>(step * times) <= most) return step * times;
    }
    if (step == 1'000'000'000'000'000'000) return step * 5;
  }
}

std::vector<int64_t> Ticks(const Scale& scale, int max_ticks) {
  const int64_t step = TickStep(scale, max_ticks);
  std::vector<int64_t> ticks;
  // The first multiple of step at or above lo (division truncates toward zero).
  int64_t t = (scale.lo / step) * step;
  if (t < scale.lo && __builtin_add_overflow(t, step, &t)) return ticks;
  while (t <= scale.hi) {
    ticks.push_back(t);
    if (__builtin_add_overflow(t, step, &t)) break;
  }
  return ticks;
}

YPlace PlaceOf(engine::Timestamp t, const Scale& y) {
  if (t.is_min()) return YPlace::kMinusInf;
  if (t.is_max()) return YPlace::kPlusInf;
  if (t.millis() < y.lo) return YPlace::kBelow;
  if (t.millis() > y.hi) return YPlace::kAbove;
  return YPlace::kInside;
}

double LaneBox::Y(engine::Timestamp t, const Scale& y) const {
  switch (PlaceOf(t, y)) {
    case YPlace::kMinusInf: return minus_inf_y();
    case YPlace::kPlusInf: return plus_inf_y();
    case YPlace::kBelow: return plot_bottom();
    case YPlace::kAbove: return plot_top();
    case YPlace::kInside: break;
  }
  return plot_top() + (1 - y.Frac(t.millis())) * plot_height;
}

double LanePlotHeight(size_t lanes) {
  if (lanes <= 1) return 380;
  if (lanes == 2) return 220;
  if (lanes <= 4) return 150;
  return 110;
}

}  // namespace tidemark::reports
