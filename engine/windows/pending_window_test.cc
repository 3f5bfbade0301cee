// What a window operator reports as pending when the run ends (§1.13): the
// windows still holding contents or timers, the records no firing carried,
// and which window owns a record that joined several.
#include "engine/windows/pending_window.h"

#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/time_test_util.h"
#include "engine/windows/session_windows.h"
#include "engine/windows/sliding_windows.h"
#include "engine/windows/tumbling_windows.h"
#include "engine/windows/window_operator_harness.h"

namespace tidemark::engine {
namespace {

using testing::Ms;
using testing::Tumbling;
using testing::WindowHarness;

BOOST_AUTO_TEST_SUITE(pending_windows)

// Tumbling 10000: ts 1000 and 4000 (key a) and 12000 (key b) join on time at
// watermark -inf; nothing advances the watermark, so [0,10000) holds 2 and
// [10000,20000) 1, each with its end-of-window timer (9999, 19999).
BOOST_AUTO_TEST_CASE(windows_that_never_fired_are_pending_with_their_records) {
  WindowHarness h(Tumbling(10000), {.track_unfired_records = true});
  h.E("a", 1, 1000);
  h.E("a", 1, 4000);
  h.E("b", 1, 12000);
  const std::vector<PendingWindow> pending = h.op().PendingWindows();
  BOOST_TEST_REQUIRE(pending.size() == 2u);
  BOOST_TEST(FormatValue(pending[0].key) == "a");
  BOOST_TEST(pending[0].window.ToString() == "[0, 10000)");
  BOOST_TEST(pending[0].element_count == 2u);
  BOOST_TEST(pending[0].unfired == 2u);
  BOOST_TEST((pending[0].unfired_ids == std::vector<RecordId>{0, 1}));
  BOOST_TEST(!pending[0].fired);
  BOOST_TEST_REQUIRE(pending[0].event_timers.size() == 1u);
  BOOST_TEST(pending[0].event_timers[0].millis() == 9999);
  BOOST_TEST(FormatValue(pending[1].key) == "b");
  BOOST_TEST(pending[1].window.ToString() == "[10000, 20000)");
  BOOST_TEST((pending[1].unfired_ids == std::vector<RecordId>{2}));
}

// Watermark 9999 fires [0,10000) (2 elements) and cleans it up (no allowed
// lateness): only b's window is left.
BOOST_AUTO_TEST_CASE(a_fired_and_cleaned_window_is_no_longer_pending) {
  WindowHarness h(Tumbling(10000), {.track_unfired_records = true});
  h.E("a", 1, 1000);
  h.E("a", 1, 4000);
  h.E("b", 1, 12000);
  h.WM(9999);
  const std::vector<PendingWindow> pending = h.op().PendingWindows();
  BOOST_TEST_REQUIRE(pending.size() == 1u);
  BOOST_TEST(pending[0].window.ToString() == "[10000, 20000)");
}

// Allowed lateness 1000: [0,10000) fires at 9999 but stays until cleanup
// 10999. It is pending (it holds state), fired, with no unfired record.
BOOST_AUTO_TEST_CASE(a_fired_window_kept_for_late_records_has_no_unfired_records) {
  WindowHarness h(Tumbling(10000), {.allowed_lateness = Ms(1000), .track_unfired_records = true});
  h.E("a", 1, 1000);
  h.WM(9999);
  const std::vector<PendingWindow> pending = h.op().PendingWindows();
  BOOST_TEST_REQUIRE(pending.size() == 1u);
  BOOST_TEST(pending[0].fired);
  BOOST_TEST(pending[0].unfired == 0u);
  BOOST_TEST(pending[0].cleanup_time.millis() == 10999);
  BOOST_TEST_REQUIRE(pending[0].event_timers.size() == 1u);
  BOOST_TEST(pending[0].event_timers[0].millis() == 10999);
}

// Sliding 3000 every 1000: ts 2500 joins [0,3000), [1000,4000), [2000,5000).
// It is owned by [0,3000), the first to fire: at watermark 2999 it fires
// and the record is carried, though two of its windows are still open.
BOOST_AUTO_TEST_CASE(a_sliding_record_is_owned_by_the_window_that_fires_first) {
  WindowHarness h(
      std::make_unique<SlidingWindows>(SlidingWindowOptions{.size = Ms(3000), .slide = Ms(1000)}),
      {.track_unfired_records = true});
  h.E("a", 1, 2500);
  std::vector<PendingWindow> pending = h.op().PendingWindows();
  BOOST_TEST_REQUIRE(pending.size() == 3u);
  uint64_t unfired = 0;
  for (const PendingWindow& w : pending) unfired += w.unfired;
  BOOST_TEST(unfired == 1u);
  BOOST_TEST(pending[0].window.ToString() == "[0, 3000)");
  BOOST_TEST(pending[0].unfired == 1u);
  h.WM(2999);
  pending = h.op().PendingWindows();
  BOOST_TEST_REQUIRE(pending.size() == 2u);
  BOOST_TEST(pending[0].unfired + pending[1].unfired == 0u);
}

// Sessions with gap 1000: ts 1000 and 1500 merge into [1000, 2500); the merged
// window owns both records.
BOOST_AUTO_TEST_CASE(merged_sessions_keep_their_unfired_records) {
  WindowHarness h(std::make_unique<SessionWindows>(SessionWindowOptions{.gap = Ms(1000)}),
                  {.track_unfired_records = true});
  h.E("a", 1, 1000);
  h.E("a", 1, 1500);
  const std::vector<PendingWindow> pending = h.op().PendingWindows();
  BOOST_TEST_REQUIRE(pending.size() == 1u);
  BOOST_TEST(pending[0].window.ToString() == "[1000, 2500)");
  BOOST_TEST(pending[0].element_count == 2u);
  BOOST_TEST((pending[0].unfired_ids == std::vector<RecordId>{0, 1}));
}

// Without tracking the counts are kept, the ids are not.
BOOST_AUTO_TEST_CASE(untracked_operators_count_unfired_records_without_naming_them) {
  WindowHarness h(Tumbling(10000));
  h.E("a", 1, 1000);
  const std::vector<PendingWindow> pending = h.op().PendingWindows();
  BOOST_TEST_REQUIRE(pending.size() == 1u);
  BOOST_TEST(pending[0].unfired == 1u);
  BOOST_TEST(pending[0].unfired_ids.empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
