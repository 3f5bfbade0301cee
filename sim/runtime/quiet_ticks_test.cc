// Where the next periodic tick goes: stepped, or past a long quiet stretch.
#include "sim/runtime/quiet_ticks.h"

#include <limits>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"

namespace tidemark::sim {
namespace {

using engine::Duration;
using engine::Timestamp;
using engine::testing::T;

// Milliseconds, which Boost.Test can print.
int64_t MillisOf(std::optional<Timestamp> t) { return t.value().millis(); }
const Duration k200 = Duration::Millis(200);

BOOST_AUTO_TEST_SUITE(quiet_ticks)

BOOST_AUTO_TEST_CASE(grid_ticks_round_up_to_the_interval) {
  BOOST_TEST(MillisOf(NextGridTick(T(200), k200, T(200))) == 200);  // on the grid
  BOOST_TEST(MillisOf(NextGridTick(T(200), k200, T(201))) == 400);
  BOOST_TEST(MillisOf(NextGridTick(T(200), k200, T(1'000'000'000'001))) == 1'000'000'000'200);
  BOOST_TEST(MillisOf(NextGridTick(T(200), k200, T(50))) == 200);  // before the base
  // A negative base: -300, -100, 100, ...
  BOOST_TEST(MillisOf(NextGridTick(T(-300), k200, T(0))) == 100);
}

BOOST_AUTO_TEST_CASE(a_grid_tick_beyond_the_end_of_time_is_none) {
  const Timestamp last = Timestamp::Max();
  BOOST_TEST(!NextGridTick(T(0), k200, last).has_value());  // 2^63 - 1 is no multiple of 200
  BOOST_TEST(!NextGridTick(Timestamp::Min(), k200, last).has_value());
  // INT64_MAX = 9223372036854775807; the last multiple of 200 below it is ...800.
  BOOST_TEST(MillisOf(NextGridTick(T(0), k200, T(9'223'372'036'854'775'700))) ==
             9'223'372'036'854'775'800);
}

BOOST_AUTO_TEST_CASE(a_stretch_ends_at_the_first_grid_tick_at_or_after_its_end) {
  // Grid 400, 600, ...: an idleness timeout passing at 2401 acts on the tick at 2600.
  BOOST_TEST(MillisOf(FirstTickThatMayAct(T(400), k200, T(2401))) == 2600);
  BOOST_TEST(MillisOf(FirstTickThatMayAct(T(400), k200, T(2600))) == 2600);
}

BOOST_AUTO_TEST_CASE(a_stretch_quiet_for_ever_waits_for_a_row) {
  BOOST_TEST(!FirstTickThatMayAct(T(400), k200, Timestamp::Max()).has_value());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
