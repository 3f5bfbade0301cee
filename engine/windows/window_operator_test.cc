// The window operator: cases from Flink's WindowOperatorTest, each test named
// after the Flink test method it transcribes. Logs compare as a multiset between watermarks.
#include "engine/windows/window_operator.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/windows/global_windows.h"
#include "engine/windows/session_windows.h"
#include "engine/windows/sliding_windows.h"
#include "engine/windows/tumbling_windows.h"
#include "engine/windows/window_operator_harness.h"

namespace tidemark::engine {
namespace {

using testing::ResultFormat;
using testing::WindowHarness;
using Log = std::vector<std::string>;
using testing::Ms;

// The eight elements W-TUMBLE, W-SLIDE share.
void FeedTumbleElements(WindowHarness& h) {
  h.E("key2", 1, 3999);
  h.E("key2", 1, 3000);
  h.E("key1", 1, 20);
  h.E("key1", 1, 0);
  h.E("key1", 1, 999);
  h.E("key2", 1, 1998);
  h.E("key2", 1, 1999);
  h.E("key2", 1, 1000);
}

BOOST_AUTO_TEST_SUITE(window_operator_vectors)

// W-TUMBLE, §1.3 + §2.1: key1 {0,20,999} and key2 {1000,1998,1999} in [0,3000)
// fire at wm 2999 with maxTs 2999; key2 {3000,3999} in [3000,6000) at 5999.
BOOST_AUTO_TEST_CASE(tumbling_windows_fire_when_the_watermark_passes_their_end) {
  WindowHarness h(std::make_unique<TumblingWindows>(TumblingWindowOptions{.size = Ms(3000)}));
  FeedTumbleElements(h);
  for (int64_t wm : {999, 1999, 2999, 3999, 4999, 5999, 6999, 7999}) h.WM(wm);
  const Log expected = {"W(999)",  "W(1999)", "R(key1,3)@2999", "R(key2,3)@2999",
                        "W(2999)", "W(3999)", "W(4999)",        "R(key2,2)@5999",
                        "W(5999)", "W(6999)", "W(7999)"};
  BOOST_TEST(h.Normalized() == WindowHarness::Normalize(expected));
  for (const WindowResult& r : h.results()) BOOST_TEST((r.kind == FiringKind::kOnTime));
}

// W-SLIDE, §3.3: key1 {0,20,999} lie in [-2000,1000),[-1000,2000),[0,3000);
// key2 {1000,1998,1999} in [-1000,2000),[0,3000),[1000,4000); key2
// {3000,3999} in [1000,4000),[2000,5000),[3000,6000). E.g. [1000,4000) holds
// 1000,1998,1999,3000,3999 -> 5 at 3999.
BOOST_AUTO_TEST_CASE(sliding_windows_fire_every_slide_with_overlapping_contents) {
  WindowHarness h(
      std::make_unique<SlidingWindows>(SlidingWindowOptions{.size = Ms(3000), .slide = Ms(1000)}));
  FeedTumbleElements(h);
  for (int64_t wm : {999, 1999, 2999, 3999, 4999, 5999, 6999, 7999}) h.WM(wm);
  const Log expected = {"R(key1,3)@999",  "W(999)",         "R(key1,3)@1999", "R(key2,3)@1999",
                        "W(1999)",        "R(key1,3)@2999", "R(key2,3)@2999", "W(2999)",
                        "R(key2,5)@3999", "W(3999)",        "R(key2,2)@4999", "W(4999)",
                        "R(key2,2)@5999", "W(5999)",        "W(6999)",        "W(7999)"};
  BOOST_TEST(h.Normalized() == WindowHarness::Normalize(expected));
}

// W-SESSION, §3.4/§3.7: key2 {0,1000,2500} -> [0,5500) sum 6; {5501,6000,6000,
// 6050} -> [5501,9050) sum 20, separate because 5500 < 5501; key1 {10,1000,2500}
// -> [10,5500) sum 6; after wm 12000, {15000,15000} -> [15000,18000) sum 30.
BOOST_AUTO_TEST_CASE(session_windows_merge_elements_closer_than_the_gap) {
  WindowHarness h(std::make_unique<SessionWindows>(SessionWindowOptions{.gap = Ms(3000)}), {},
                  ResultFormat::kSession);
  h.E("key2", 1, 0);
  h.E("key2", 2, 1000);
  h.E("key2", 3, 2500);
  h.E("key1", 1, 10);
  h.E("key1", 2, 1000);
  h.E("key1", 3, 2500);
  h.E("key2", 4, 5501);
  h.E("key2", 5, 6000);
  h.E("key2", 5, 6000);
  h.E("key2", 6, 6050);
  h.WM(12000);
  h.E("key2", 10, 15000);
  h.E("key2", 20, 15000);
  h.WM(17999);
  const Log expected = {"R(key1-6,10,5500)@5499",       "R(key2-6,0,5500)@5499",
                        "R(key2-20,5501,9050)@9049",    "W(12000)",
                        "R(key2-30,15000,18000)@17999", "W(17999)"};
  BOOST_TEST(h.Normalized() == WindowHarness::Normalize(expected));
  BOOST_TEST(h.op().num_window_states() == 0u);
}

// W-POINT's custom assigner: session gap 3000, but value 33 gets the
// zero-length window [ts, ts).
class PointSessionWindows final : public WindowAssigner {
 public:
  void AssignWindows(const Record& record, Timestamp timestamp, Timestamp,
                     std::vector<TimeWindow>& out) override {
    const bool point = std::get<int64_t>(record.values[1]) == 33;
    out.emplace_back(timestamp, point ? timestamp : timestamp + Duration::Millis(3000));
  }
  bool IsEventTime() const override { return true; }
  bool IsMerging() const override { return true; }
  TriggerSpec DefaultTrigger() const override { return TriggerSpec::EventTime(); }
  std::unique_ptr<WindowAssigner> Clone() const override {
    return std::make_unique<PointSessionWindows>();
  }
  std::string ToString() const override { return "PointSessionWindows"; }
  std::string Describe() const override { return "point sessions"; }
};

// W-POINT, §3.7: point windows inside a session are absorbed without a merge:
// key2 1 + 33 + 33 = 67 in [0,3000); key1 [10,3010) + [1000,4000) -> [10,4000),
// 1 + 2 + 33 = 36 (the point [2500,2500) lies inside).
BOOST_AUTO_TEST_CASE(point_windows_inside_a_session_are_absorbed) {
  WindowHarness h(std::make_unique<PointSessionWindows>(), {}, ResultFormat::kSession);
  h.E("key2", 1, 0);
  h.E("key2", 33, 1000);
  h.E("key2", 33, 2500);
  h.E("key1", 1, 10);
  h.E("key1", 2, 1000);
  h.E("key1", 33, 2500);
  h.WM(12000);
  const Log expected = {"R(key1-36,10,4000)@3999", "R(key2-67,0,3000)@2999", "W(12000)"};
  BOOST_TEST(h.Normalized() == WindowHarness::Normalize(expected));
}

// W-OVERFLOW, §1.2: maxTs 9223372036854774999 + 2000 overflows, so cleanup
// time saturates to Max and no cleanup timer exists; the window still fires at
// its max timestamp.
BOOST_AUTO_TEST_CASE(cleanup_time_saturates_instead_of_overflowing) {
  WindowHarness h(std::make_unique<TumblingWindows>(TumblingWindowOptions{.size = Ms(1000)}),
                  {.allowed_lateness = Ms(2000)});
  const int64_t max = Timestamp::Max().millis();
  const ElementDecision& d = h.E("key2", 1, max - 1750);
  BOOST_TEST(d.windows.at(0).window.start().millis() == 9223372036854774000);
  BOOST_TEST(d.windows.at(0).cleanup_time.is_max());
  BOOST_TEST(h.op().timers().event_timers().size() == 1u);  // trigger timer only
  h.WM(max - 1500);
  h.WM(9223372036854774999);
  const Log expected = {"W(9223372036854774307)", "R(key2,1)@9223372036854774999",
                        "W(9223372036854774999)"};
  BOOST_TEST(h.Normalized() == WindowHarness::Normalize(expected));
}

// W-SIDE-TUMBLE, §1.2/§1.3 step 4: 1980 < wm 1985 is not late ([0,2000) has
// maxTs 1999 > 1985); at wm 1999 the timer 1999 fires and cleans (AL 0), so
// 1998 is late (side output) while 2001 opens [2000,4000).
BOOST_AUTO_TEST_CASE(late_elements_go_to_the_side_output_with_their_timestamp) {
  WindowHarness h(std::make_unique<TumblingWindows>(TumblingWindowOptions{.size = Ms(2000)}),
                  {.late_data = LateDataMode::kSideOutput});
  h.E("key2", 1, 1000);
  h.WM(1985);
  const ElementDecision& accepted = h.E("key2", 1, 1980);
  BOOST_TEST((accepted.outcome == ElementOutcome::kAccepted));
  BOOST_TEST((accepted.windows.at(0).admission == WindowAdmission::kOnTime));
  h.WM(1999);
  const ElementDecision& late = h.E("key2", 1, 1998);
  BOOST_TEST((late.outcome == ElementOutcome::kLateToSideOutput));
  BOOST_TEST((late.windows.at(0).admission == WindowAdmission::kLate));
  BOOST_TEST(late.windows.at(0).cleanup_time.millis() == 1999);
  BOOST_TEST(late.watermark.millis() == 1999);
  h.E("key2", 1, 2001);
  h.WM(2999);
  h.WM(3999);
  const Log expected = {"W(1985)", "R(key2,2)@1999", "W(1999)",
                        "W(2999)", "R(key2,1)@3999", "W(3999)"};
  BOOST_TEST(h.Normalized() == WindowHarness::Normalize(expected));
  BOOST_TEST(h.late() == Log{"R(key2,1)@1998"});
  BOOST_TEST(h.op().num_late_records_dropped() == 0u);
}

// W-CONT, §2.5: first fire time per key = floor-to-interval(first ts) + 3000:
// key1 (0) fires at 3000 and 6000 with {0,20,999}; key2 (3000) at 6000 with
// {3000,3999,1998,1999,1000}. Output timestamp is the global window's Max.
BOOST_AUTO_TEST_CASE(continuous_trigger_fires_global_windows_every_interval) {
  WindowHarness h(std::make_unique<GlobalWindows>(),
                  {.trigger = TriggerSpec::ContinuousEventTime(Ms(3000))});
  h.E("key1", 1, 0);
  h.E("key2", 1, 3000);
  h.E("key2", 1, 3999);
  h.E("key1", 1, 20);
  h.E("key1", 1, 999);
  h.E("key2", 1, 1998);
  h.E("key2", 1, 1999);
  h.E("key2", 1, 1000);
  for (int64_t wm = 1000; wm <= 8000; wm += 1000) h.WM(wm);
  const Log expected = {"W(1000)", "W(2000)", "R(key1,3)@MAX", "W(3000)",
                        "W(4000)", "W(5000)", "R(key1,3)@MAX", "R(key2,5)@MAX",
                        "W(6000)", "W(7000)", "W(8000)"};
  BOOST_TEST(h.Normalized() == WindowHarness::Normalize(expected));
  for (const WindowResult& r : h.results()) BOOST_TEST((r.kind == FiringKind::kEarly));
}

// W-COUNT, §2.3/§2.4: every 4th element of a key fires and purges; timestamps
// do not matter (GlobalWindows is never late).
BOOST_AUTO_TEST_CASE(purging_count_trigger_fires_every_fourth_element) {
  WindowHarness h(std::make_unique<GlobalWindows>(),
                  {.trigger = TriggerSpec::Purging(TriggerSpec::Count(4))});
  h.E("key2", 1, 3000);
  h.E("key2", 1, 3999);
  h.E("key1", 1, 20);
  h.E("key1", 1, 0);
  h.E("key1", 1, 999);
  h.E("key2", 1, 1998);
  BOOST_TEST(h.log().empty());
  h.E("key2", 1, 1999);
  BOOST_TEST(h.log() == Log{"R(key2,4)@MAX"});
  h.E("key2", 1, 1000);
  h.E("key1", 1, 10999);
  BOOST_TEST((h.log() == Log{"R(key2,4)@MAX", "R(key1,4)@MAX"}));
  h.E("key2", 1, 1000);
  h.E("key2", 1, 1000);
  h.E("key2", 1, 1000);
  BOOST_TEST((h.log() == Log{"R(key2,4)@MAX", "R(key1,4)@MAX", "R(key2,4)@MAX"}));
  for (const WindowResult& r : h.results()) BOOST_TEST((r.kind == FiringKind::kEarly));
  BOOST_TEST(h.op().timers().event_timers().empty());
}

// W-PROC, §3.8/§2.2: windows come from processing time (record timestamps,
// even Max, are ignored); they fire when the processing clock passes end - 1.
BOOST_AUTO_TEST_CASE(processing_time_windows_fire_on_the_processing_clock) {
  WindowHarness h(std::make_unique<TumblingWindows>(
      TumblingWindowOptions{.size = Ms(3000), .domain = TimeDomain::kProcessingTime}));
  h.PT(3);
  h.E("key2", 1, Timestamp::Max().millis());
  h.E("key2", 1, 7000);
  h.E("key2", 1, 7000);
  h.E("key1", 1, 7000);
  h.E("key1", 1, 7000);
  h.PT(5000);
  BOOST_TEST(WindowHarness::Normalize(h.log()) == (Log{"R(key1,2)@2999", "R(key2,3)@2999"}));
  h.E("key1", 1, 7000);
  h.E("key1", 1, 7000);
  h.E("key1", 1, 7000);
  h.PT(7000);
  BOOST_TEST(h.log().back() == "R(key1,3)@5999");
  BOOST_TEST(h.log().size() == 3u);
  for (const WindowResult& r : h.results()) BOOST_TEST((r.kind == FiringKind::kOnTime));
  BOOST_TEST(h.op().num_window_states() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
