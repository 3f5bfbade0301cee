#include "reports/timeline/timeline_geometry.h"

namespace tidemark::reports {

int64_t TickStep(const Scale& scale, int max_ticks) {
  const double span = static_cast<double>(scale.hi - scale.lo);
  const double most = static_cast<double>(std::max(1, max_ticks));
  int64_t step = 1;
  // Bounded: step grows tenfold per turn and an int64 span needs at most 19.
  for (int turn = 0; turn < 19 && span / static_cast<double>(step) > most; ++turn) {
    if (span / static_cast<double>(step * 2) <= most) return step * 2;
    if (span / static_cast<double>(step * 5) <= most) return step * 5;
    step *= 10;
  }
  return step;
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
