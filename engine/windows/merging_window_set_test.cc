#include "engine/windows/merging_window_set.h"

#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/windows/time_window_test_util.h"

namespace tidemark::engine {
namespace {

using testing::W;

struct MergeCall {
  TimeWindow result;
  std::vector<TimeWindow> merged;
  std::vector<TimeWindow> state_windows;
};

// Adds a window and records the merge callbacks.
TimeWindow Add(MergingWindowSet& set, TimeWindow w, std::vector<MergeCall>& calls) {
  return set.AddWindow(
      w, [&](const TimeWindow& result, std::span<const MergingWindowSet::Entry> merged) {
        MergeCall call{result, {}, {}};
        for (const auto& e : merged) {
          call.merged.push_back(e.window);
          call.state_windows.push_back(e.state_window);
        }
        calls.push_back(call);
      });
}

BOOST_AUTO_TEST_SUITE(merging_window_set)

// §3.6, vectors C (EventTimeSessionWindowsTest.testMergeConsecutiveWindows):
// [2,3) and [4,5) do not touch, so two groups.
BOOST_AUTO_TEST_CASE(merge_rule_groups_touching_windows) {
  const auto groups = MergeTimeWindows({W(0, 1), W(1, 2), W(2, 3), W(4, 5), W(5, 6)});
  BOOST_TEST(groups.size() == 2u);
  BOOST_TEST((groups[0].cover == W(0, 3)));
  BOOST_TEST((groups[0].members == std::vector{W(0, 1), W(1, 2), W(2, 3)}));
  BOOST_TEST((groups[1].cover == W(4, 6)));
  BOOST_TEST((groups[1].members == std::vector{W(4, 5), W(5, 6)}));
}

// §3.6, vectors C (testMergeCoveringWindow): contained and point windows merge
// into their cover; a single window, even [0,0), is never reported.
BOOST_AUTO_TEST_CASE(merge_rule_merges_contained_windows_and_ignores_singletons) {
  const auto groups = MergeTimeWindows({W(1, 1), W(0, 2), W(4, 7), W(5, 6)});
  BOOST_TEST(groups.size() == 2u);
  BOOST_TEST((groups[0].cover == W(0, 2)));
  BOOST_TEST((groups[0].members == std::vector{W(0, 2), W(1, 1)}));
  BOOST_TEST((groups[1].cover == W(4, 7)));
  BOOST_TEST((groups[1].members == std::vector{W(4, 7), W(5, 6)}));
  BOOST_TEST(MergeTimeWindows({W(0, 0)}).empty());
  BOOST_TEST(MergeTimeWindows({W(0, 1)}).empty());
}

// §3.7 step 3: a window touching nothing is its own state window.
BOOST_AUTO_TEST_CASE(a_fresh_window_is_its_own_state_window) {
  MergingWindowSet set;
  std::vector<MergeCall> calls;
  BOOST_TEST((Add(set, W(0, 3000), calls) == W(0, 3000)));
  BOOST_TEST((Add(set, W(5000, 8000), calls) == W(5000, 8000)));
  BOOST_TEST(calls.empty());
  BOOST_TEST((set.StateWindow(W(5000, 8000)).value() == W(5000, 8000)));
  BOOST_TEST(set.entries().size() == 2u);
}

// §3.7 step 2 and §10.4: extending a session calls the merge function with
// the pre-existing members only; the state window stays the first member's.
BOOST_AUTO_TEST_CASE(extending_a_session_merges_and_keeps_the_state_window) {
  MergingWindowSet set;
  std::vector<MergeCall> calls;
  Add(set, W(0, 3000), calls);
  BOOST_TEST((Add(set, W(1000, 4000), calls) == W(0, 4000)));
  BOOST_TEST(calls.size() == 1u);
  BOOST_TEST((calls[0].result == W(0, 4000)));
  BOOST_TEST((calls[0].merged == std::vector{W(0, 3000)}));
  BOOST_TEST((set.StateWindow(W(0, 4000)).value() == W(0, 3000)));
  BOOST_TEST(!set.StateWindow(W(0, 3000)).has_value());
}

// §3.7 "M is exactly {W}": a window inside an existing one causes no merge
// callback (W-POINT's point windows, and repeated timestamps).
BOOST_AUTO_TEST_CASE(a_window_inside_an_existing_one_is_absorbed_without_callback) {
  MergingWindowSet set;
  std::vector<MergeCall> calls;
  Add(set, W(0, 3000), calls);
  BOOST_TEST((Add(set, W(1000, 1000), calls) == W(0, 3000)));
  BOOST_TEST((Add(set, W(0, 3000), calls) == W(0, 3000)));
  BOOST_TEST((Add(set, W(500, 2000), calls) == W(0, 3000)));
  BOOST_TEST(calls.empty());
  BOOST_TEST(set.entries().size() == 1u);
}

// §3.7: a bridging window merges two sessions; members in start order, the
// second member's state window is the one to fold into the first's.
BOOST_AUTO_TEST_CASE(a_bridging_window_merges_two_sessions_in_start_order) {
  MergingWindowSet set;
  std::vector<MergeCall> calls;
  Add(set, W(4000, 7000), calls);
  Add(set, W(0, 3000), calls);
  BOOST_TEST((Add(set, W(2000, 5000), calls) == W(0, 7000)));
  BOOST_TEST(calls.size() == 1u);
  BOOST_TEST((calls[0].merged == std::vector{W(0, 3000), W(4000, 7000)}));
  BOOST_TEST((calls[0].state_windows == std::vector{W(0, 3000), W(4000, 7000)}));
  BOOST_TEST((set.StateWindow(W(0, 7000)).value() == W(0, 3000)));
  BOOST_TEST(set.entries().size() == 1u);
}

// §3.7 retireWindow.
BOOST_AUTO_TEST_CASE(retiring_removes_the_window) {
  MergingWindowSet set;
  std::vector<MergeCall> calls;
  Add(set, W(0, 3000), calls);
  set.RetireWindow(W(0, 3000));
  BOOST_TEST(set.empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
