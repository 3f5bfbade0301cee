// The source subtask: per-split watermarks (§5.4) and generators
// (§4.2-§4.4). Ticks are driven by hand at the times the comments derive; the
// recording output's spelling is in source_subtask_test_util.h.
#include "sim/runtime/source_subtask.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time.h"
#include "sim/runtime/source_subtask_test_util.h"

namespace tidemark::sim {
namespace {

using namespace testing;  // NOLINT(build/namespaces): the fixtures of these tests

BOOST_AUTO_TEST_SUITE(source_subtask)

BOOST_AUTO_TEST_CASE(bounded_out_of_orderness_offers_max_minus_bound_minus_one_per_tick) {
  // §4.2 / G-BOO with D = 10 on one split: before any event the offer is Min,
  // which the final output drops; 1337 -> 1326; max(12345, 12300, 12340,
  // 12280) - 10 - 1 = 12334; a repeated offer is dropped (§4.6).
  RecordingOutput out;
  SourceSubtask subtask(Options({0}, Bounded(10), 200), out);
  subtask.OnPeriodicTick(T(200));
  BOOST_TEST(out.Take() == "");
  BOOST_TEST(subtask.current_watermark().is_min());
  subtask.OnRow(Event(1337), 0, T(250));
  BOOST_TEST(out.Take() == "R@1337");  // only on the tick
  subtask.OnPeriodicTick(T(400));
  BOOST_TEST(out.Take() == "W(1326)");
  for (const int64_t ts : {12345, 12300, 12340, 12280}) subtask.OnRow(Event(ts), 0, T(450));
  BOOST_TEST(out.Take() == "R@12345 R@12300 R@12340 R@12280");
  subtask.OnPeriodicTick(T(600));
  BOOST_TEST(out.Take() == "W(12334)");
  subtask.OnPeriodicTick(T(800));
  BOOST_TEST(out.Take() == "");
}

BOOST_AUTO_TEST_CASE(lagging_partition_holds_the_subtask_at_the_minimum) {
  // §5.4: each split has its own generator; the subtask's watermark is the
  // minimum over them. D = 10: p0 saw 5000 -> 4989; p1 saw 1000 -> 989, so
  // min = 989 (a single shared generator would have offered 4989).
  RecordingOutput out;
  SourceSubtask subtask(Options({0, 1}, Bounded(10), 200), out);
  subtask.OnRow(Event(5000), 0, T(10));
  subtask.OnRow(Event(1000), 1, T(20));
  subtask.OnPeriodicTick(T(200));
  BOOST_TEST(out.Take() == "R@5000 R@1000 W(989)");
  BOOST_TEST(subtask.HoldingPartitions() == std::vector<int32_t>{1});
  // p1 catches up to 3000 -> 2989 < 4989: still p1 holds.
  subtask.OnRow(Event(3000), 1, T(210));
  subtask.OnPeriodicTick(T(400));
  BOOST_TEST(out.Take() == "R@3000 W(2989)");
  // p1 overtakes (9000 -> 8989): now p0 at 4989 is the minimum.
  subtask.OnRow(Event(9000), 1, T(410));
  subtask.OnPeriodicTick(T(600));
  BOOST_TEST(out.Take() == "R@9000 W(4989)");
  BOOST_TEST(subtask.HoldingPartitions() == std::vector<int32_t>{0});
  const std::vector<SplitState> splits = subtask.Splits();
  BOOST_TEST(splits.size() == 2u);
  BOOST_TEST(splits[0].split_id == "orders-0");
  BOOST_TEST(splits[0].watermark.millis() == 4989);
  BOOST_TEST(splits[1].watermark.millis() == 8989);
  BOOST_TEST(!splits[1].idle);
}

BOOST_AUTO_TEST_CASE(silent_partition_blocks_until_idleness_marks_it_idle) {
  // §5.4, §8: p1 never receives data, sits at Min and blocks the subtask.
  // §4.4 with interval 200, timeout 1000: p1's timer has never seen activity,
  // so its first probe (tick 200) starts the countdown; it is idle at the first
  // tick P with P - 200 > 1000, i.e. 1400 (at 1200 the difference is exactly
  // 1000, not greater). p0 gets an event ts = 1000k just before each tick 200k,
  // so it never goes idle; D = 100: at 1400 p0 offers 7000 - 100 - 1 = 6899.
  // p0 is active, so no IDLE goes out.
  RecordingOutput out;
  SourceSubtask subtask(Options({0, 1}, Bounded(100), 200, 1000), out);
  for (int64_t k = 1; k <= 6; ++k) {
    subtask.OnRow(Event(1000 * k), 0, T(200 * k - 10));
    subtask.OnPeriodicTick(T(200 * k));
    BOOST_TEST(out.Take() == "R@" + std::to_string(1000 * k));
    BOOST_TEST(subtask.HoldingPartitions() == std::vector<int32_t>{1});
  }
  subtask.OnRow(Event(7000), 0, T(1390));
  subtask.OnPeriodicTick(T(1400));
  BOOST_TEST(out.Take() == "R@7000 W(6899)");
  BOOST_TEST(subtask.Splits()[1].idle);
  BOOST_TEST(subtask.HoldingPartitions() == std::vector<int32_t>{0});
  subtask.OnRow(Event(8000), 0, T(1590));
  subtask.OnPeriodicTick(T(1600));
  BOOST_TEST(out.Take() == "R@8000 W(7899)");
  BOOST_TEST(!subtask.idle());
}

BOOST_AUTO_TEST_CASE(idleness_after_the_last_event_follows_the_p1_p2_rule) {
  // §4.4, one split, monotonous (D = 0), interval 200, timeout 1000.
  // Tick 200 (before any event): quiet, the countdown starts; offers Min.
  // Event at 250 (ts 500). P1 = tick 400 sees the activity, resets, offers 499.
  // P2 = tick 600 is quiet and starts the countdown at 600. Idle at the first
  // tick P with P - 600 > 1000: 1800 (1600 - 600 = 1000 is not greater).
  // The main output's generator never sees a record: countdown from 200, idle
  // since 1400. Both branches idle at 1800 -> IDLE, once.
  RecordingOutput out;
  SourceSubtask subtask(Options({0}, Monotonous(), 200, 1000), out);
  subtask.OnPeriodicTick(T(200));
  subtask.OnRow(Event(500), 0, T(250));
  subtask.OnPeriodicTick(T(400));
  BOOST_TEST(out.Take() == "R@500 W(499)");
  for (int64_t t = 600; t <= 1600; t += 200) {
    subtask.OnPeriodicTick(T(t));
    BOOST_TEST(out.Take() == "", "tick " << t);
  }
  subtask.OnPeriodicTick(T(1800));
  BOOST_TEST(out.Take() == "IDLE");
  BOOST_TEST(subtask.idle());
  subtask.OnPeriodicTick(T(2000));
  BOOST_TEST(out.Take() == "");
  // A record alone does not end idleness (§4.4); the next strictly larger
  // watermark does, with ACTIVE first (§4.6): tick 2200 offers 699 > 499.
  subtask.OnRow(Event(700), 0, T(2050));
  BOOST_TEST(out.Take() == "R@700");
  BOOST_TEST(subtask.idle());
  subtask.OnPeriodicTick(T(2200));
  BOOST_TEST(out.Take() == "ACTIVE W(699)");
  BOOST_TEST(!subtask.idle());
}

BOOST_AUTO_TEST_CASE(split_back_from_idle_with_an_older_watermark_does_not_regress) {
  // §5.4 / G-MUX "no regress": monotonous, interval 200, timeout 1000.
  // p1: one event at 10 (ts 1000); P1 = 200 (offers 999), P2 = 400, idle at the
  // first P with P - 400 > 1000: 1600. p0: event ts 2000 + 1000k just before
  // each tick 200k, so p0 offers 1999 + 1000k.
  // Tick 200: min(2999, 999) = 999. Ticks 400..1400: p1 holds at 999.
  // Tick 1600: p1 idle -> p0 alone: 9999.
  RecordingOutput out;
  SourceSubtask subtask(Options({0, 1}, Monotonous(), 200, 1000), out);
  subtask.OnRow(Event(1000), 1, T(10));
  auto step = [&](int64_t k) {
    subtask.OnRow(Event(2000 + 1000 * k), 0, T(200 * k - 10));
    subtask.OnPeriodicTick(T(200 * k));
  };
  step(1);
  BOOST_TEST(out.Take() == "R@1000 R@3000 W(999)");
  for (int64_t k = 2; k <= 7; ++k) {
    step(k);
    BOOST_TEST(out.Take() == "R@" + std::to_string(2000 + 1000 * k));
  }
  step(8);
  BOOST_TEST(out.Take() == "R@10000 W(9999)");
  // p1 comes back at 1650 with ts 1500: tick 1800 makes its partial active at
  // 1499, which re-enters the minimum at once; the combined value stays 9999
  // (no regression, nothing emitted) and p1 now holds it.
  subtask.OnRow(Event(1500), 1, T(1650));
  step(9);
  BOOST_TEST(out.Take() == "R@1500 R@11000");
  BOOST_TEST(subtask.current_watermark().millis() == 9999);
  BOOST_TEST(subtask.HoldingPartitions() == std::vector<int32_t>{1});
  // p1 passes p0 (ts 20000): min(11999, 19999) = 11999 at tick 2000.
  subtask.OnRow(Event(20000), 1, T(1850));
  step(10);
  BOOST_TEST(out.Take() == "R@20000 R@12000 W(11999)");
  BOOST_TEST(!subtask.idle());
}

BOOST_AUTO_TEST_CASE(punctuated_watermark_follows_its_record_immediately) {
  // G-TWO punctuated vectors (§4.6, §5.4): record first, then the watermark,
  // without waiting for a tick; a lower one is dropped; ticks offer nothing.
  RecordingOutput out;
  SourceSubtask subtask(Options({0}, Punctuated(), 200), out);
  subtask.OnRow(Event(2, true), 0, T(1));
  BOOST_TEST(out.Take() == "R@2 W(2)");
  subtask.OnRow(Event(4, true), 0, T(2));
  BOOST_TEST(out.Take() == "R@4 W(4)");
  subtask.OnRow(Event(2, true), 0, T(3));
  BOOST_TEST(out.Take() == "R@2");
  subtask.OnRow(Event(10, false), 0, T(4));
  BOOST_TEST(out.Take() == "R@10");
  subtask.OnPeriodicTick(T(200));
  BOOST_TEST(out.Take() == "");
}

// The record leaves the row whole either way; it is moved out (no copy) only
// when the generator never reads it, and a punctuated generator still sees it
// after it was emitted.
BOOST_AUTO_TEST_CASE(record_is_moved_out_of_the_row_unless_the_generator_reads_it) {
  RecordingOutput bounded_out;
  SourceSubtask bounded(Options({0}, Bounded(10), 200), bounded_out);
  TraceRow row = Event(7, true);
  bounded.OnRow(std::move(row), 0, T(1));
  BOOST_TEST(bounded_out.Take() == "R@7");
  BOOST_TEST(row.record.values.empty());
  BOOST_TEST(bounded_out.last_values() == 1u);

  RecordingOutput punctuated_out;
  SourceSubtask punctuated(Options({0}, Punctuated(), 200), punctuated_out);
  row = Event(7, true);
  punctuated.OnRow(std::move(row), 0, T(1));
  BOOST_TEST(punctuated_out.Take() == "R@7 W(7)");  // the extractor read values[0]
  BOOST_TEST(row.record.values.size() == 1u);
  BOOST_TEST(punctuated_out.last_values() == 1u);
}

BOOST_AUTO_TEST_CASE(punctuated_watermark_of_one_split_waits_for_the_others) {
  // §5.4 immediate output: p0's 5 is recorded but p1 still sits at Min. p1's 3
  // recomputes at once -> 3; p1's 8 -> min(5, 8) = 5.
  RecordingOutput out;
  SourceSubtask subtask(Options({0, 1}, Punctuated(), 200), out);
  subtask.OnRow(Event(5, true), 0, T(1));
  BOOST_TEST(out.Take() == "R@5");
  subtask.OnRow(Event(3, true), 1, T(2));
  BOOST_TEST(out.Take() == "R@3 W(3)");
  subtask.OnRow(Event(8, true), 1, T(3));
  BOOST_TEST(out.Take() == "R@8 W(5)");
}

BOOST_AUTO_TEST_CASE(explicit_rows_behave_like_harness_process_watermark) {
  // Strategy none + explicit rows on one split = a test harness script: each
  // watermark that raises the combined value leaves at once (immediate output,
  // §5.4); repeats and regressions vanish (§4.6). An idle row idles the subtask
  // (the main output of a none strategy never offers anything, so that branch
  // is idle); leaving idleness needs a strictly larger watermark, ACTIVE first;
  // an active row alone only re-activates the split (§4.4, §4.6).
  RecordingOutput out;
  SourceSubtask subtask(Options({0}, NoWatermarks(), 200), out);
  subtask.OnRow(WatermarkRow(42), 0, T(1));
  BOOST_TEST(out.Take() == "W(42)");
  subtask.OnRow(WatermarkRow(42), 0, T(2));
  subtask.OnRow(WatermarkRow(30), 0, T(3));
  BOOST_TEST(out.Take() == "");
  subtask.OnRow(Event(10), 0, T(4));
  subtask.OnPeriodicTick(T(200));
  BOOST_TEST(out.Take() == "R@10");
  subtask.OnRow(WatermarkRow(50), 0, T(201));
  BOOST_TEST(out.Take() == "W(50)");
  subtask.OnRow(Mark(TraceRowKind::kIdle), 0, T(202));
  BOOST_TEST(out.Take() == "IDLE");
  subtask.OnRow(WatermarkRow(60), 0, T(203));
  BOOST_TEST(out.Take() == "ACTIVE W(60)");
  subtask.OnRow(Mark(TraceRowKind::kIdle), 0, T(204));
  subtask.OnRow(Mark(TraceRowKind::kActive), 0, T(205));
  BOOST_TEST(out.Take() == "IDLE");
  BOOST_TEST(subtask.idle());
  subtask.OnRow(WatermarkRow(70), 0, T(206));
  BOOST_TEST(out.Take() == "ACTIVE W(70)");
}

BOOST_AUTO_TEST_CASE(explicit_rows_on_two_splits_combine_like_the_multiplexer) {
  // G-MUX with explicit rows: p0=100 waits for p1 (Min); p1=50 -> 50; p1 idle
  // -> min over {p0} = 100; p0 idle too -> IDLE; p1 active is not enough; p1=120
  // raises the minimum over the active {p1} -> ACTIVE W(120).
  RecordingOutput out;
  SourceSubtask subtask(Options({0, 1}, NoWatermarks(), 200), out);
  subtask.OnRow(WatermarkRow(100), 0, T(1));
  BOOST_TEST(out.Take() == "");
  subtask.OnRow(WatermarkRow(50), 1, T(2));
  BOOST_TEST(out.Take() == "W(50)");
  subtask.OnRow(Mark(TraceRowKind::kIdle), 1, T(3));
  BOOST_TEST(out.Take() == "W(100)");
  subtask.OnRow(Mark(TraceRowKind::kIdle), 0, T(4));
  BOOST_TEST(out.Take() == "IDLE");
  subtask.OnRow(Mark(TraceRowKind::kActive), 1, T(5));
  BOOST_TEST(out.Take() == "");
  subtask.OnRow(WatermarkRow(120), 1, T(6));
  BOOST_TEST(out.Take() == "ACTIVE W(120)");
}

BOOST_AUTO_TEST_CASE(idle_splits_do_not_idle_the_subtask_while_the_main_output_offers) {
  // §5.4 idleness manager (ProgressiveTimestampsAndWatermarks, 1.20): the
  // subtask goes IDLE only when the split branch AND the main output are idle.
  // The main output starts idle; a bounded generator without withIdleness
  // offers Min on every tick, which makes the main branch active for good.
  // So an idle row before the first tick idles the subtask, after it does not.
  // (Explicit idle rows are meant for strategy none, where neither applies.)
  RecordingOutput before;
  SourceSubtask early(Options({0}, Bounded(0), 200), before);
  early.OnRow(Mark(TraceRowKind::kIdle), 0, T(100));
  BOOST_TEST(before.Take() == "IDLE");

  RecordingOutput after;
  SourceSubtask late(Options({0}, Bounded(0), 200), after);
  late.OnPeriodicTick(T(200));
  late.OnRow(Mark(TraceRowKind::kIdle), 0, T(300));
  BOOST_TEST(late.Splits()[0].idle);
  BOOST_TEST(after.Take() == "");
  BOOST_TEST(!late.idle());
  // And the split's next periodic offer (Min) clears its idle flag again, as
  // any watermark set on a partial does (§5.3): the split blocks once more.
  late.OnPeriodicTick(T(400));
  BOOST_TEST(!late.Splits()[0].idle);
  BOOST_TEST(late.HoldingPartitions() == std::vector<int32_t>{0});
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
