// Generator cases: Flink's BoundedOutOfOrdernessWatermarksTest (G-BOO) and the generator-level
// parts of G-TWO, plus §4.2/§4.3.
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/watermarks/bounded_out_of_orderness_watermarks.h"
#include "engine/watermarks/internal/recording_output.h"
#include "engine/watermarks/monotonous_watermarks.h"
#include "engine/watermarks/no_watermarks.h"
#include "engine/watermarks/punctuated_watermarks.h"

namespace tidemark::engine {
namespace {

using internal::RecordingOutput;
using testing::T;

const Timestamp kTick = T(0);  // activity clock; these generators ignore it

Record MakeRecord(int64_t ts, std::vector<Value> values = {}) {
  return Record{.id = 0, .timestamp = T(ts), .values = std::move(values)};
}

void Feed(WatermarkGenerator& generator, int64_t ts, WatermarkOutput& out) {
  generator.OnEvent(MakeRecord(ts), T(ts), out);
}

BOOST_AUTO_TEST_SUITE(watermark_generators)

BOOST_AUTO_TEST_CASE(bounded_out_of_orderness_matches_g_boo) {
  // G-BOO, D = 10: watermark = max seen - 10 - 1.
  BoundedOutOfOrdernessWatermarks generator(Duration::Millis(10));
  RecordingOutput out;
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "W(-inf)");  // initial max Min + 11, minus 11 = Min

  Feed(generator, 1337, out);
  BOOST_TEST(out.Take() == "");  // OnEvent never emits
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "W(1326)");  // 1337 - 11

  for (int64_t ts : {12345, 12300, 12340, 12280}) Feed(generator, ts, out);
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "W(12334)");  // max 12345 - 11

  Feed(generator, 723456, out);
  generator.OnPeriodicEmit(out, kTick);
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "W(723445) W(723445)");  // repeatable, no dedup here
}

BOOST_AUTO_TEST_CASE(bounded_out_of_orderness_rejects_negative_bound_with_flinks_message) {
  BOOST_TEST(BoundedOutOfOrdernessWatermarks::Validate(Duration::Millis(-1)).value() ==
             "maxOutOfOrderness cannot be negative");
  BOOST_TEST(!BoundedOutOfOrdernessWatermarks::Validate(Duration::Zero()).has_value());
}

BOOST_AUTO_TEST_CASE(bounded_out_of_orderness_wraps_like_java_for_huge_bounds) {
  // §4.2: initial max = Min + D + 1 wraps; with D = Max it is 0, and the first
  // emission is still 0 - Max - 1 = Min.
  BoundedOutOfOrdernessWatermarks generator(Duration::Millis(Timestamp::Max().millis()));
  RecordingOutput out;
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "W(-inf)");
}

BOOST_AUTO_TEST_CASE(monotonous_emits_max_seen_minus_one) {
  // §4.3: D = 0, so watermark = max seen - 1; a late-arriving smaller ts does not lower it.
  MonotonousWatermarks generator;
  RecordingOutput out;
  generator.OnPeriodicEmit(out, kTick);
  Feed(generator, 100, out);
  Feed(generator, 90, out);
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "W(-inf) W(99)");
}

BOOST_AUTO_TEST_CASE(no_watermarks_never_emits) {
  NoWatermarks generator;
  RecordingOutput out;
  Feed(generator, 100, out);
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "");
}

BOOST_AUTO_TEST_CASE(punctuated_emits_from_on_event_only) {
  // G-TWO punctuated: an event flagged as a marker emits its watermark from
  // OnEvent; ticks emit nothing. Here: records with values[0] == true carry the
  // watermark in their timestamp.
  PunctuatedWatermarks generator([](const Record& record, Timestamp ts) {
    const bool marker = !record.values.empty() && std::get<bool>(record.values[0]);
    return marker ? std::optional<Timestamp>(ts) : std::nullopt;
  });
  RecordingOutput out;
  generator.OnEvent(MakeRecord(2, {true}), T(2), out);
  BOOST_TEST(out.Take() == "W(2)");
  generator.OnEvent(MakeRecord(3, {false}), T(3), out);
  generator.OnPeriodicEmit(out, kTick);
  BOOST_TEST(out.Take() == "");
  // Regressions are passed on; dropping them is the emitter's job.
  generator.OnEvent(MakeRecord(1, {true}), T(1), out);
  BOOST_TEST(out.Take() == "W(1)");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
