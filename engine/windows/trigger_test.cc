#include "engine/windows/trigger.h"

#include <map>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/windows/time_window_test_util.h"

namespace tidemark::engine {
namespace {

using testing::Ms;
using testing::T;
using testing::W;

// Whether a harness keeps KnownTimers per window, as the window operator does.
enum class Memo { kNone, kKnownTimers };

// A trigger harness in the style of Flink's TriggerTestHarness: one key, trigger
// state per window, timers in a real TimerService.
class TriggerHarness {
 public:
  explicit TriggerHarness(TriggerSpec spec, Memo memo = Memo::kNone)
      : trigger_(spec), memo_(memo) {}

  TriggerResult Element(const TimeWindow& w, int64_t ts = 0) {
    TriggerContext ctx = Context(w);
    return trigger_.OnElement(T(ts), State(w), ctx);
  }
  // Advances the watermark; returns (window, result) of every timer callback.
  std::vector<std::pair<TimeWindow, TriggerResult>> AdvanceWatermark(int64_t wm) {
    std::vector<std::pair<TimeWindow, TriggerResult>> results;
    timers_.AdvanceWatermark(T(wm), [&](const Timer<TimeWindow>& t) {
      known_[t.ns].Forget(t.timestamp);  // it fired
      TriggerContext ctx = Context(t.ns);
      results.emplace_back(t.ns, trigger_.OnEventTime(t.timestamp, State(t.ns), ctx));
    });
    return results;
  }
  std::vector<TriggerResult> AdvanceProcessingTime(int64_t now) {
    std::vector<TriggerResult> results;
    timers_.AdvanceProcessingTime(T(now), [&](const Timer<TimeWindow>& t) {
      TriggerContext ctx = Context(t.ns);
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
    TriggerContext ctx = Context(result);
    trigger_.OnMerge(State(result), ctx);
    for (const TimeWindow& m : merged) {
      TriggerContext mctx = Context(m);
      trigger_.Clear(State(m), mctx);
    }
  }
  void Clear(const TimeWindow& w) {
    TriggerContext ctx = Context(w);
    trigger_.Clear(State(w), ctx);
  }
  const TimerService<TimeWindow>& timers() const { return timers_; }
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
  TriggerContext Context(const TimeWindow& w) {
    if (memo_ == Memo::kNone) return TriggerContext(timers_, 0, w);
    return TriggerContext(timers_, 0, w, known_[w]);
  }

  Trigger trigger_;
  Memo memo_;
  TimerService<TimeWindow> timers_;
  std::map<TimeWindow, TriggerState> states_;
  std::map<TimeWindow, KnownTimers> known_;
};

using Results = std::vector<std::pair<TimeWindow, TriggerResult>>;
constexpr TriggerResult kContinue = TriggerResult::kContinue;
constexpr TriggerResult kFire = TriggerResult::kFire;
constexpr TriggerResult kFireAndPurge = TriggerResult::kFireAndPurge;

BOOST_AUTO_TEST_SUITE(trigger)

// T-ET-1 (EventTimeTriggerTest.testWindowSeparationAndFiring), §2.1: one timer
// per window at max timestamp (deduplicated), each window fires on its own.
BOOST_AUTO_TEST_CASE(event_time_trigger_keeps_windows_separate_and_fires_each_once) {
  TriggerHarness h(TriggerSpec::EventTime());
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
  TriggerHarness h(TriggerSpec::EventTime());
  h.AdvanceWatermark(2);
  BOOST_TEST((h.Element(W(0, 2)) == kFire));
  BOOST_TEST(h.NumEventTimers() == 0u);
}

// T-ET-3 (testMergingWindows), §2.1 onMerge: old timers deleted, one at 3.
BOOST_AUTO_TEST_CASE(event_time_trigger_merge_moves_the_timer_to_the_merged_window) {
  TriggerHarness h(TriggerSpec::EventTime());
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
  TriggerHarness h(TriggerSpec::EventTime());
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
  TriggerHarness h(TriggerSpec::Count(3));
  BOOST_TEST((h.Element(W(0, 10)) == kContinue));
  BOOST_TEST((h.Element(W(0, 10)) == kContinue));
  BOOST_TEST((h.Element(W(0, 10)) == kFire));
  BOOST_TEST(h.State(W(0, 10)).count == 0);
  BOOST_TEST((h.Element(W(0, 10)) == kContinue));
  BOOST_TEST(h.NumEventTimers() == 0u);
  TriggerHarness purging(TriggerSpec::Purging(TriggerSpec::Count(2)));
  BOOST_TEST((purging.Element(W(0, 10)) == kContinue));
  BOOST_TEST((purging.Element(W(0, 10)) == kFireAndPurge));
  BOOST_TEST(TriggerSpec::Purging(TriggerSpec::Count(2)).ToString() ==
             "PurgingTrigger(CountTrigger(2))");
}

// §2.3: merged windows' counts add up.
BOOST_AUTO_TEST_CASE(count_trigger_merge_sums_the_counts) {
  TriggerHarness h(TriggerSpec::Count(3));
  h.Element(W(0, 2));
  h.Element(W(2, 4));
  h.Merge({W(0, 2), W(2, 4)}, W(0, 4));
  BOOST_TEST(h.State(W(0, 4)).count == 2);
  BOOST_TEST((h.Element(W(0, 4)) == kFire));
}

// §2.5: first fire time = ts - ts % interval + interval (Java %, so ts = -1
// starts at 0 and fires at 3000), capped at max timestamp; re-armed after firing.
BOOST_AUTO_TEST_CASE(continuous_trigger_fires_every_interval_until_max_timestamp) {
  TriggerHarness h(TriggerSpec::ContinuousEventTime(Ms(3000)));
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
  TriggerHarness h(TriggerSpec::ContinuousEventTime(Ms(10)));
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
  TriggerHarness h(TriggerSpec::ProcessingTime());
  BOOST_TEST((h.Element(W(0, 3000)) == kContinue));
  BOOST_TEST(h.NumProcessingTimers() == 1u);
  BOOST_TEST(h.AdvanceProcessingTime(2998).empty());
  BOOST_TEST((h.AdvanceProcessingTime(2999) == std::vector<TriggerResult>{kFire}));
}

// §2.6: GlobalWindows' triggers: never, and once at Max.
BOOST_AUTO_TEST_CASE(global_window_triggers_never_fire_or_fire_at_end_of_stream) {
  TriggerHarness never(TriggerSpec::Never());
  BOOST_TEST((never.Element(TimeWindow::Global()) == kContinue));
  BOOST_TEST(never.NumEventTimers() == 0u);
  BOOST_TEST(!TriggerSpec::Never().CanMerge());
  TriggerHarness eos(TriggerSpec::EndOfStream());
  BOOST_TEST((eos.Element(TimeWindow::Global()) == kContinue));
  BOOST_TEST(eos.AdvanceWatermark(1000000).empty());
  BOOST_TEST(
      (eos.AdvanceWatermark(Timestamp::Max().millis()) == Results{{TimeWindow::Global(), kFire}}));
}

// KnownTimers only skip registrations of timers that are registered: the
// same pseudo-random steps (elements, watermarks that may go back, merges,
// clears) through a harness with and without KnownTimers give the same
// results and the same pending timers after every step, for every trigger.
BOOST_AUTO_TEST_CASE(known_timers_change_no_result_or_timer) {
  const std::vector<TriggerSpec> specs = {
      TriggerSpec::EventTime(),
      TriggerSpec::ProcessingTime(),
      TriggerSpec::Count(2),
      TriggerSpec::ContinuousEventTime(Ms(3)),
      TriggerSpec::Purging(TriggerSpec::EventTime()),
      TriggerSpec::Purging(TriggerSpec::ContinuousEventTime(Ms(4))),
      TriggerSpec::EndOfStream(),
  };
  const std::vector<TimeWindow> windows = {W(0, 10), W(10, 20), W(0, 20), W(5, 15), W(-10, 0)};
  uint64_t lcg = 42;
  const auto next = [&](uint64_t n) {
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return (lcg >> 33) % n;
  };
  for (const TriggerSpec& spec : specs) {
    TriggerHarness plain(spec, Memo::kNone);
    TriggerHarness memo(spec, Memo::kKnownTimers);
    int64_t wm = -15;
    for (int step = 0; step < 2000; ++step) {
      const TimeWindow& w = windows[next(windows.size())];
      switch (next(6)) {
        case 0:
        case 1: {
          const auto ts = static_cast<int64_t>(next(40)) - 15;
          BOOST_TEST((plain.Element(w, ts) == memo.Element(w, ts)));
          break;
        }
        case 2:
          wm += static_cast<int64_t>(next(9)) - 2;  // mostly forward, sometimes back
          BOOST_TEST((plain.AdvanceWatermark(wm) == memo.AdvanceWatermark(wm)));
          BOOST_TEST((plain.AdvanceProcessingTime(wm) == memo.AdvanceProcessingTime(wm)));
          break;
        case 3:
          if (spec.CanMerge()) {
            const TimeWindow& other = windows[next(windows.size())];
            plain.Merge({w, other}, w.Cover(other));
            memo.Merge({w, other}, w.Cover(other));
          }
          break;
        case 4:
          plain.Clear(w);
          memo.Clear(w);
          break;
        case 5:
          wm = -15;  // a restart from far back: every timer may fire again
          break;
      }
      BOOST_TEST((plain.timers().event_timers() == memo.timers().event_timers()));
      BOOST_TEST((plain.timers().processing_timers() == memo.timers().processing_timers()));
    }
  }
}

// Validation: a continuous trigger needs a positive interval.
BOOST_AUTO_TEST_CASE(continuous_trigger_rejects_a_non_positive_interval) {
  BOOST_TEST(TriggerSpec::ContinuousEventTime(Ms(0)).Validate().has_value());
  BOOST_TEST(!TriggerSpec::ContinuousEventTime(Ms(1)).Validate().has_value());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
