// The source subtask's final output and its statuses (§4.6), end of input
// (§4.7), subtasks without partitions and Kafka split assignment (§8, the
// split-owner table). The recording output's spelling is in
// source_subtask_test_util.h.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time.h"
#include "sim/runtime/source_subtask.h"
#include "sim/runtime/source_subtask_test_util.h"
#include "sim/runtime/split_assignment.h"

namespace tidemark::sim {
namespace {

using namespace testing;  // NOLINT(build/namespaces): the fixtures of these tests

BOOST_AUTO_TEST_SUITE(source_subtask_end_of_input)

BOOST_AUTO_TEST_CASE(interval_zero_emits_only_punctuated_explicit_and_final_watermarks) {
  // §4.5: interval 0 disables the periodic emitter (no tick is ever due); an
  // explicit row still leaves at once; at the end the final emit offers
  // 300 - 0 - 1 = 299 (monotonous), then Max (§4.7).
  RecordingOutput out;
  SourceSubtask subtask(Options({0}, Monotonous(), 0), out);
  BOOST_TEST(!subtask.next_tick().has_value());
  subtask.OnRow(Event(100), 0, T(1));
  subtask.OnRow(Event(300), 0, T(500));
  BOOST_TEST(out.Take() == "R@100 R@300");
  subtask.OnRow(WatermarkRow(50), 0, T(600));
  BOOST_TEST(out.Take() == "W(50)");
  subtask.OnEndOfInput(T(700));
  BOOST_TEST(out.Take() == "W(299) W(+inf)");
}

BOOST_AUTO_TEST_CASE(end_of_input_emits_the_final_periodic_value_then_max) {
  // §4.7, D = 10: tick 200 -> 1000 - 11 = 989; the input ends at 300 after a
  // record at 2000: final emit 1989, then Max.
  RecordingOutput out;
  SourceSubtask subtask(Options({0}, Bounded(10), 200), out);
  subtask.OnRow(Event(1000), 0, T(50));
  subtask.OnPeriodicTick(T(200));
  BOOST_TEST(out.Take() == "R@1000 W(989)");
  subtask.OnRow(Event(2000), 0, T(250));
  subtask.OnEndOfInput(T(300));
  BOOST_TEST(out.Take() == "R@2000 W(1989) W(+inf)");
  BOOST_TEST(subtask.finished());
  BOOST_TEST(subtask.current_watermark().is_max());
  BOOST_TEST(!subtask.next_tick().has_value());
}

BOOST_AUTO_TEST_CASE(end_of_input_with_max_only_skips_the_final_emit) {
  // EndOfInputEmission::kMaxOnly (what Flink 1.20's SourceOperator does): the
  // value 1989 pending since the last tick never leaves; Max does.
  RecordingOutput out;
  SourceSubtaskOptions options = Options({0}, Bounded(10), 200);
  options.end_of_input = EndOfInputEmission::kMaxOnly;
  SourceSubtask subtask(std::move(options), out);
  subtask.OnRow(Event(1000), 0, T(50));
  subtask.OnPeriodicTick(T(200));
  subtask.OnRow(Event(2000), 0, T(250));
  BOOST_TEST(out.Take() == "R@1000 W(989) R@2000");
  subtask.OnEndOfInput(T(300));
  BOOST_TEST(out.Take() == "W(+inf)");
}

BOOST_AUTO_TEST_CASE(idle_subtask_announces_active_before_max_at_end_of_input) {
  // Max goes through the final output (§4.6): after IDLE it is preceded by
  // ACTIVE, so a downstream valve does not ignore it on an idle channel (§5.1).
  RecordingOutput out;
  SourceSubtask subtask(Options({0}, NoWatermarks(), 200), out);
  subtask.OnRow(Mark(TraceRowKind::kIdle), 0, T(1));
  BOOST_TEST(out.Take() == "IDLE");
  subtask.OnEndOfInput(T(2));
  BOOST_TEST(out.Take() == "ACTIVE W(+inf)");
}

BOOST_AUTO_TEST_CASE(subtask_without_partitions_emits_nothing_and_is_not_idle) {
  // §5.4, §8: no splits, no withIdleness. The multiplexer has no partials, so
  // it never emits nor idles; the main output offers Min (dropped). The
  // subtask holds downstream back forever; only Max at the end leaves.
  RecordingOutput out;
  SourceSubtask subtask(Options({}, Bounded(0), 200), out);
  for (int64_t t = 200; t <= 5000; t += 200) subtask.OnPeriodicTick(T(t));
  BOOST_TEST(out.Take() == "");
  BOOST_TEST(!subtask.idle());
  BOOST_TEST(subtask.HoldingPartitions().empty());
  BOOST_TEST(subtask.Splits().empty());
  subtask.OnEndOfInput(T(5100));
  BOOST_TEST(out.Take() == "W(+inf)");
}

BOOST_AUTO_TEST_CASE(subtask_without_partitions_goes_idle_with_idleness) {
  // §5.4 idleness manager: the split branch starts idle and, with no splits,
  // nothing ever makes it active. The main output's WatermarksWithIdleness
  // never sees a record: tick 200 starts its countdown; idle at the first tick
  // P with P - 200 > 1000, i.e. 1400 -> both branches idle -> IDLE, once.
  RecordingOutput out;
  SourceSubtask subtask(Options({}, Bounded(0), 200, 1000), out);
  for (int64_t t = 200; t <= 1200; t += 200) subtask.OnPeriodicTick(T(t));
  BOOST_TEST(out.Take() == "");
  subtask.OnPeriodicTick(T(1400));
  BOOST_TEST(out.Take() == "IDLE");
  BOOST_TEST(subtask.idle());
  subtask.OnPeriodicTick(T(1600));
  BOOST_TEST(out.Take() == "");
  subtask.OnEndOfInput(T(1700));
  BOOST_TEST(out.Take() == "ACTIVE W(+inf)");
}

BOOST_AUTO_TEST_CASE(periodic_ticks_drift_with_fixed_delay) {
  // §4.6, §5.4: scheduleWithFixedDelay(interval, interval): first due at open
  // + interval, then interval after the tick actually ran.
  RecordingOutput out;
  SourceSubtaskOptions options = Options({0}, Bounded(0), 200);
  options.open_time = T(1000);
  SourceSubtask subtask(std::move(options), out);
  BOOST_TEST(subtask.next_tick().value().millis() == 1200);
  subtask.OnPeriodicTick(T(1230));
  BOOST_TEST(subtask.next_tick().value().millis() == 1430);
}

BOOST_AUTO_TEST_CASE(assign_partitions_matches_h3) {
  // H-3: owners of partitions 0..4, grouped per subtask, ascending.
  BOOST_TEST((AssignPartitions("test", 5, 3) ==
              std::vector<std::vector<int32_t>>{{2}, {0, 3}, {1, 4}}));  // 1,2,0,1,2
  BOOST_TEST((AssignPartitions("test", 5, 4) ==
              std::vector<std::vector<int32_t>>{{2}, {3}, {0, 4}, {1}}));  // 2,3,0,1,2
  BOOST_TEST((AssignPartitions("orders", 5, 3) ==
              std::vector<std::vector<int32_t>>{{0, 3}, {1, 4}, {2}}));  // 0,1,2,0,1
  BOOST_TEST((AssignPartitions("orders", 5, 4) ==
              std::vector<std::vector<int32_t>>{{1}, {2}, {3}, {0, 4}}));  // 3,0,1,2,3
  BOOST_TEST((AssignPartitions("topic1", 5, 3) ==
              std::vector<std::vector<int32_t>>{{1, 4}, {2}, {0, 3}}));  // 2,0,1,2,0
  BOOST_TEST((AssignPartitions("topic1", 5, 4) ==
              std::vector<std::vector<int32_t>>{{2}, {3}, {0, 4}, {1}}));  // 2,3,0,1,2
  // More readers than partitions: "orders" n=4, partitions 0,1 -> subtasks 3,0.
  BOOST_TEST(
      (AssignPartitions("orders", 2, 4) == std::vector<std::vector<int32_t>>{{1}, {}, {}, {0}}));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
