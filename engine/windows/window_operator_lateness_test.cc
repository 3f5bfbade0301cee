// Window operator behaviour around lateness, cleanup and session merging that
// the Flink vectors do not pin one by one (§1.2-§1.10).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "engine/core/time_test_util.h"
#include "engine/windows/global_windows.h"
#include "engine/windows/session_windows.h"
#include "engine/windows/sliding_windows.h"
#include "engine/windows/tumbling_windows.h"
#include "engine/windows/window_operator.h"
#include "engine/windows/window_operator_harness.h"

namespace tidemark::engine {
namespace {

using testing::Ms;
using testing::ResultFormat;
using testing::Tumbling;
using testing::WindowHarness;
using Log = std::vector<std::string>;

std::unique_ptr<WindowAssigner> Sessions(int64_t gap) {
  return std::make_unique<SessionWindows>(SessionWindowOptions{.gap = Ms(gap)});
}

BOOST_AUTO_TEST_SUITE(window_operator_lateness)

std::vector<int64_t> EventTimerTimes(const WindowOperator& op) {
  std::vector<int64_t> times;
  for (const auto& t : op.timers().event_timers()) times.push_back(t.timestamp.millis());
  return times;
}

// The operator remembers a window's registered timers to skip registering
// them again per element; a timer that fired is forgotten, so when the
// watermark goes back (the operator's API allows it) the next element
// registers it again, as Flink's timer service would.
BOOST_AUTO_TEST_CASE(a_fired_timer_is_registered_again_after_the_watermark_goes_back) {
  WindowHarness h(Tumbling(10), {.allowed_lateness = Ms(5)});
  h.E("k", 1, 3);
  BOOST_TEST(EventTimerTimes(h.op()) == (std::vector<int64_t>{9, 14}));
  h.E("k", 2, 4);
  BOOST_TEST(EventTimerTimes(h.op()) == (std::vector<int64_t>{9, 14}));
  h.WM(9);
  BOOST_TEST(EventTimerTimes(h.op()) == (std::vector<int64_t>{14}));
  h.WM(0);
  h.E("k", 4, 5);
  BOOST_TEST(EventTimerTimes(h.op()) == (std::vector<int64_t>{9, 14}));
  h.WM(9);
  h.WM(14);
  BOOST_TEST(EventTimerTimes(h.op()).empty());
  BOOST_TEST(h.log() == (Log{"R(k,3)@9", "W(9)", "W(0)", "R(k,7)@9", "W(9)", "W(14)"}));
}

// §1.7: within allowed lateness ([0,2000): maxTs 1999 <= wm < cleanup 2999)
// every element re-fires the window with its FULL contents (1, then 1+2, then
// 1+2+4); after cleanup at 2999 the element is late and dropped.
BOOST_AUTO_TEST_CASE(allowed_lateness_refires_the_window_with_all_contents) {
  WindowHarness h(Tumbling(2000), {.allowed_lateness = Ms(1000)});
  h.E("k", 1, 500);
  h.WM(1999);
  const ElementDecision& d = h.E("k", 2, 1500);
  BOOST_TEST((d.windows.at(0).admission == WindowAdmission::kWithinLateness));
  BOOST_TEST(d.windows.at(0).cleanup_time.millis() == 2999);
  h.E("k", 4, 100);
  h.WM(2998);
  BOOST_TEST(h.op().num_window_states() == 1u);
  h.WM(2999);
  BOOST_TEST(h.op().num_window_states() == 0u);
  BOOST_TEST((h.E("k", 8, 1000).outcome == ElementOutcome::kDroppedLate));
  BOOST_TEST(h.log() ==
             (Log{"R(k,1)@1999", "W(1999)", "R(k,3)@1999", "R(k,7)@1999", "W(2998)", "W(2999)"}));
  BOOST_TEST((h.results().at(0).kind == FiringKind::kOnTime));
  BOOST_TEST((h.results().at(1).kind == FiringKind::kLate));
  BOOST_TEST((h.results().at(2).kind == FiringKind::kLate));
  BOOST_TEST(h.op().num_late_records_dropped() == 1u);
}

// §1.7 with PurgingTrigger(EventTimeTrigger): each firing purges, so late
// firings carry only the elements since the previous firing (1, 2, 4).
BOOST_AUTO_TEST_CASE(purging_trigger_refires_only_the_new_contents) {
  WindowHarness h(Tumbling(2000), {.trigger = TriggerSpec::Purging(TriggerSpec::EventTime()),
                                   .allowed_lateness = Ms(1000)});
  h.E("k", 1, 500);
  h.WM(1999);
  h.E("k", 2, 1500);
  h.E("k", 4, 100);
  h.WM(2999);
  BOOST_TEST(h.log() == (Log{"R(k,1)@1999", "W(1999)", "R(k,2)@1999", "R(k,4)@1999", "W(2999)"}));
  BOOST_TEST(h.results().at(2).element_count == 1u);
}

// §1.10 W-SLIDE-LATE: t=2400 at wm 3000, size 3000 slide 1000. [0,3000) is
// late (cleanup 2999 <= 3000) and skipped; [1000,4000) and [2000,5000) take
// it. One window took it, so no side output and no metric.
BOOST_AUTO_TEST_CASE(sliding_element_late_for_some_windows_only_is_accepted_by_the_others) {
  WindowHarness h(
      std::make_unique<SlidingWindows>(SlidingWindowOptions{.size = Ms(3000), .slide = Ms(1000)}),
      {.late_data = LateDataMode::kSideOutput});
  h.WM(3000);
  const ElementDecision& d = h.E("k", 1, 2400);
  BOOST_TEST((d.outcome == ElementOutcome::kAccepted));
  BOOST_TEST(d.windows.size() == 3u);
  BOOST_TEST(d.windows[0].window.start().millis() == 2000);
  BOOST_TEST((d.windows[0].admission == WindowAdmission::kOnTime));
  BOOST_TEST(d.windows[1].window.start().millis() == 1000);
  BOOST_TEST((d.windows[1].admission == WindowAdmission::kOnTime));
  BOOST_TEST(d.windows[2].window.start().millis() == 0);
  BOOST_TEST((d.windows[2].admission == WindowAdmission::kLate));
  BOOST_TEST(h.late().empty());
  h.WM(5000);
  BOOST_TEST(WindowHarness::Normalize(h.log()) ==
             (Log{"W(3000)", "R(k,1)@3999", "R(k,1)@4999", "W(5000)"}));
}

// §1.4 step 2: lateness is judged on the MERGED window. 2000 is behind wm 2500
// (2000 + 0 <= 2500) but bridges [0,3000) and [4000,7000) into [0,7000),
// which is not late, so it is accepted. A later element whose own session is
// late goes to the side output.
BOOST_AUTO_TEST_CASE(late_element_bridging_two_sessions_is_accepted) {
  WindowHarness h(Sessions(3000), {.late_data = LateDataMode::kSideOutput}, ResultFormat::kSession);
  h.E("k", 1, 0);
  h.E("k", 2, 4000);
  h.WM(2500);
  const ElementDecision& d = h.E("k", 4, 2000);
  BOOST_TEST((d.outcome == ElementOutcome::kAccepted));
  BOOST_TEST(d.windows.at(0).assigned.start().millis() == 2000);
  BOOST_TEST(d.windows.at(0).window.start().millis() == 0);
  BOOST_TEST(d.windows.at(0).window.end().millis() == 7000);
  h.WM(7000);
  const ElementDecision& late = h.E("k", 8, 100);
  BOOST_TEST((late.outcome == ElementOutcome::kLateToSideOutput));
  BOOST_TEST(late.windows.at(0).cleanup_time.millis() == 3099);
  BOOST_TEST(h.log() == (Log{"W(2500)", "R(k-7,0,7000)@6999", "W(7000)"}));
  BOOST_TEST(h.late() == Log{"R(k,8)@100"});
  BOOST_TEST(h.op().num_window_states() == 0u);
  BOOST_TEST(h.op().timers().event_timers().empty());
}

// §1.6: a purged session window stays as merge metadata until its cleanup
// time (2999 + AL 5000 = 7999): 2500 merges into it ([0,5500), not
// [2500,5500)), and the firing holds only the contents since the purge.
BOOST_AUTO_TEST_CASE(purged_session_window_still_merges_until_cleanup) {
  WindowHarness h(
      Sessions(3000),
      {.trigger = TriggerSpec::Purging(TriggerSpec::EventTime()), .allowed_lateness = Ms(5000)},
      ResultFormat::kSession);
  h.E("k", 1, 0);
  h.WM(3000);
  h.E("k", 2, 2500);
  h.WM(5499);
  BOOST_TEST(h.log() == (Log{"R(k-1,0,3000)@2999", "W(3000)", "R(k-2,0,5500)@5499", "W(5499)"}));
  BOOST_TEST((h.results().at(1).kind == FiringKind::kOnTime));
}

// §1.2/§1.5: cleanup happens exactly at maxTs + AL (999 + 500 = 1499): the
// state survives wm 1498 (and a late firing there), and is gone at 1499.
BOOST_AUTO_TEST_CASE(window_state_is_cleaned_at_max_timestamp_plus_allowed_lateness) {
  WindowHarness h(Tumbling(1000), {.allowed_lateness = Ms(500)});
  h.E("k", 1, 0);
  BOOST_TEST(h.op().timers().event_timers().size() == 2u);  // 999 (trigger), 1499 (cleanup)
  h.WM(999);
  BOOST_TEST(h.op().num_window_states() == 1u);
  h.WM(1498);
  h.E("k", 1, 10);
  BOOST_TEST(h.op().num_window_states() == 1u);
  h.WM(1499);
  BOOST_TEST(h.op().num_window_states() == 0u);
  BOOST_TEST(h.op().timers().event_timers().empty());
  BOOST_TEST(h.log() == (Log{"R(k,1)@999", "W(999)", "W(1498)", "R(k,2)@999", "W(1499)"}));
}

// §3.1: windows of negative timestamps start at the floor, not toward zero:
// -1 and -1000 are in [-1000,0), -1001 in [-2000,-1000). Both fire at wm -1,
// in timer order (maxTs -1001 before -1).
BOOST_AUTO_TEST_CASE(negative_timestamps_fall_into_floor_aligned_windows) {
  WindowHarness h(Tumbling(1000));
  h.E("k", 1, -1);
  h.E("k", 2, -1000);
  h.E("k", 4, -1001);
  h.WM(-1);
  BOOST_TEST(h.log() == (Log{"R(k,4)@-1001", "R(k,3)@-1", "W(-1)"}));
}

// §1.3 step 4: with slide > size an element in a gap has no window. Ahead of
// the watermark it is silently discarded; behind it, it goes to the side
// output although no window ever existed.
BOOST_AUTO_TEST_CASE(gap_elements_are_discarded_unless_behind_the_watermark) {
  WindowHarness h(
      std::make_unique<SlidingWindows>(SlidingWindowOptions{.size = Ms(1000), .slide = Ms(3000)}),
      {.late_data = LateDataMode::kSideOutput});
  BOOST_TEST((h.E("k", 1, 1500).outcome == ElementOutcome::kDiscarded));
  h.WM(5000);
  BOOST_TEST((h.E("k", 1, 1500).outcome == ElementOutcome::kLateToSideOutput));
  BOOST_TEST(h.late() == Log{"R(k,1)@1500"});
}

// §2.3 + FiringKind: a count trigger on event-time windows fires early and
// never on time; the cleanup timer drops the rest silently.
BOOST_AUTO_TEST_CASE(count_trigger_on_time_windows_fires_early_only) {
  WindowHarness h(Tumbling(1000), {.trigger = TriggerSpec::Count(2)});
  h.E("k", 1, 0);
  h.E("k", 2, 1);
  h.E("k", 4, 2);
  h.WM(999);
  BOOST_TEST(h.log() == (Log{"R(k,3)@999", "W(999)"}));
  BOOST_TEST((h.results().at(0).kind == FiringKind::kEarly));
  BOOST_TEST(h.op().num_window_states() == 0u);
}

// Every element gets exactly one terminal outcome; the side output and the
// drop counter see exactly the late ones; on-time contents account for every
// accepted element (tumbling, AL 0: each accepted element is in one firing).
BOOST_AUTO_TEST_CASE(every_element_has_exactly_one_terminal_outcome) {
  for (LateDataMode mode : {LateDataMode::kDrop, LateDataMode::kSideOutput}) {
    WindowHarness h(Tumbling(100), {.late_data = mode});
    uint64_t state = 12345;  // a fixed LCG: deterministic disorder
    int64_t max_ts = 0;
    const int n = 2000;
    for (int i = 0; i < n; ++i) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const int64_t ts = i * 10 - static_cast<int64_t>((state >> 33) % 400);
      max_ts = std::max(max_ts, ts);
      h.E(i % 3 == 0 ? "a" : "b", 1, ts);
      if (i % 7 == 0) h.WM(max_ts - 150);
    }
    h.WM(Timestamp::Max().millis());
    std::map<ElementOutcome, uint64_t> tally;
    for (const ElementDecision& d : h.decisions()) ++tally[d.outcome];
    BOOST_TEST(h.decisions().size() == static_cast<size_t>(n));
    BOOST_TEST(tally[ElementOutcome::kDiscarded] == 0u);
    BOOST_TEST(tally[ElementOutcome::kLateToSideOutput] == h.late().size());
    BOOST_TEST(tally[ElementOutcome::kDroppedLate] == h.op().num_late_records_dropped());
    BOOST_TEST(tally[ElementOutcome::kLateToSideOutput] + tally[ElementOutcome::kDroppedLate] > 0u);
    uint64_t fired = 0;
    for (const WindowResult& r : h.results()) fired += r.element_count;
    BOOST_TEST(fired == tally[ElementOutcome::kAccepted]);
    BOOST_TEST(h.op().num_window_states() == 0u);
  }
}

// §1.1: Flink's option checks.
BOOST_AUTO_TEST_CASE(options_are_validated_with_flinks_messages) {
  WindowOperatorOptions negative{.assigner = Tumbling(1000),
                                 .allowed_lateness = Ms(-1),
                                 .input_schema = testing::KeyValueSchema()};
  BOOST_TEST(WindowOperator::Validate(negative).value() ==
             "The allowed lateness cannot be negative.");
  WindowOperatorOptions never{.assigner = Sessions(1000),
                              .trigger = TriggerSpec::Never(),
                              .input_schema = testing::KeyValueSchema()};
  BOOST_TEST(WindowOperator::Validate(never).value() ==
             "A merging window assigner cannot be used with a trigger that does not support "
             "merging.");
  WindowOperatorOptions sum_of_key{
      .assigner = Tumbling(1000),
      .input_schema = testing::KeyValueSchema(),
      .aggregates = {{.output_name = "s", .kind = AggregateKind::kSum, .field = 0}}};
  BOOST_TEST(WindowOperator::Validate(sum_of_key).value() ==
             "sum(key) needs a numeric field, but 'key' is string");
  WindowOperatorOptions ok{.assigner = Sessions(1000),
                           .input_schema = testing::KeyValueSchema(),
                           .aggregates = testing::SumOfValue()};
  BOOST_TEST(!WindowOperator::Validate(ok).has_value());
}

// §1.2: processing-time and global windows ignore allowed lateness; global
// windows are never late and never cleaned.
BOOST_AUTO_TEST_CASE(global_windows_are_never_late_nor_cleaned) {
  WindowHarness h(std::make_unique<GlobalWindows>(GlobalWindowTrigger::kEndOfStream),
                  {.late_data = LateDataMode::kSideOutput});
  h.WM(1000000);
  const ElementDecision& d = h.E("k", 5, -1000);
  BOOST_TEST((d.outcome == ElementOutcome::kAccepted));
  BOOST_TEST(d.windows.at(0).cleanup_time.is_max());
  BOOST_TEST(h.op().CleanupTime(TimeWindow::Global()).is_max());
  h.WM(Timestamp::Max().millis());
  BOOST_TEST(h.log() == (Log{"W(1000000)", "R(k,5)@MAX", "W(MAX)"}));
  BOOST_TEST((h.results().at(0).kind == FiringKind::kOnTime));
}

// §3.8 + §2.2: processing-time sessions merge on the processing clock; the
// merged window [0,150) fires when the clock reaches 149, and its state goes.
BOOST_AUTO_TEST_CASE(processing_time_sessions_merge_and_fire_on_the_processing_clock) {
  WindowHarness h(std::make_unique<SessionWindows>(
                      SessionWindowOptions{.gap = Ms(100), .domain = TimeDomain::kProcessingTime}),
                  {}, ResultFormat::kSession);
  h.PT(0);
  h.E("k", 1, 7);
  h.PT(50);
  h.E("k", 2, 7);
  BOOST_TEST(h.op().timers().processing_timers().size() == 1u);  // 149: trigger and cleanup
  h.PT(148);
  BOOST_TEST(h.log().empty());
  h.PT(149);
  BOOST_TEST(h.log() == Log{"R(k-3,0,150)@149"});
  BOOST_TEST((h.results().at(0).kind == FiringKind::kOnTime));
  BOOST_TEST(h.op().num_window_states() == 0u);
}

// §1.4 merge guard: maxTs + AL of the merged window overflows to a negative
// number <= the watermark, and Flink fails the job with its message.
BOOST_AUTO_TEST_CASE(session_merge_whose_lateness_overflows_fails_like_flink) {
  WindowHarness h(Sessions(1000), {.allowed_lateness = Ms(2000)});
  const int64_t max = Timestamp::Max().millis();
  h.E("k", 1, max - 1750);
  h.WM(0);
  BOOST_CHECK_EXCEPTION(h.E("k", 1, max - 1600), InputError, [](const InputError& e) {
    return std::string(e.message())
        .starts_with(
            "The end timestamp of an event-time window cannot become earlier than the current "
            "watermark by merging. Current watermark: 0 window: TimeWindow{start=");
  });
}

// The narration line of each admission.
BOOST_AUTO_TEST_CASE(window_decisions_explain_themselves) {
  WindowHarness h(Tumbling(10000), {.allowed_lateness = Ms(1000)});
  h.WM(10500);
  const ElementDecision& within = h.E("k", 1, 5000);
  BOOST_TEST(ExplainWindowDecision(within.windows.at(0), within.watermark) ==
             "window [0, 10000) max timestamp 9999 <= watermark 10500 < cleanup 10999: within "
             "allowed lateness, fires at once");
  h.WM(12000);
  const ElementDecision& late = h.E("k", 1, 5000);
  BOOST_TEST(ExplainWindowDecision(late.windows.at(0), late.watermark) ==
             "window [0, 10000) cleanup 10999 <= watermark 12000: late, skipped");
  BOOST_TEST(ElementOutcomeName(late.outcome) == "dropped_late");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
