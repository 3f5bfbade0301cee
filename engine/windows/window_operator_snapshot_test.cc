// Snapshot and restore of the window operator: a copy is the snapshot,
// RestoreFrom puts it back (docs/checkpoints.md, "What a snapshot holds").
// Expected values are derived by hand in each comment.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/windows/tumbling_windows.h"
#include "engine/windows/window_operator.h"
#include "engine/windows/window_operator_harness.h"

namespace tidemark::engine {
namespace {

using testing::WindowHarness;
using Log = std::vector<std::string>;

std::unique_ptr<WindowAssigner> Tumbling3s() {
  return std::make_unique<TumblingWindows>(TumblingWindowOptions{.size = Duration::Millis(3000)});
}

BOOST_AUTO_TEST_SUITE(window_operator_snapshot)

// Flink's WindowOperatorTest.testTumblingEventTimeWindowsReduce snapshots the
// harness after WM(1999), closes it and restores a new one: windows of 3 s,
// key1 {0, 20, 999} and key2 {1000, 1998, 1999} in [0, 3000), key2 {3000,
// 3999} in [3000, 6000). Contents and timers survive: WM(2999) emits (key1,3)
// and (key2,3) at 2999, WM(5999) emits (key2,2); the restore fires nothing.
BOOST_AUTO_TEST_CASE(a_restored_operator_fires_what_the_snapshot_held) {
  WindowHarness before(Tumbling3s());
  for (auto [key, ts] : std::vector<std::pair<std::string, int64_t>>{{"key2", 3999},
                                                                     {"key2", 3000},
                                                                     {"key1", 20},
                                                                     {"key1", 0},
                                                                     {"key1", 999},
                                                                     {"key2", 1998},
                                                                     {"key2", 1999},
                                                                     {"key2", 1000}}) {
    before.E(key, 1, ts);
  }
  before.WM(999);
  before.WM(1999);
  const WindowOperator snapshot(before.op());

  WindowHarness after(Tumbling3s());
  after.op().RestoreFrom(snapshot);
  BOOST_TEST(after.log().empty());
  BOOST_TEST((after.op().current_watermark() == Timestamp::Min()));
  for (int64_t wm : {2999, 3999, 4999, 5999, 6999, 7999}) after.WM(wm);
  const Log expected = {"R(key1,3)@2999", "R(key2,3)@2999", "W(2999)", "W(3999)", "W(4999)",
                        "R(key2,2)@5999", "W(5999)",        "W(6999)", "W(7999)"};
  BOOST_TEST(after.Normalized() == WindowHarness::Normalize(expected),
             boost::test_tools::per_element());
}

// The snapshot is a copy: what the operator does after it changes nothing in
// it, and it restores as often as asked (a job restarting twice from one
// checkpoint). key1 {0} is in [0, 3000) at the snapshot; key1 {1} joins later
// and fires with it in the original (sum 2), but each restore fires sum 1.
BOOST_AUTO_TEST_CASE(a_snapshot_is_unchanged_by_later_elements_and_restores_twice) {
  WindowHarness live(Tumbling3s());
  live.E("key1", 1, 0);
  const WindowOperator snapshot(live.op());
  live.E("key1", 1, 1);
  live.WM(2999);
  BOOST_TEST(live.log() == (Log{"R(key1,2)@2999", "W(2999)"}), boost::test_tools::per_element());
  for (int attempt = 0; attempt < 2; ++attempt) {
    WindowHarness restored(Tumbling3s());
    restored.op().RestoreFrom(snapshot);
    restored.WM(2999);
    BOOST_TEST(restored.log() == (Log{"R(key1,1)@2999", "W(2999)"}),
               boost::test_tools::per_element());
  }
}

// The watermark is not in a snapshot: a record that was late before the
// restore is on time after it, and the window it needs, fired and cleaned up
// before the snapshot, comes back with that record alone. Before: key1 {0}
// fires at WM(3500) (cleanup 2999 <= 3500, state cleared); ts 100 is then
// late (100 + 0 <= 3500) and dropped. After restoring the snapshot taken after
// WM(3500): the watermark is Min, so ts 100 joins a new [0, 3000), which fires
// (key1,1) at the next WM(3500).
BOOST_AUTO_TEST_CASE(a_record_late_before_the_restore_is_on_time_after_it) {
  WindowHarness live(Tumbling3s());
  live.E("key1", 1, 0);
  live.WM(3500);
  const WindowOperator snapshot(live.op());
  const ElementDecision late = live.E("key1", 1, 100);
  BOOST_TEST((late.outcome == ElementOutcome::kDroppedLate));

  WindowHarness restored(Tumbling3s());
  restored.op().RestoreFrom(snapshot);
  const ElementDecision on_time = restored.E("key1", 1, 100);
  BOOST_TEST((on_time.outcome == ElementOutcome::kAccepted));
  restored.WM(3500);
  BOOST_TEST(restored.log() == (Log{"R(key1,1)@2999", "W(3500)"}),
             boost::test_tools::per_element());
}

// Processing-time timers survive too, and those that fell due while the job
// was down fire at the first advance of the clock after the restore (Flink's
// InternalTimerServiceImpl.startTimerService registers a past-due timer with
// delay 0). A processing-time window [0, 3000) holds two elements at clock
// 1000; restored, the clock jumps to 5000: the window fires once, sum 2.
BOOST_AUTO_TEST_CASE(processing_time_timers_due_during_the_downtime_fire_at_once) {
  const TumblingWindowOptions processing{.size = Duration::Millis(3000),
                                         .domain = TimeDomain::kProcessingTime};
  WindowHarness live(std::make_unique<TumblingWindows>(processing));
  live.PT(1000);
  live.E("key1", 1, 0);
  live.E("key1", 1, 0);
  const WindowOperator snapshot(live.op());

  WindowHarness restored(std::make_unique<TumblingWindows>(processing));
  restored.op().RestoreFrom(snapshot);
  restored.PT(5000);
  BOOST_TEST(restored.log() == (Log{"R(key1,2)@2999"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
