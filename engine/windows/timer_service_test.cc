#include "engine/windows/timer_service.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/windows/time_window.h"

namespace tidemark::engine {
namespace {

using testing::T;

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

// The heap with lazily dropped deletions against the plain model of §7.6: a
// std::set of (timestamp, key, window), fired in its order. Random
// registrations, deletions (of live, fired and never-registered timers, so a
// deleted timer is often registered again while its stale entry is still in
// the heap) and advances, some callbacks registering or deleting timers, over
// a small space of timers so that collisions are frequent. Fixed seeds. With
// `continue_on_copies`, the service is replaced by a copy of itself every few
// steps (as a restore from a snapshot does), sometimes a copy of a copy that
// was never changed, and the snapshot last taken must still hold the timers
// it was taken with.
void CheckRandomSchedule(uint64_t seed, bool continue_on_copies) {
  using W = Timer<TimeWindow>;
  uint64_t state = seed;
  auto draw = [&](uint64_t bound) {  // xorshift64*: fixed, seeded
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (state * 0x2545F4914F6CDD1DULL >> 33) % bound;
  };
  auto random_timer = [&]() {
    const int64_t start = static_cast<int64_t>(draw(4)) * 10;
    return W{T(static_cast<int64_t>(draw(60))), static_cast<KeyId>(draw(3)),
             TimeWindow(T(start), T(start + 10))};
  };
  TimerService<TimeWindow> timers;
  std::set<W> model;
  TimerService<TimeWindow> snapshot;
  std::set<W> snapshot_model;
  int64_t watermark = 0;
  std::vector<W> fired;
  std::vector<W> expected;
  for (int step = 0; step < 400; ++step) {
    const uint64_t op = draw(10);
    if (continue_on_copies && draw(8) == 0) {
      BOOST_TEST_REQUIRE((snapshot.event_timers() == snapshot_model),
                         "seed " << seed << " step " << step);
      snapshot = timers;
      snapshot_model = model;
      TimerService<TimeWindow> copy(snapshot);
      timers = draw(2) == 0 ? TimerService<TimeWindow>(copy) : copy;
    }
    if (op < 5) {
      const W t = random_timer();
      BOOST_TEST(timers.RegisterEventTimeTimer(t.key, t.ns, t.timestamp) == model.insert(t).second);
    } else if (op < 8) {
      const W t = random_timer();
      BOOST_TEST(timers.DeleteEventTimeTimer(t.key, t.ns, t.timestamp) == (model.erase(t) == 1));
    } else {
      watermark += static_cast<int64_t>(draw(8));
      // A callback's follow-up, drawn before firing so both sides see it.
      const W again = random_timer();
      const bool register_again = draw(2) == 0;
      bool done = false;
      auto follow_up = [&](auto& reg, auto& del) {
        if (done) return;
        done = true;
        if (register_again)
          reg(again);
        else
          del(again);
      };
      timers.AdvanceWatermark(T(watermark), [&](const W& t) {
        fired.push_back(t);
        auto reg = [&](const W& x) { timers.RegisterEventTimeTimer(x.key, x.ns, x.timestamp); };
        auto del = [&](const W& x) { timers.DeleteEventTimeTimer(x.key, x.ns, x.timestamp); };
        follow_up(reg, del);
      });
      done = false;
      while (!model.empty() && model.begin()->timestamp <= T(watermark)) {
        const W t = *model.begin();
        model.erase(model.begin());
        expected.push_back(t);
        auto reg = [&](const W& x) { model.insert(x); };
        auto del = [&](const W& x) { model.erase(x); };
        follow_up(reg, del);
      }
    }
    BOOST_TEST_REQUIRE((timers.event_timers() == model), "seed " << seed << " step " << step);
  }
  BOOST_TEST_REQUIRE((fired == expected), "seed " << seed);
}

BOOST_AUTO_TEST_CASE(fires_like_an_ordered_set_under_random_register_delete_and_advance) {
  for (uint64_t seed = 1; seed <= 40; ++seed) CheckRandomSchedule(seed, false);
}

// A copy keeps only the registered timers and builds its index when first
// used (timer_service.h); it must go on exactly as the service it copied,
// and the service copied must not change.
BOOST_AUTO_TEST_CASE(a_copy_fires_like_the_service_it_copied) {
  for (uint64_t seed = 1; seed <= 40; ++seed) CheckRandomSchedule(seed, true);
}

// A copy taken while deleted timers still have heap entries holds each
// registered timer once: a deleted one neither fires nor is listed.
// By hand: register 5, 7, 9, 11 (key 0); delete 9 (not the top: its entry
// stays); delete 7 and register it again (two entries for 7). The heap holds
// 5, 7, 7, 9, 11 for the timers {5, 7, 11}: the copy lists those, and
// advancing it to 20 fires 5, 7 (once), 11.
BOOST_AUTO_TEST_CASE(a_copy_drops_deleted_timers_still_in_the_heap) {
  using W = Timer<VoidNamespace>;
  TimerService<VoidNamespace> timers;
  for (int64_t t : {5, 7, 9, 11}) timers.RegisterEventTimeTimer(0, {}, T(t));
  timers.DeleteEventTimeTimer(0, {}, T(9));
  timers.DeleteEventTimeTimer(0, {}, T(7));
  timers.RegisterEventTimeTimer(0, {}, T(7));
  TimerService<VoidNamespace> copy(timers);
  BOOST_TEST((copy.event_timers() == std::set<W>{{T(5), 0, {}}, {T(7), 0, {}}, {T(11), 0, {}}}));
  std::vector<int64_t> fired;
  copy.AdvanceWatermark(T(20), [&](const W& t) { fired.push_back(t.timestamp.millis()); });
  BOOST_TEST(fired == (std::vector<int64_t>{5, 7, 11}), boost::test_tools::per_element());
  BOOST_TEST(timers.event_timers().size() == 3U);  // the original is untouched
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
