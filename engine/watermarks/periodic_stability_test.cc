// Until when a periodic tick repeats the last one: IdlenessTimer::StableUntil
// and WatermarkGenerator::PeriodicEmitStableUntil, which let the simulator
// pass over ticks that would change nothing. Each expected time is the first
// probe at which Flink's rule "idle iff now - start > timeout" flips.
#include <limits>
#include <memory>
#include <optional>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/watermarks/bounded_out_of_orderness_watermarks.h"
#include "engine/watermarks/idleness_timer.h"
#include "engine/watermarks/internal/recording_output.h"
#include "engine/watermarks/watermarks_with_idleness.h"

namespace tidemark::engine {
namespace {

using testing::Ms;

const Timestamp kCountdownStart = Timestamp::Millis(1'000'000);
// Milliseconds, which Boost.Test can print.
int64_t At(std::optional<Timestamp> t) { return t.value().millis(); }

BOOST_AUTO_TEST_SUITE(periodic_stability)

BOOST_AUTO_TEST_CASE(a_timer_whose_countdown_has_not_started_is_not_stable) {
  IdlenessTimer timer(Ms(10));
  BOOST_TEST(!timer.StableUntil().has_value());
}

BOOST_AUTO_TEST_CASE(a_running_countdown_is_stable_until_it_passes_the_timeout) {
  IdlenessTimer timer(Ms(10));
  timer.CheckIfIdle(kCountdownStart);  // starts the countdown at kCountdownStart
  // Idle once now - kCountdownStart > 10, i.e. from kCountdownStart + 11 in whole milliseconds.
  BOOST_TEST(At(timer.StableUntil()) == At(kCountdownStart + Ms(11)));
  BOOST_TEST(!timer.CheckIfIdle(kCountdownStart + Ms(10)));
  BOOST_TEST(At(timer.StableUntil()) == At(kCountdownStart + Ms(11)));  // the probe changed nothing
  BOOST_TEST(timer.CheckIfIdle(kCountdownStart + Ms(11)));
}

BOOST_AUTO_TEST_CASE(an_event_or_the_probe_that_sees_it_makes_the_next_probe_act) {
  IdlenessTimer timer(Ms(10));
  timer.CheckIfIdle(kCountdownStart);
  timer.Activity();
  BOOST_TEST(!timer.StableUntil().has_value());  // the next probe resets the countdown
  timer.CheckIfIdle(kCountdownStart + Ms(5));
  BOOST_TEST(!timer.StableUntil().has_value());  // and the one after starts it again
  timer.CheckIfIdle(kCountdownStart + Ms(7));
  BOOST_TEST(At(timer.StableUntil()) == At(kCountdownStart + Ms(18)));  // 7 + 10 + 1
}

BOOST_AUTO_TEST_CASE(with_flinks_zero_sentinel_a_probe_at_zero_leaves_the_countdown_unstarted) {
  IdlenessTimer timer(Ms(10), {.sentinel = InactivityStartSentinel::kZeroLikeFlink});
  timer.CheckIfIdle(Timestamp::Millis(0));
  BOOST_TEST(!timer.StableUntil().has_value());
}

BOOST_AUTO_TEST_CASE(a_deadline_near_the_end_of_time_saturates) {
  IdlenessTimer timer(Duration::Millis(std::numeric_limits<int64_t>::max()));
  timer.CheckIfIdle(kCountdownStart);
  BOOST_TEST(At(timer.StableUntil()) == At(Timestamp::Max()));
}

BOOST_AUTO_TEST_CASE(a_generator_without_idleness_repeats_its_periodic_emit_for_ever) {
  BoundedOutOfOrdernessWatermarks generator(Ms(5));
  BOOST_TEST(At(generator.PeriodicEmitStableUntil()) == At(Timestamp::Max()));
}

BOOST_AUTO_TEST_CASE(with_idleness_stable_until_the_timeout_then_for_ever_once_idle) {
  WatermarksWithIdleness generator(std::make_unique<BoundedOutOfOrdernessWatermarks>(Ms(5)),
                                   Ms(10));
  internal::RecordingOutput out;
  BOOST_TEST(!generator.PeriodicEmitStableUntil().has_value());  // no probe yet
  generator.OnPeriodicEmit(out, kCountdownStart);                // starts the countdown
  BOOST_TEST(At(generator.PeriodicEmitStableUntil()) == At(kCountdownStart + Ms(11)));
  generator.OnPeriodicEmit(out, kCountdownStart + Ms(11));  // idle: marked once
  BOOST_TEST(generator.is_idle_now());
  BOOST_TEST(At(generator.PeriodicEmitStableUntil()) == At(Timestamp::Max()));
  generator.OnEvent(Record{.id = 1, .timestamp = kCountdownStart, .values = {}}, kCountdownStart,
                    out);
  BOOST_TEST(!generator.PeriodicEmitStableUntil().has_value());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
