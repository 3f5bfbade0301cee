// The monotonic emitter (§4.6 / §5.4) and the
// emitter-level cases of Flink's TimestampsAndWatermarksOperatorTest (G-TWO), driven the way
// TimestampsAndWatermarksOperator drives a generator: each record is emitted
// first, then OnEvent; periodic ticks call OnPeriodicEmit.
#include "engine/watermarks/watermark_emitter.h"

#include <optional>
#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/watermarks/internal/recording_output.h"
#include "engine/watermarks/punctuated_watermarks.h"

namespace tidemark::engine {
namespace {

using internal::RecordingOutput;
using testing::T;

// G-TWO's PERIODIC generator: remembers the last timestamp, ticks emit it - 1
// (Min before any event).
class LastTimestampMinusOne final : public WatermarkGenerator {
 public:
  void OnEvent(const Record&, Timestamp ts, WatermarkOutput&) override { last_ = ts; }
  void OnPeriodicEmit(WatermarkOutput& out, Timestamp) override {
    out.EmitWatermark(last_ ? *last_ - Duration::Millis(1) : Timestamp::Min());
  }

 private:
  std::optional<Timestamp> last_;
};

// A minimal TimestampsAndWatermarksOperator: timestamp assigner = the value.
class EmitterHarness {
 public:
  explicit EmitterHarness(WatermarkGenerator& generator) : generator_(generator) {}

  void Element(int64_t value, bool marker = false) {
    const Record record{.id = 0, .timestamp = T(value), .values = {marker}};
    stream_.Note("R(" + std::to_string(value) + ")@" + std::to_string(value));
    generator_.OnEvent(record, record.timestamp, emitter_);
  }
  void Tick() { generator_.OnPeriodicEmit(emitter_, T(0)); }
  std::string Take() { return stream_.Take(); }

 private:
  WatermarkGenerator& generator_;
  RecordingOutput stream_;
  WatermarkEmitter emitter_{stream_};
};

PunctuatedWatermarks MarkerGenerator() {
  return PunctuatedWatermarks([](const Record& record, Timestamp ts) {
    return std::get<bool>(record.values[0]) ? std::optional<Timestamp>(ts) : std::nullopt;
  });
}

BOOST_AUTO_TEST_SUITE(watermark_emitter)

BOOST_AUTO_TEST_CASE(drops_watermarks_not_above_the_current_one) {
  // §4.6: current starts at Min, so Min itself never leaves; equal/lower drop.
  RecordingOutput stream;
  WatermarkEmitter emitter(stream);
  emitter.EmitWatermark(Timestamp::Min());
  emitter.EmitWatermark(T(5));
  emitter.EmitWatermark(T(5));
  emitter.EmitWatermark(T(3));
  emitter.EmitWatermark(T(6));
  BOOST_TEST(stream.Take() == "W(5) W(6)");
  BOOST_TEST(emitter.current_watermark().millis() == 6);
}

BOOST_AUTO_TEST_CASE(idle_once_then_active_before_the_next_watermark) {
  // §4.6: markIdle emits IDLE once; the next emitted watermark is preceded by
  // ACTIVE; a dropped watermark does not reactivate.
  RecordingOutput stream;
  WatermarkEmitter emitter(stream);
  emitter.EmitWatermark(T(5));
  emitter.MarkIdle();
  emitter.MarkIdle();
  emitter.EmitWatermark(T(4));
  BOOST_TEST(stream.Take() == "W(5) IDLE");
  emitter.EmitWatermark(T(7));
  BOOST_TEST(stream.Take() == "ACTIVE W(7)");
  emitter.MarkActive();
  BOOST_TEST(stream.Take() == "");
}

BOOST_AUTO_TEST_CASE(end_of_input_max_watermark_passes_through) {
  // G-TWO longMaxInputWatermarkIsForwarded: Max goes through the same emitter.
  RecordingOutput stream;
  WatermarkEmitter emitter(stream);
  emitter.EmitWatermark(T(42));
  emitter.EmitWatermark(Timestamp::Max());
  emitter.EmitWatermark(Timestamp::Max());
  BOOST_TEST(stream.Take() == "W(42) W(+inf)");
}

BOOST_AUTO_TEST_CASE(periodic_watermarks_leave_on_ticks) {
  // G-TWO periodic: E(2) tick -> R(2)@2 W(1); E(4) tick -> R(4)@4 W(3).
  LastTimestampMinusOne generator;
  EmitterHarness harness(generator);
  harness.Element(2);
  harness.Tick();
  harness.Element(4);
  harness.Tick();
  BOOST_TEST(harness.Take() == "R(2)@2 W(1) R(4)@4 W(3)");
}

BOOST_AUTO_TEST_CASE(periodic_watermarks_only_on_tick) {
  // G-TWO: E(2) without a time advance -> the record only.
  LastTimestampMinusOne generator;
  EmitterHarness harness(generator);
  harness.Element(2);
  BOOST_TEST(harness.Take() == "R(2)@2");
}

BOOST_AUTO_TEST_CASE(periodic_watermarks_do_not_regress) {
  // G-TWO: E(4) tick -> W(3); E(2) tick offers 1 <= 3 -> dropped.
  LastTimestampMinusOne generator;
  EmitterHarness harness(generator);
  harness.Element(4);
  harness.Tick();
  harness.Element(2);
  harness.Tick();
  BOOST_TEST(harness.Take() == "R(4)@4 W(3) R(2)@2");
}

BOOST_AUTO_TEST_CASE(initial_min_watermark_never_leaves) {
  // G-TWO: a tick before any event offers Min, which the emitter drops.
  LastTimestampMinusOne generator;
  EmitterHarness harness(generator);
  harness.Tick();
  BOOST_TEST(harness.Take() == "");
}

BOOST_AUTO_TEST_CASE(punctuated_watermark_follows_its_record_immediately) {
  // G-TWO punctuated: E((true,2)) -> R@2 then W(2) at once; E((true,4)) -> R@4 W(4).
  PunctuatedWatermarks generator = MarkerGenerator();
  EmitterHarness harness(generator);
  harness.Element(2, true);
  harness.Element(4, true);
  BOOST_TEST(harness.Take() == "R(2)@2 W(2) R(4)@4 W(4)");
  harness.Tick();
  BOOST_TEST(harness.Take() == "");
}

BOOST_AUTO_TEST_CASE(punctuated_watermarks_do_not_regress) {
  // G-TWO: E((true,4)) -> R@4 W(4); E((true,2)) -> R@2 only.
  PunctuatedWatermarks generator = MarkerGenerator();
  EmitterHarness harness(generator);
  harness.Element(4, true);
  harness.Element(2, true);
  BOOST_TEST(harness.Take() == "R(4)@4 W(4) R(2)@2");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
