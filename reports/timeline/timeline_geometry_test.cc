#include "reports/timeline/timeline_geometry.h"

#include <algorithm>

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

using engine::Timestamp;

BOOST_AUTO_TEST_SUITE(timeline_geometry)

// -inf ("no watermark yet") sits in the gutter under the plot; a value merely
// below the range on the plot's floor: two different heights, so the picture
// never confuses them. The same for +inf and above the range.
BOOST_AUTO_TEST_CASE(minus_inf_and_below_the_range_are_drawn_apart) {
  const Scale y{.lo = 0, .hi = 20000};
  const LaneBox box{.top = 100, .plot_height = 200};
  BOOST_TEST((PlaceOf(Timestamp::Min(), y) == YPlace::kMinusInf));
  BOOST_TEST((PlaceOf(Timestamp::Millis(-1001), y) == YPlace::kBelow));
  BOOST_TEST((PlaceOf(Timestamp::Millis(0), y) == YPlace::kInside));
  BOOST_TEST((PlaceOf(Timestamp::Millis(20001), y) == YPlace::kAbove));
  BOOST_TEST((PlaceOf(Timestamp::Max(), y) == YPlace::kPlusInf));
  const double floor = box.plot_bottom(), ceiling = box.plot_top();
  BOOST_TEST(box.Y(Timestamp::Millis(-1001), y) == floor);
  BOOST_TEST(box.Y(Timestamp::Min(), y) == floor + kGutter / 2);
  BOOST_TEST(box.Y(Timestamp::Millis(0), y) == floor);  // the bottom of the range is the floor
  BOOST_TEST(box.Y(Timestamp::Millis(20001), y) == ceiling);
  BOOST_TEST(box.Y(Timestamp::Max(), y) == ceiling - kGutter / 2);
  BOOST_TEST(box.Y(Timestamp::Millis(10000), y) == (floor + ceiling) / 2);
  // The gutters lie outside the plot and inside the lane.
  BOOST_TEST(box.Y(Timestamp::Min(), y) < box.bottom());
  BOOST_TEST(box.Y(Timestamp::Max(), y) > box.top + kLaneHeader);
}

BOOST_AUTO_TEST_CASE(processing_time_outside_the_range_is_clamped_to_its_edges) {
  const XAxis x{.scale = {.lo = 1000, .hi = 2000}};
  BOOST_TEST(x.X(500) == kPlotLeft);
  BOOST_TEST(x.X(1000) == kPlotLeft);
  BOOST_TEST(x.X(1500) == kPlotLeft + kPlotWidth / 2);
  BOOST_TEST(x.X(9000) == kPlotLeft + kPlotWidth);
}

// 1, 2 or 5 times a power of ten, at most the ticks asked for.
BOOST_AUTO_TEST_CASE(tick_steps_are_round_and_few_enough) {
  BOOST_TEST(TickStep({.lo = 0, .hi = 10000}, 10) == 1000);
  BOOST_TEST(TickStep({.lo = 0, .hi = 10000}, 4) == 5000);
  BOOST_TEST(TickStep({.lo = -800, .hi = 20800}, 8) == 5000);
  BOOST_TEST(TickStep({.lo = 0, .hi = 7}, 8) == 1);
  BOOST_TEST(TickStep({.lo = 0, .hi = INT64_MAX / 2}, 8) > 0);
}

// A scale over all of int64 (a row at -2^63 + 1 once hung `report`: the tick
// loop wrapped past INT64_MAX and started again): ticks stop at the end.
// Over [0, 10000] with 10 ticks: every 1000 from 0 to 10000, 11 of them.
BOOST_AUTO_TEST_CASE(ticks_stop_at_the_ends_of_int64) {
  const std::vector<int64_t> round = Ticks({.lo = 0, .hi = 10000}, 10);
  BOOST_TEST(round.size() == 11u);
  BOOST_TEST(round.back() == 10000);
  Scale all{.lo = INT64_MIN + 1, .hi = INT64_MAX - 1};
  all.Pad();
  BOOST_TEST(all.lo == INT64_MIN);
  BOOST_TEST(all.hi == INT64_MAX);
  const std::vector<int64_t> ticks = Ticks(all, 8);
  BOOST_TEST(!ticks.empty());
  BOOST_TEST(ticks.size() <= 9u);
  BOOST_TEST(std::is_sorted(ticks.begin(), ticks.end()));
  BOOST_TEST(all.Frac(INT64_MAX) == 1.0);
  BOOST_TEST(all.Frac(INT64_MIN) == 0.0);
}

BOOST_AUTO_TEST_CASE(fewer_lanes_are_taller) {
  BOOST_TEST(LanePlotHeight(1) > LanePlotHeight(2));
  BOOST_TEST(LanePlotHeight(2) > LanePlotHeight(4));
  BOOST_TEST(LanePlotHeight(4) >= LanePlotHeight(8));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
