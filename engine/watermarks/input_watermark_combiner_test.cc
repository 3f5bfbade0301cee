// Operator-level combination of inputs (§5.2/§5.3).
#include "engine/watermarks/input_watermark_combiner.h"

#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/watermarks/internal/recording_output.h"

namespace tidemark::engine {
namespace {

using internal::RecordingOutput;
using enum WatermarkStatus;  // kIdle, kActive

struct TwoInputs {
  void Wm(int input, int64_t ms) { combiner.ProcessWatermark(input, Timestamp::Millis(ms), out); }
  void Status(int input, WatermarkStatus status) {
    combiner.ProcessWatermarkStatus(input, status, out);
  }

  InputWatermarkCombiner combiner{2};
  RecordingOutput out;
};

BOOST_FIXTURE_TEST_SUITE(input_watermark_combiner, TwoInputs)

BOOST_AUTO_TEST_CASE(combined_is_the_min_over_inputs_on_strict_increase) {
  // §5.2: input 1 still at Min holds everything; then min(10, 5) = 5, then
  // min(10, 20) = 10; a lower watermark on one input never lowers it.
  Wm(0, 10);
  BOOST_TEST(out.Take() == "");
  Wm(1, 5);
  Wm(1, 20);
  Wm(1, 15);
  BOOST_TEST(out.Take() == "W(5) W(10)");
  BOOST_TEST(combiner.HoldingInputs() == std::vector<int>{0});
}

BOOST_AUTO_TEST_CASE(idle_input_is_excluded_and_status_follows_the_combined_idleness) {
  // §5.2: input 1 idle -> min over {input 0 = 10} = 10; combined not idle, so
  // no status. Input 0 idle -> all idle: IDLE forwarded, no max-flush.
  Wm(0, 10);
  Status(1, kIdle);
  BOOST_TEST(out.Take() == "W(10)");
  Status(0, kIdle);
  BOOST_TEST(out.Take() == "IDLE");
  BOOST_TEST(combiner.combined_watermark().millis() == 10);
  Status(0, kActive);
  BOOST_TEST(out.Take() == "ACTIVE");
}

BOOST_AUTO_TEST_CASE(no_max_flush_when_all_inputs_go_idle) {
  // §5.2: unlike the valve, 10/20 then both idle leaves the combined at 10.
  Wm(0, 10);
  Wm(1, 20);
  Status(1, kIdle);
  Status(0, kIdle);
  BOOST_TEST(out.Take() == "W(10) IDLE");
}

BOOST_AUTO_TEST_CASE(returning_input_holds_the_minimum_without_regress) {
  // §5.3: input 1 idle, input 0 -> 30 -> W(30). Input 1 active again at Min:
  // it re-enters the minimum at once (no alignment rule), so input 0 -> 40
  // emits nothing until input 1 passes 30.
  Status(1, kIdle);
  Wm(0, 30);
  BOOST_TEST(out.Take() == "W(30)");
  Status(1, kActive);
  Wm(0, 40);
  BOOST_TEST(out.Take() == "");
  BOOST_TEST(combiner.HoldingInputs() == std::vector<int>{1});
  Wm(1, 35);
  BOOST_TEST(out.Take() == "W(35)");
}

BOOST_AUTO_TEST_CASE(watermark_on_an_idle_input_reactivates_it_silently) {
  // The Flink quirk in the header: both idle (IDLE out); a watermark on
  // input 0 clears its idle flag and emits, but no ACTIVE status is sent.
  Status(0, kIdle);
  Status(1, kIdle);
  BOOST_TEST(out.Take() == "IDLE");
  Wm(0, 5);
  BOOST_TEST(out.Take() == "W(5)");
  BOOST_TEST(!combiner.is_idle());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
