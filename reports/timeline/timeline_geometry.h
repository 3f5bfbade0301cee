// Where things go in the report's timeline: processing time on x across the
// whole picture, and per lane event time on y between two gutter rows — +inf
// above the lane's plot and -inf below it — so that a watermark that is
// merely below (or above) the plotted range, drawn on the plot's floor (or
// ceiling) with an arrow, never looks like -inf ("no watermark yet").
//
// Every coordinate is a pure function of the scales and the lane's top, and
// is printed with one decimal, so the same run gives the same bytes.
#ifndef TIDEMARK_REPORTS_TIMELINE_GEOMETRY_H_
#define TIDEMARK_REPORTS_TIMELINE_GEOMETRY_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/core/time.h"

namespace tidemark::reports {

inline constexpr double kTimelineWidth = 1200;
inline constexpr double kPlotLeft = 90, kPlotRight = 30;
inline constexpr double kPlotWidth = kTimelineWidth - kPlotLeft - kPlotRight;
inline constexpr double kLaneHeader = 20;  // the lane's label
inline constexpr double kGutter = 16;      // the +inf row above a lane, the -inf row below

// A range of milliseconds mapped onto [0, 1].
struct Scale {
  int64_t lo = 0, hi = 1;
  void Include(int64_t v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  // Widens by 4% on each side so that marks on the edges stay visible,
  // stopping at the ends of int64 (a row at -2^63 + 1 is a time too).
  void Pad() {
    const auto pad = static_cast<int64_t>(std::max<uint64_t>(1, Span() / 25));
    lo = lo < std::numeric_limits<int64_t>::min() + pad ? std::numeric_limits<int64_t>::min()
                                                        : lo - pad;
    hi = hi > std::numeric_limits<int64_t>::max() - pad ? std::numeric_limits<int64_t>::max()
                                                        : hi + pad;
  }
  // hi - lo without overflow: a scale may span all of int64.
  uint64_t Span() const { return static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo); }
  // Below 0 before lo, above 1 past hi; in doubles, which hold any int64
  // difference (exactly below 2^53, as every shipped scenario's).
  double Frac(int64_t v) const {
    return (static_cast<double>(v) - static_cast<double>(lo)) /
           static_cast<double>(std::max<uint64_t>(1, Span()));
  }
  bool Contains(int64_t v) const { return lo <= v && v <= hi; }
};

// 1, 2 or 5 times a power of ten, giving at most `max_ticks` ticks over the scale.
int64_t TickStep(const Scale& scale, int max_ticks);

// The multiples of TickStep(scale, max_ticks) within [lo, hi], in order:
// never more than max_ticks + 1, and no step past the ends of int64.
std::vector<int64_t> Ticks(const Scale& scale, int max_ticks);

// Processing time: x, clamped to the plot, so a step or band that starts
// before the range drawn starts at its left edge.
struct XAxis {
  Scale scale;
  double X(int64_t t) const { return kPlotLeft + std::clamp(scale.Frac(t), 0.0, 1.0) * kPlotWidth; }
};

// Where a time lands on a lane's y axis.
enum class YPlace { kMinusInf, kBelow, kInside, kAbove, kPlusInf };

YPlace PlaceOf(engine::Timestamp t, const Scale& y);

// One lane: its label row at `top`, then the +inf gutter, the plot of
// `plot_height` and the -inf gutter.
struct LaneBox {
  double top = 0;
  double plot_height = 0;

  double plot_top() const { return top + kLaneHeader + kGutter; }
  double plot_bottom() const { return plot_top() + plot_height; }
  double bottom() const { return plot_bottom() + kGutter; }
  double plus_inf_y() const { return plot_top() - kGutter / 2; }
  double minus_inf_y() const { return plot_bottom() + kGutter / 2; }
  // -inf and +inf in their gutters; below and above the range on the floor
  // and ceiling; the rest in between, event time up.
  double Y(engine::Timestamp t, const Scale& y) const;
};

// The plot height of each of `lanes` lanes: fewer lanes, taller ones.
double LanePlotHeight(size_t lanes);

// The scales and the lanes' boxes, top to bottom: all the drawing needs.
struct TimelineFrame {
  XAxis x;
  Scale y;  // event time, shared by every lane so that lanes compare
  std::vector<LaneBox> lanes;
};

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_GEOMETRY_H_
