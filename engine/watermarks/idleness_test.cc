// Idleness: the cases of Flink's WatermarksWithIdlenessTest (G-IDLE) and §4.4.
// The "manual clock" is the activity-time value each probe is given.
#include <memory>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/watermarks/bounded_out_of_orderness_watermarks.h"
#include "engine/watermarks/idleness_timer.h"
#include "engine/watermarks/internal/recording_output.h"
#include "engine/watermarks/no_watermarks.h"
#include "engine/watermarks/watermark_emitter.h"
#include "engine/watermarks/watermarks_with_idleness.h"

namespace tidemark::engine {
namespace {

using internal::RecordingOutput;
using testing::Ms;

// Flink's test clock starts at System.nanoTime(); any non-zero start will do.
const Timestamp kManualClockStart = Timestamp::Millis(1'000'000);

// createTimerAndMakeIdle of WatermarksWithIdlenessTest: start, wait timeout + 1.
Timestamp MakeIdle(IdlenessTimer& timer, Timestamp now) {
  timer.CheckIfIdle(now);  // starts the countdown
  now = now + timer.idle_timeout() + Ms(1);
  BOOST_TEST(timer.CheckIfIdle(now));
  return now;
}

BOOST_AUTO_TEST_SUITE(idleness)

BOOST_AUTO_TEST_CASE(zero_or_negative_timeout_is_rejected_with_flinks_message) {
  BOOST_TEST(IdlenessTimer::Validate(Ms(0)).value() == "idleTimeout must be greater than zero");
  BOOST_TEST(IdlenessTimer::Validate(Ms(-1)).value() == "idleTimeout must be greater than zero");
  BOOST_TEST(!IdlenessTimer::Validate(Ms(1)).has_value());
}

BOOST_AUTO_TEST_CASE(new_timer_is_initially_active) {
  IdlenessTimer timer(Ms(10));
  BOOST_TEST(!timer.CheckIfIdle(kManualClockStart));
}

BOOST_AUTO_TEST_CASE(goes_idle_without_events_after_strictly_more_than_timeout) {
  // G-IDLE: timeout 10; the first probe starts the countdown; 11 ms later idle.
  IdlenessTimer timer(Ms(10));
  BOOST_TEST(!timer.CheckIfIdle(kManualClockStart));
  BOOST_TEST(!timer.CheckIfIdle(kManualClockStart + Ms(10)));  // 10 > 10 is false: strictly greater
  BOOST_TEST(timer.CheckIfIdle(kManualClockStart + Ms(11)));
}

BOOST_AUTO_TEST_CASE(repeated_checks_stay_idle) {
  // G-IDLE: timeout 122, made idle; check -> idle; 100 ms later -> still idle.
  IdlenessTimer timer(Ms(122));
  const Timestamp now = MakeIdle(timer, kManualClockStart);
  BOOST_TEST(timer.CheckIfIdle(now));
  BOOST_TEST(timer.CheckIfIdle(now + Ms(100)));
}

BOOST_AUTO_TEST_CASE(activity_after_idleness_makes_it_active) {
  IdlenessTimer timer(Ms(10));
  const Timestamp now = MakeIdle(timer, kManualClockStart);
  timer.Activity();
  BOOST_TEST(!timer.CheckIfIdle(now));
}

BOOST_AUTO_TEST_CASE(idle_active_idle_restarts_the_countdown_at_the_first_quiet_probe) {
  // G-IDLE: idle, activity -> active; the next probe restarts; 123 ms later idle.
  IdlenessTimer timer(Ms(122));
  Timestamp now = MakeIdle(timer, kManualClockStart);
  timer.Activity();
  BOOST_TEST(!timer.CheckIfIdle(now));  // saw the activity: resets
  BOOST_TEST(!timer.CheckIfIdle(now));  // first quiet probe: starts the countdown
  now = now + Ms(123);
  BOOST_TEST(timer.CheckIfIdle(now));
}

BOOST_AUTO_TEST_CASE(clock_reading_zero_starts_the_countdown_by_default) {
  // Our virtual clock often starts at 0; real Flink's nanoTime clock never reads 0.
  IdlenessTimer timer(Ms(10));
  BOOST_TEST(!timer.CheckIfIdle(Timestamp::Millis(0)));
  BOOST_TEST(timer.CheckIfIdle(Timestamp::Millis(11)));
}

BOOST_AUTO_TEST_CASE(zero_sentinel_quirk_can_be_reproduced) {
  // Flink's literal code: start == 0 means "no countdown", so a probe at 0 does
  // not start it and the probe at 11 starts it instead.
  IdlenessTimer timer(Ms(10), {.sentinel = InactivityStartSentinel::kZeroLikeFlink});
  BOOST_TEST(!timer.CheckIfIdle(Timestamp::Millis(0)));
  BOOST_TEST(!timer.CheckIfIdle(Timestamp::Millis(11)));
  BOOST_TEST(timer.CheckIfIdle(Timestamp::Millis(22)));
}

BOOST_AUTO_TEST_CASE(wrapper_marks_idle_once_and_stops_ticking_the_wrapped_generator) {
  // §4.4 with tick interval 50, timeout 100, BOO(D=0) after one event at 500.
  WatermarksWithIdleness generator(std::make_unique<BoundedOutOfOrdernessWatermarks>(Ms(0)),
                                   Ms(100));
  RecordingOutput out;
  generator.OnEvent(Record{.id = 0, .timestamp = Timestamp::Millis(500), .values = {}},
                    Timestamp::Millis(500), out);
  Timestamp now = kManualClockStart;
  generator.OnPeriodicEmit(out, now);  // P1: saw the event, resets -> ticks wrapped
  BOOST_TEST(out.Take() == "W(499)");
  now = now + Ms(50);
  generator.OnPeriodicEmit(out, now);  // P2: starts the countdown -> ticks wrapped
  BOOST_TEST(out.Take() == "W(499)");
  now = now + Ms(100);
  generator.OnPeriodicEmit(out, now);  // 100 > 100 is false -> still ticks wrapped
  BOOST_TEST(out.Take() == "W(499)");
  now = now + Ms(50);
  generator.OnPeriodicEmit(out, now);  // 150 > 100: idle, wrapped not ticked
  generator.OnPeriodicEmit(out, now + Ms(50));
  BOOST_TEST(out.Take() == "IDLE");
  BOOST_TEST(generator.is_idle_now());
}

BOOST_AUTO_TEST_CASE(records_alone_do_not_reactivate_only_an_advancing_watermark_does) {
  // §4.4 "leaving idleness" through the §4.6 emitter.
  RecordingOutput stream;
  WatermarkEmitter emitter(stream);
  WatermarksWithIdleness generator(std::make_unique<BoundedOutOfOrdernessWatermarks>(Ms(0)),
                                   Ms(10));
  generator.OnEvent(Record{.id = 0, .timestamp = Timestamp::Millis(500), .values = {}},
                    Timestamp::Millis(500), emitter);
  generator.OnPeriodicEmit(emitter, kManualClockStart);  // W(499)
  generator.OnPeriodicEmit(emitter,
                           kManualClockStart + Ms(1));  // starts the countdown: W(499) dropped
  generator.OnPeriodicEmit(emitter, kManualClockStart + Ms(12));  // idle
  BOOST_TEST(stream.Take() == "W(499) IDLE");
  // An old record: the tick offers 499 again, which the emitter drops -> stays idle.
  generator.OnEvent(Record{.id = 1, .timestamp = Timestamp::Millis(400), .values = {}},
                    Timestamp::Millis(400), emitter);
  generator.OnPeriodicEmit(emitter, kManualClockStart + Ms(13));
  BOOST_TEST(stream.Take() == "");
  BOOST_TEST(emitter.is_idle());
  // A newer record: 599 > 499 -> ACTIVE first, then the watermark.
  generator.OnEvent(Record{.id = 2, .timestamp = Timestamp::Millis(600), .values = {}},
                    Timestamp::Millis(600), emitter);
  generator.OnPeriodicEmit(emitter, kManualClockStart + Ms(14));
  BOOST_TEST(stream.Take() == "ACTIVE W(599)");
}

BOOST_AUTO_TEST_CASE(paused_activity_clock_delays_idleness_g_two_backpressure) {
  // G-TWO idleness under back-pressure, timeout 100, ticks every 100 ms: while
  // back-pressured the activity clock is paused, so 20 ticks see no time pass;
  // then 10 free-running ticks yield exactly one IDLE.
  RecordingOutput stream;
  WatermarkEmitter emitter(stream);
  WatermarksWithIdleness generator(std::make_unique<NoWatermarks>(), Ms(100));
  Timestamp activity = kManualClockStart;
  for (int tick = 0; tick < 20; ++tick) generator.OnPeriodicEmit(emitter, activity);
  BOOST_TEST(stream.Take() == "");
  for (int tick = 0; tick < 10; ++tick) {
    activity = activity + Ms(100);
    generator.OnPeriodicEmit(emitter, activity);
  }
  BOOST_TEST(stream.Take() == "IDLE");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
