#include "engine/trigger.h"

#include <boost/test/unit_test.hpp>

#include <map>
#include <utility>
#include <vector>

namespace tidemark::engine {
namespace {

Timestamp T(int64_t ms) { return Timestamp::Millis(ms); }
Duration D(int64_t ms) { return Duration::Millis(ms); }
TimeWindow W(int64_t start, int64_t end) { return TimeWindow(T(start), T(end)); }

// A trigger harness in the style of Flink's TriggerTestHarness: one key, trigger
// state per window, timers in a real TimerService.
class Harness {
 public:
  explicit Harness(TriggerSpec spec) : trigger_(spec) {}

  TriggerResult Element(const TimeWindow& w, int64_t ts = 0) {
    TriggerContext ctx(timers_, 0, w);
    return trigger_.OnElement(T(ts), State(w), ctx);
  }
  // Advances the watermark; returns (window, result) of every timer callback.
  std::vector<std::pair<TimeWindow, TriggerResult>> AdvanceWatermark(int64_t wm) {
    std::vector<std::pair<TimeWindow, TriggerResult>> results;
    timers_.AdvanceWatermark(T(wm), [&](const Timer<TimeWindow>& t) {
      TriggerContext ctx(timers_, t.key, t.ns);
      results.emplace_back(t.ns, trigger_.OnEventTime(t.timestamp, State(t.ns), ctx));
    });
    return results;
  }
  std::vector<TriggerResult> AdvanceProcessingTime(int64_t now) {
    std::vector<TriggerResult> results;
    timers_.AdvanceProcessingTime(T(now), [&](const Timer<TimeWindow>& t) {
      TriggerContext ctx(timers_, t.key, t.ns);
      results.push_back(trigger_.OnProcessingTime(t.timestamp, State(t.ns), ctx));
    });
    return results;
  }
  // The operator's merge sequence (§1.4): move state, onMerge, clear each merged window.
  void Merge(const std::vector<TimeWindow>& merged, const TimeWindow& result) {
    for (const TimeWindow& m : merged) {
      State(result).MergeFrom(State(m));
      State(m) = TriggerState{};
    }
    TriggerContext ctx(timers_, 0, result);
    trigger_.OnMerge(State(result), ctx);
    for (const TimeWindow& m : merged) {
      TriggerContext mctx(timers_, 0, m);
      trigger_.Clear(State(m), mctx);
    }
  }
  size_t NumEventTimers() const { return timers_.event_timers().size(); }
  size_t NumEventTimers(const TimeWindow& w) const {
    size_t n = 0;
    for (const auto& t : timers_.event_timers()) n += t.ns == w;
    return n;
  }
  size_t NumProcessingTimers() const { return timers_.processing_timers().size(); }
  bool HasEventTimer(const TimeWindow& w, int64_t ts) const {
    return timers_.event_timers().count({T(ts), 0, w}) > 0;
  }
  TriggerState& State(const TimeWindow& w) { return states_[w]; }

 private:
  Trigger trigger_;
  TimerService<TimeWindow> timers_;
  std::map<TimeWindow, TriggerState> states_;
};

using Results = std::vector<std::pair<TimeWindow, TriggerResult>>;
constexpr TriggerResult kContinue = TriggerResult::kContinue;
constexpr TriggerResult kFire = TriggerResult::kFire;
constexpr TriggerResult kFireAndPurge = TriggerResult::kFireAndPurge;

BOOST_AUTO_TEST_SUITE(trigger)

// T-ET-1 (EventTimeTriggerTest.testWindowSeparationAndFiring), §2.1: one timer
// per window at max timestamp (deduplicated), each window fires on its own.
BOOST_AUTO_TEST_CASE(event_time_trigger_keeps_windows_separate_and_fires_each_once) {
  Harness h(TriggerSpec::EventTime());
  for (int i = 0; i < 3; ++i) BOOST_TEST((h.Element(W(0, 2)) == kContinue));
  for (int i = 0; i < 2; ++i) BOOST_TEST((h.Element(W(2, 4)) == kContinue));
  BOOST_TEST(h.NumEventTimers() == 2u);
  BOOST_TEST(h.HasEventTimer(W(0, 2), 1));
  BOOST_TEST(h.HasEventTimer(W(2, 4), 3));
  BOOST_TEST(h.State(W(0, 2)).empty());
  BOOST_TEST((h.AdvanceWatermark(2) == Results{{W(0, 2), kFire}}));
  BOOST_TEST(h.NumEventTimers() == 1u);
  BOOST_TEST((h.AdvanceWatermark(4) == Results{{W(2, 4), kFire}}));
  BOOST_TEST(h.NumEventTimers() == 0u);
}

// T-ET-2 (testLateElementTriggersImmediately), §2.1: max timestamp 1 <= wm 2.
BOOST_AUTO_TEST_CASE(event_time_trigger_fires_at_once_for_a_window_behind_the_watermark) {
  Harness h(TriggerSpec::EventTime());
  h.AdvanceWatermark(2);
  BOOST_TEST((h.Element(W(0, 2)) == kFire));
  BOOST_TEST(h.NumEventTimers() == 0u);
}

// T-ET-3 (testMergingWindows), §2.1 onMerge: old timers deleted, one at 3.
BOOST_AUTO_TEST_CASE(event_time_trigger_merge_moves_the_timer_to_the_merged_window) {
  Harness h(TriggerSpec::EventTime());
  h.Element(W(0, 2));
  h.Element(W(2, 4));
  BOOST_TEST(h.NumEventTimers() == 2u);
  h.Merge({W(0, 2), W(2, 4)}, W(0, 4));
  BOOST_TEST(h.NumEventTimers() == 1u);
  BOOST_TEST(h.HasEventTimer(W(0, 4), 3));
  BOOST_TEST((h.AdvanceWatermark(4) == Results{{W(0, 4), kFire}}));
  BOOST_TEST(h.NumEventTimers() == 0u);
}

// T-ET-4 (testMergingLateWindows), §2.1: merged max timestamp 3 <= wm 10, so
// onMerge registers nothing.
BOOST_AUTO_TEST_CASE(event_time_trigger_merge_behind_the_watermark_registers_no_timer) {
  Harness h(TriggerSpec::EventTime());
  h.Element(W(0, 2));
  h.Element(W(2, 4));
  BOOST_TEST((h.AdvanceWatermark(10) == Results{{W(0, 2), kFire}, {W(2, 4), kFire}}));
  h.Merge({W(0, 2), W(2, 4)}, W(0, 4));
  BOOST_TEST(h.NumEventTimers() == 0u);
}

// §2.1: a cleanup timer after max timestamp only continues.
BOOST_AUTO_TEST_CASE(event_time_trigger_continues_for_other_timers) {
  TimerService<TimeWindow> timers;
  TriggerContext ctx(timers, 0, W(0, 2));
  TriggerState state;
  BOOST_TEST((Trigger(TriggerSpec::EventTime()).OnEventTime(T(5), state, ctx) == kContinue));
}

// §2.3 + §2.4: CountTrigger fires every n elements and resets; purging turns
// FIRE into FIRE_AND_PURGE.
BOOST_AUTO_TEST_CASE(count_trigger_fires_every_n_elements_and_purging_purges) {
  Harness h(TriggerSpec::Count(3));
  BOOST_TEST((h.Element(W(0, 10)) == kContinue));
  BOOST_TEST((h.Element(W(0, 10)) == kContinue));
  BOOST_TEST((h.Element(W(0, 10)) == kFire));
  BOOST_TEST(h.State(W(0, 10)).count == 0);
  BOOST_TEST((h.Element(W(0, 10)) == kContinue));
  BOOST_TEST(h.NumEventTimers() == 0u);
  Harness purging(TriggerSpec::Purging(TriggerSpec::Count(2)));
  BOOST_TEST((purging.Element(W(0, 10)) == kContinue));
  BOOST_TEST((purging.Element(W(0, 10)) == kFireAndPurge));
  BOOST_TEST(TriggerSpec::Purging(TriggerSpec::Count(2)).ToString() ==
             "PurgingTrigger(CountTrigger(2))");
}

// §2.3: merged windows' counts add up.
BOOST_AUTO_TEST_CASE(count_trigger_merge_sums_the_counts) {
  Harness h(TriggerSpec::Count(3));
  h.Element(W(0, 2));
  h.Element(W(2, 4));
  h.Merge({W(0, 2), W(2, 4)}, W(0, 4));
  BOOST_TEST(h.State(W(0, 4)).count == 2);
  BOOST_TEST((h.Element(W(0, 4)) == kFire));
}

// §2.5: first fire time = ts - ts % interval + interval (Java %, so ts = -1
// starts at 0 and fires at 3000), capped at max timestamp; re-armed after firing.
BOOST_AUTO_TEST_CASE(continuous_trigger_fires_every_interval_until_max_timestamp) {
  Harness h(TriggerSpec::ContinuousEventTime(D(3000)));
  BOOST_TEST((h.Element(W(-5000, 7000), -1) == kContinue));
  BOOST_TEST(h.State(W(-5000, 7000)).fire_time.value().millis() == 3000);
  BOOST_TEST(h.HasEventTimer(W(-5000, 7000), 6999));
  BOOST_TEST((h.AdvanceWatermark(3000) == Results{{W(-5000, 7000), kFire}}));
  BOOST_TEST(h.State(W(-5000, 7000)).fire_time.value().millis() == 6000);
  // Next: min(6000 + 3000, 6999) = 6999, the same timer as max timestamp.
  BOOST_TEST((h.AdvanceWatermark(6000) == Results{{W(-5000, 7000), kFire}}));
  BOOST_TEST(h.State(W(-5000, 7000)).fire_time.value().millis() == 6999);
  BOOST_TEST((h.AdvanceWatermark(7000) == Results{{W(-5000, 7000), kFire}}));
  BOOST_TEST(h.NumEventTimers() == 0u);
  // Behind the watermark an element fires at once and touches no state.
  BOOST_TEST((h.Element(W(0, 10), 5) == kFire));
}

// §2.5: clear deletes the fire-time timer only, not the max timestamp timer.
BOOST_AUTO_TEST_CASE(continuous_trigger_clear_keeps_the_max_timestamp_timer) {
  Harness h(TriggerSpec::ContinuousEventTime(D(10)));
  h.Element(W(0, 100), 0);
  BOOST_TEST(h.NumEventTimers() == 2u);
  h.Merge({}, W(0, 100));  // re-registers the (same) fire time: still 2
  BOOST_TEST(h.NumEventTimers() == 2u);
  h.Merge({W(0, 100)}, W(0, 200));
  // State moved to [0,200) and its fire time re-registered there; the old
  // window's timers stay (clear found no state), as in Flink.
  BOOST_TEST(h.HasEventTimer(W(0, 200), 10));
  BOOST_TEST(h.NumEventTimers(W(0, 100)) == 2u);
}

// §2.2: ProcessingTimeTrigger registers max timestamp and fires on it.
BOOST_AUTO_TEST_CASE(processing_time_trigger_fires_on_its_processing_timer) {
  Harness h(TriggerSpec::ProcessingTime());
  BOOST_TEST((h.Element(W(0, 3000)) == kContinue));
  BOOST_TEST(h.NumProcessingTimers() == 1u);
  BOOST_TEST(h.AdvanceProcessingTime(2998).empty());
  BOOST_TEST((h.AdvanceProcessingTime(2999) == std::vector<TriggerResult>{kFire}));
}

// §2.6: GlobalWindows' triggers: never, and once at Max.
BOOST_AUTO_TEST_CASE(global_window_triggers_never_fire_or_fire_at_end_of_stream) {
  Harness never(TriggerSpec::Never());
  BOOST_TEST((never.Element(TimeWindow::Global()) == kContinue));
  BOOST_TEST(never.NumEventTimers() == 0u);
  BOOST_TEST(!TriggerSpec::Never().CanMerge());
  Harness eos(TriggerSpec::EndOfStream());
  BOOST_TEST((eos.Element(TimeWindow::Global()) == kContinue));
  BOOST_TEST(eos.AdvanceWatermark(1000000).empty());
  BOOST_TEST((eos.AdvanceWatermark(Timestamp::Max().millis()) ==
              Results{{TimeWindow::Global(), kFire}}));
}

// Validation: a continuous trigger needs a positive interval.
BOOST_AUTO_TEST_CASE(continuous_trigger_rejects_a_non_positive_interval) {
  BOOST_TEST(TriggerSpec::ContinuousEventTime(D(0)).Validate().has_value());
  BOOST_TEST(!TriggerSpec::ContinuousEventTime(D(1)).Validate().has_value());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
