#include "engine/timer_service.h"

#include <boost/test/unit_test.hpp>

#include <utility>
#include <vector>

#include "engine/time_window.h"

namespace tidemark::engine {
namespace {

Timestamp T(int64_t ms) { return Timestamp::Millis(ms); }

BOOST_AUTO_TEST_SUITE(timer_service)

// §7.6: a timer is (timestamp, key, namespace); equal timers are one timer,
// and deleting a missing timer is a no-op.
BOOST_AUTO_TEST_CASE(timers_are_deduplicated_on_timestamp_key_and_namespace) {
  TimerService<VoidNamespace> timers;
  BOOST_TEST(timers.RegisterEventTimeTimer(0, {}, T(5)));
  BOOST_TEST(!timers.RegisterEventTimeTimer(0, {}, T(5)));
  BOOST_TEST(timers.RegisterEventTimeTimer(1, {}, T(5)));  // other key
  BOOST_TEST(timers.RegisterEventTimeTimer(0, {}, T(6)));  // other time
  BOOST_TEST(timers.event_timers().size() == 3u);
  BOOST_TEST(timers.DeleteEventTimeTimer(0, {}, T(6)));
  BOOST_TEST(!timers.DeleteEventTimeTimer(0, {}, T(6)));
  TimerService<TimeWindow> windowed;
  const TimeWindow a(T(0), T(10));
  const TimeWindow b(T(5), T(10));
  BOOST_TEST(windowed.RegisterEventTimeTimer(0, a, T(9)));
  BOOST_TEST(windowed.RegisterEventTimeTimer(0, b, T(9)));  // other namespace
  BOOST_TEST(windowed.event_timers().size() == 2u);
}

// §7.6 and §10.3: fires timers with ts <= W in timestamp order, ties by KeyId
// (key first-seen order), then namespace; the watermark is set first.
BOOST_AUTO_TEST_CASE(advance_fires_due_timers_in_timestamp_then_key_order) {
  TimerService<VoidNamespace> timers;
  timers.RegisterEventTimeTimer(2, {}, T(10));
  timers.RegisterEventTimeTimer(1, {}, T(10));
  timers.RegisterEventTimeTimer(0, {}, T(20));
  timers.RegisterEventTimeTimer(3, {}, T(5));
  timers.RegisterEventTimeTimer(4, {}, T(11));
  std::vector<std::pair<int64_t, KeyId>> fired;
  timers.AdvanceWatermark(T(10), [&](const Timer<VoidNamespace>& t) {
    BOOST_TEST((timers.current_watermark() == T(10)));
    fired.emplace_back(t.timestamp.millis(), t.key);
  });
  BOOST_TEST((fired == std::vector<std::pair<int64_t, KeyId>>{{5, 3}, {10, 1}, {10, 2}}));
  BOOST_TEST(timers.event_timers().size() == 2u);
}

// §7.6: the loop re-reads the head, so a timer registered by a callback at or
// before W fires in the same advance; one registered outside waits.
BOOST_AUTO_TEST_CASE(timers_registered_in_callbacks_fire_in_the_same_advance) {
  TimerService<VoidNamespace> timers;
  timers.AdvanceWatermark(T(100), [](const Timer<VoidNamespace>&) {});
  timers.RegisterEventTimeTimer(0, {}, T(50));  // behind the watermark: waits
  BOOST_TEST(timers.event_timers().size() == 1u);
  std::vector<int64_t> fired;
  timers.AdvanceWatermark(T(200), [&](const Timer<VoidNamespace>& t) {
    fired.push_back(t.timestamp.millis());
    if (t.timestamp == T(50)) timers.RegisterEventTimeTimer(0, {}, T(150));
  });
  BOOST_TEST((fired == std::vector<int64_t>{50, 150}));
}

// §7.6 / §10.5: processing timers fire when the caller's clock reaches them.
BOOST_AUTO_TEST_CASE(processing_timers_fire_on_the_processing_clock_only) {
  TimerService<VoidNamespace> timers;
  timers.RegisterProcessingTimeTimer(0, {}, T(100));
  timers.RegisterEventTimeTimer(0, {}, T(100));
  int fired = 0;
  timers.AdvanceProcessingTime(T(99), [&](const Timer<VoidNamespace>&) { ++fired; });
  BOOST_TEST(fired == 0);
  timers.AdvanceProcessingTime(T(100), [&](const Timer<VoidNamespace>&) { ++fired; });
  BOOST_TEST(fired == 1);
  BOOST_TEST((timers.current_processing_time() == T(100)));
  BOOST_TEST(timers.event_timers().size() == 1u);
  BOOST_TEST(timers.current_watermark().is_min());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
