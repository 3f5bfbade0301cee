// The per-split multiplexer: every case of Flink's WatermarkOutputMultiplexerTest (G-MUX) and
// the rules of §5.3/§5.4. The underlying output records
// the raw calls, so "W(2)" means EmitWatermark(2) reached it.
#include "engine/watermarks/watermark_output_multiplexer.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/watermarks/internal/recording_output.h"

namespace tidemark::engine {
namespace {

using internal::RecordingOutput;
using testing::T;

struct Fixture {
  RecordingOutput underlying;
  WatermarkOutputMultiplexer mux{underlying};

  // Flink's tests create all outputs before using any.
  void Register(const std::vector<std::string>& ids) {
    for (const std::string& id : ids) mux.RegisterNewOutput(id);
  }

  WatermarkOutput& Immediate(const std::string& id) {
    if (!mux.IsRegistered(id)) mux.RegisterNewOutput(id);
    return mux.ImmediateOutput(id);
  }
  WatermarkOutput& Deferred(const std::string& id) {
    if (!mux.IsRegistered(id)) mux.RegisterNewOutput(id);
    return mux.DeferredOutput(id);
  }
};

BOOST_FIXTURE_TEST_SUITE(watermark_output_multiplexer, Fixture)

BOOST_AUTO_TEST_CASE(idle_split_is_left_out_of_the_minimum) {
  // G-MUX: out1=2, out2=5, out3 idle -> 2, not idle. Before out3 goes idle it
  // sits at Min and holds the minimum there, so nothing leaves until then.
  Register({"1", "2", "3"});
  Immediate("1").EmitWatermark(T(2));
  Immediate("2").EmitWatermark(T(5));
  BOOST_TEST(underlying.Take() == "");
  Immediate("3").MarkIdle();
  BOOST_TEST(underlying.Take() == "W(2)");
  BOOST_TEST(!mux.is_idle());
}

BOOST_AUTO_TEST_CASE(split_going_idle_advances_the_combined_watermark) {
  // G-MUX: out1=2, out2=5 -> 2; out1 idle -> min over {5} = 5.
  Register({"1", "2"});
  Immediate("1").EmitWatermark(T(2));
  Immediate("2").EmitWatermark(T(5));
  BOOST_TEST(underlying.Take() == "W(2)");
  Immediate("1").MarkIdle();
  BOOST_TEST(underlying.Take() == "W(5)");
}

BOOST_AUTO_TEST_CASE(idle_split_coming_back_lower_does_not_regress) {
  // G-MUX: ... out1 idle -> 5; out1 emits 3 -> active again at 3, but the
  // combined value stays 5 (3 is not above it) and is held until out1 passes 5.
  Register({"1", "2"});
  Immediate("1").EmitWatermark(T(2));
  Immediate("2").EmitWatermark(T(5));
  Immediate("1").MarkIdle();
  BOOST_TEST(underlying.Take() == "W(2) W(5)");
  Immediate("1").EmitWatermark(T(3));
  BOOST_TEST(underlying.Take() == "");
  BOOST_TEST(mux.combined_watermark().millis() == 5);
  BOOST_TEST(mux.HoldingSplits() == std::vector<std::string>{"1"});
  Immediate("2").EmitWatermark(T(9));
  Immediate("1").EmitWatermark(T(6));
  BOOST_TEST(underlying.Take() == "W(6)");  // min(6, 9)
}

BOOST_AUTO_TEST_CASE(deferred_updates_wait_for_the_periodic_emit) {
  // G-MUX: deferred=5 -> nothing; immediate (another split) = 2 -> 2, since the
  // immediate recompute also sees the deferred split's stored 5.
  Register({"deferred", "immediate"});
  Deferred("deferred").EmitWatermark(T(5));
  BOOST_TEST(underlying.Take() == "");
  Immediate("immediate").EmitWatermark(T(2));
  BOOST_TEST(underlying.Take() == "W(2)");
}

BOOST_AUTO_TEST_CASE(periodic_emit_combines_deferred_updates) {
  // §5.4: deferred 0 and 1 -> nothing until OnPeriodicEmit -> min 0.
  Register({"a", "b"});
  Deferred("a").EmitWatermark(T(0));
  Deferred("b").EmitWatermark(T(1));
  BOOST_TEST(underlying.Take() == "");
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "W(0)");
}

BOOST_AUTO_TEST_CASE(lower_immediate_update_on_the_same_split_does_not_emit) {
  // Immediate 2 after deferred 5 on the same split: 2 does not raise the split.
  Deferred("s").EmitWatermark(T(5));
  Immediate("s").EmitWatermark(T(2));
  BOOST_TEST(underlying.Take() == "");
  mux.OnPeriodicEmit();
  Immediate("s").EmitWatermark(T(2));
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "W(5)");
}

BOOST_AUTO_TEST_CASE(unregistering_the_lowest_split_unblocks) {
  // G-MUX: register lower, higher; lower = 156765 (higher still at Min holds
  // everything); unregister lower; higher = 156775 -> 156775.
  mux.RegisterNewOutput("lower");
  mux.RegisterNewOutput("higher");
  mux.ImmediateOutput("lower").EmitWatermark(T(156765));
  BOOST_TEST(underlying.Take() == "");
  BOOST_TEST(mux.UnregisterOutput("lower"));
  mux.ImmediateOutput("higher").EmitWatermark(T(156775));
  BOOST_TEST(underlying.Take() == "W(156775)");
}

BOOST_AUTO_TEST_CASE(removing_all_splits_keeps_the_last_watermark_and_stays_active) {
  // G-MUX: one split emits 1, is unregistered, periodic emit -> nothing: the
  // last watermark stays 1 and the output is NOT marked idle (no partials: no change).
  Immediate("only").EmitWatermark(T(1));
  BOOST_TEST(underlying.Take() == "W(1)");
  BOOST_TEST(mux.UnregisterOutput("only"));
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "");
  BOOST_TEST(mux.combined_watermark().millis() == 1);
  BOOST_TEST(!mux.is_idle());
}

BOOST_AUTO_TEST_CASE(removing_the_highest_split_does_not_retract) {
  Immediate("higher").EmitWatermark(T(2));
  mux.UnregisterOutput("higher");
  Immediate("lower").EmitWatermark(T(1));
  BOOST_TEST(underlying.Take() == "W(2)");
  BOOST_TEST(mux.combined_watermark().millis() == 2);
}

BOOST_AUTO_TEST_CASE(unregistering_an_unknown_split_returns_false) {
  BOOST_TEST(!mux.UnregisterOutput("does-not-exist"));
}

BOOST_AUTO_TEST_CASE(no_splits_means_nothing_is_emitted) {
  // §5.3: with no partials the minimum would be Max; nothing may be emitted.
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "");
  BOOST_TEST(!mux.is_idle());
}

BOOST_AUTO_TEST_CASE(all_splits_idle_marks_the_output_idle_without_a_max_flush) {
  // §5.3/§5.4: out1=5, out2=2 -> 2. Both idle -> IDLE, but (unlike the valve)
  // the combined watermark stays 2: idle partials are not part of any minimum.
  Register({"1", "2"});
  Immediate("1").EmitWatermark(T(5));
  Immediate("2").EmitWatermark(T(2));
  BOOST_TEST(underlying.Take() == "W(2)");
  Immediate("1").MarkIdle();
  BOOST_TEST(underlying.Take() == "");
  Immediate("2").MarkIdle();
  BOOST_TEST(underlying.Take() == "IDLE");
  BOOST_TEST(mux.is_idle());
  BOOST_TEST(mux.combined_watermark().millis() == 2);
  BOOST_TEST(mux.HoldingSplits().empty());
  // Every later recompute while all idle repeats MarkIdle; the emitter dedups.
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "IDLE");
}

BOOST_AUTO_TEST_CASE(deferred_idleness_applies_on_the_periodic_emit) {
  Deferred("a").MarkIdle();
  BOOST_TEST(underlying.Take() == "");
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "IDLE");
  Deferred("a").EmitWatermark(T(0));  // clears idleness too
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "W(0)");
  BOOST_TEST(!mux.is_idle());
}

BOOST_AUTO_TEST_CASE(a_split_that_never_reported_holds_back_at_min) {
  // §5.4: a registered split sits at Min until it reports.
  mux.RegisterNewOutput("silent");
  Immediate("busy").EmitWatermark(T(100));
  mux.OnPeriodicEmit();
  BOOST_TEST(underlying.Take() == "");
  BOOST_TEST(mux.HoldingSplits() == std::vector<std::string>{"silent"});
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
