#include "engine/windows/time_window.h"

#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/windows/time_window_test_util.h"

namespace tidemark::engine {
namespace {

using testing::Ms;
using testing::T;
using testing::W;

BOOST_AUTO_TEST_SUITE(time_window)

// §3.1, test vectors C (TimeWindowTest): getWindowStartWithOffset with size 7.
// The expected starts are Flink's asserted values: the largest start <= ts
// congruent to the offset modulo 7, also for negative timestamps.
BOOST_AUTO_TEST_CASE(window_start_with_offset_matches_flink_for_negative_timestamps) {
  const std::vector<std::pair<int64_t, int64_t>> offset0 = {{-8, -14}, {-7, -7}, {-6, -7}, {-1, -7},
                                                            {1, 0},    {6, 0},   {7, 7},   {8, 7}};
  for (auto [ts, start] : offset0) {
    BOOST_TEST(WindowStartWithOffset(T(ts), Ms(0), Ms(7)).millis() == start);
  }
  const std::vector<std::pair<int64_t, int64_t>> offset3 = {
      {-10, -11}, {-9, -11}, {-3, -4}, {-2, -4}, {-1, -4},
      {1, -4},    {2, -4},   {3, 3},   {9, 3},   {10, 10}};
  for (auto [ts, start] : offset3) {
    BOOST_TEST(WindowStartWithOffset(T(ts), Ms(3), Ms(7)).millis() == start);
  }
  const std::vector<std::pair<int64_t, int64_t>> offset_minus2 = {
      {-12, -16}, {-7, -9}, {-4, -9}, {-3, -9}, {2, -2}, {-1, -2},
      {1, -2},    {-2, -2}, {3, -2},  {4, -2},  {7, 5},  {12, 12}};
  for (auto [ts, start] : offset_minus2) {
    BOOST_TEST(WindowStartWithOffset(T(ts), Ms(-2), Ms(7)).millis() == start);
  }
}

// §3.1: day windows in GMT+8 are a size-1-day window with offset -8 h.
BOOST_AUTO_TEST_CASE(window_start_with_offset_handles_day_windows_in_a_time_zone) {
  BOOST_TEST(WindowStartWithOffset(T(1470902048450), Ms(-28800000), Ms(86400000)).millis() ==
             1470844800000);
}

// §3.1, vectors C: touching windows intersect (so touching sessions merge).
BOOST_AUTO_TEST_CASE(touching_windows_intersect) {
  BOOST_TEST(W(10, 20).Intersects(W(10, 20)));
  BOOST_TEST(W(10, 20).Intersects(W(20, 30)));
  BOOST_TEST(!W(10, 20).Intersects(W(21, 30)));
  BOOST_TEST(W(10, 20).Intersects(W(19, 22)));
  BOOST_TEST((W(10, 20).Cover(W(15, 30)) == W(10, 30)));
}

// §3.1/§3.5: max timestamp is end - 1; the global window's is Max.
BOOST_AUTO_TEST_CASE(max_timestamp_is_end_minus_one_and_max_for_global) {
  BOOST_TEST(W(0, 3000).max_timestamp().millis() == 2999);
  BOOST_TEST(TimeWindow::Global().max_timestamp().is_max());
  BOOST_TEST(TimeWindow::Global().is_global());
  BOOST_TEST(!W(0, 1).is_global());
  BOOST_TEST(W(0, 3000).ToString() == "[0, 3000)");
  BOOST_TEST(TimeWindow::Global().ToString() == "GlobalWindow");
  // Distinct from a time window with the same bounds.
  BOOST_TEST((TimeWindow::Global() != TimeWindow(Timestamp::Min(), Timestamp::Max())));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
