#include "engine/windows/window_assigner.h"

#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "engine/core/time_test_util.h"
#include "engine/expressions/expression.h"
#include "engine/windows/dynamic_session_windows.h"
#include "engine/windows/global_windows.h"
#include "engine/windows/session_windows.h"
#include "engine/windows/sliding_windows.h"
#include "engine/windows/time_window_test_util.h"
#include "engine/windows/tumbling_windows.h"

namespace tidemark::engine {
namespace {

using testing::Ms;
using testing::T;
using testing::W;

std::vector<TimeWindow> Assign(WindowAssigner& assigner, int64_t ts, int64_t now = 0) {
  std::vector<TimeWindow> out;
  assigner.AssignWindows(Record{}, T(ts), T(now), out);
  return out;
}

std::vector<int64_t> Starts(const std::vector<TimeWindow>& windows) {
  std::vector<int64_t> starts;
  for (const TimeWindow& w : windows) starts.push_back(w.start().millis());
  return starts;
}

BOOST_AUTO_TEST_SUITE(window_assigner)

// §3.2, vectors C (TumblingEventTimeWindowsTest).
BOOST_AUTO_TEST_CASE(tumbling_assigns_one_aligned_window_honouring_offsets) {
  TumblingWindows plain({.size = Ms(5000)});
  BOOST_TEST((Assign(plain, 0) == std::vector{W(0, 5000)}));
  BOOST_TEST((Assign(plain, 4999) == std::vector{W(0, 5000)}));
  BOOST_TEST((Assign(plain, 5000) == std::vector{W(5000, 10000)}));
  TumblingWindows plus100({.size = Ms(5000), .offset = Ms(100)});
  BOOST_TEST((Assign(plus100, 100) == std::vector{W(100, 5100)}));
  BOOST_TEST((Assign(plus100, 5099) == std::vector{W(100, 5100)}));
  BOOST_TEST((Assign(plus100, 5100) == std::vector{W(5100, 10100)}));
  TumblingWindows minus100({.size = Ms(5000), .offset = Ms(-100)});
  BOOST_TEST((Assign(minus100, 0) == std::vector{W(-100, 4900)}));
  BOOST_TEST((Assign(minus100, 4899) == std::vector{W(-100, 4900)}));
  BOOST_TEST((Assign(minus100, 4900) == std::vector{W(4900, 9900)}));
  TumblingWindows second({.size = Ms(5000), .offset = Ms(1000)});
  BOOST_TEST((Assign(second, 1000) == std::vector{W(1000, 6000)}));
  BOOST_TEST((Assign(second, 5999) == std::vector{W(1000, 6000)}));
  BOOST_TEST((Assign(second, 6000) == std::vector{W(6000, 11000)}));
  BOOST_TEST(plain.IsEventTime());
  BOOST_TEST((plain.DefaultTrigger() == TriggerSpec::EventTime()));
}

// §3.2, vectors C: NATURAL stagger = processing time of the first element mod
// size, fixed for the assigner's life (150 -> windows start at 150 + k*5000).
BOOST_AUTO_TEST_CASE(natural_stagger_is_fixed_by_the_first_elements_processing_time) {
  TumblingWindows natural({.size = Ms(5000), .stagger = WindowStagger::kNatural});
  BOOST_TEST((Assign(natural, 150, 150) == std::vector{W(150, 5150)}));
  BOOST_TEST((Assign(natural, 5099, 9999) == std::vector{W(150, 5150)}));
  BOOST_TEST((Assign(natural, 5300, 1) == std::vector{W(5150, 10150)}));
}

// §3.2, vectors C: invalid sizes/offsets give Flink's message.
BOOST_AUTO_TEST_CASE(tumbling_rejects_offsets_not_smaller_than_size) {
  BOOST_TEST(TumblingWindows::Validate({.size = Ms(-1000)}).value() ==
             "TumblingEventTimeWindows parameters must satisfy abs(offset) < size");
  BOOST_TEST(TumblingWindows::Validate({.size = Ms(10000), .offset = Ms(20000)}).has_value());
  BOOST_TEST(TumblingWindows::Validate({.size = Ms(10000), .offset = Ms(-11000)}).has_value());
  BOOST_TEST(!TumblingWindows::Validate({.size = Ms(10000), .offset = Ms(-9999)}).has_value());
  BOOST_TEST(
      TumblingWindows::Validate({.size = Ms(0), .domain = TimeDomain::kProcessingTime}).value() ==
      "TumblingProcessingTimeWindows parameters must satisfy abs(offset) "
      "< size");
}

// §3.2: an event-time window for a record without timestamp is Flink's
// RuntimeException, surfaced as an InputError.
BOOST_AUTO_TEST_CASE(event_time_tumbling_rejects_records_without_timestamp) {
  TumblingWindows tumbling({.size = Ms(1000)});
  std::vector<TimeWindow> out;
  BOOST_CHECK_THROW(tumbling.AssignWindows(Record{}, Timestamp::Min(), T(0), out), InputError);
  SlidingWindows sliding({.size = Ms(1000), .slide = Ms(100)});
  BOOST_CHECK_THROW(sliding.AssignWindows(Record{}, Timestamp::Min(), T(0), out), InputError);
}

// §3.3, vectors C (SlidingEventTimeWindowsTest): newest window first.
BOOST_AUTO_TEST_CASE(sliding_assigns_windows_in_descending_start_order) {
  SlidingWindows plain({.size = Ms(5000), .slide = Ms(1000)});
  BOOST_TEST((Starts(Assign(plain, 0)) == std::vector<int64_t>{0, -1000, -2000, -3000, -4000}));
  BOOST_TEST((Starts(Assign(plain, 4999)) == std::vector<int64_t>{4000, 3000, 2000, 1000, 0}));
  BOOST_TEST((Starts(Assign(plain, 5000)) == std::vector<int64_t>{5000, 4000, 3000, 2000, 1000}));
  BOOST_TEST((Assign(plain, 0).front() == W(0, 5000)));
  SlidingWindows plus100({.size = Ms(5000), .slide = Ms(1000), .offset = Ms(100)});
  BOOST_TEST(
      (Starts(Assign(plus100, 100)) == std::vector<int64_t>{100, -900, -1900, -2900, -3900}));
  BOOST_TEST((Starts(Assign(plus100, 5099)) == std::vector<int64_t>{4100, 3100, 2100, 1100, 100}));
  BOOST_TEST((Starts(Assign(plus100, 5100)) == std::vector<int64_t>{5100, 4100, 3100, 2100, 1100}));
  SlidingWindows minus100({.size = Ms(5000), .slide = Ms(1000), .offset = Ms(-100)});
  BOOST_TEST(
      (Starts(Assign(minus100, 0)) == std::vector<int64_t>{-100, -1100, -2100, -3100, -4100}));
  BOOST_TEST((Starts(Assign(minus100, 4899)) == std::vector<int64_t>{3900, 2900, 1900, 900, -100}));
}

// §3.3: with slide > size, timestamps in the gaps belong to no window.
BOOST_AUTO_TEST_CASE(sliding_with_slide_larger_than_size_leaves_gaps) {
  SlidingWindows gappy({.size = Ms(1000), .slide = Ms(3000)});
  BOOST_TEST((Assign(gappy, 500) == std::vector{W(0, 1000)}));
  BOOST_TEST(Assign(gappy, 1500).empty());
  BOOST_TEST(SlidingWindows::Validate({.size = Ms(0), .slide = Ms(1000)}).value() ==
             "SlidingEventTimeWindows parameters must satisfy abs(offset) < slide and size > 0");
  BOOST_TEST(SlidingWindows::Validate({.size = Ms(1000), .slide = Ms(0)}).has_value());
  BOOST_TEST(SlidingWindows::Validate({.size = Ms(1000), .slide = Ms(100), .offset = Ms(100)})
                 .has_value());
}

// §3.4, vectors C (EventTimeSessionWindowsTest, gap 5000).
BOOST_AUTO_TEST_CASE(session_assigns_timestamp_plus_gap) {
  SessionWindows sessions({.gap = Ms(5000)});
  BOOST_TEST((Assign(sessions, 0) == std::vector{W(0, 5000)}));
  BOOST_TEST((Assign(sessions, 4999) == std::vector{W(4999, 9999)}));
  BOOST_TEST((Assign(sessions, 5000) == std::vector{W(5000, 10000)}));
  BOOST_TEST(sessions.IsMerging());
  BOOST_TEST(SessionWindows::Validate({.gap = Ms(0)}).value() ==
             "EventTimeSessionWindows parameters must satisfy 0 < size");
  BOOST_TEST(
      SessionWindows::Validate({.gap = Ms(-1), .domain = TimeDomain::kProcessingTime}).value() ==
      "ProcessingTimeSessionWindows parameters must satisfy 0 < size");
}

// §3.8: processing-time assigners ignore the record timestamp (even Max).
BOOST_AUTO_TEST_CASE(processing_time_assigners_use_the_processing_clock) {
  TumblingWindows tumbling({.size = Ms(3000), .domain = TimeDomain::kProcessingTime});
  BOOST_TEST((Assign(tumbling, Timestamp::Max().millis(), 3) == std::vector{W(0, 3000)}));
  BOOST_TEST(!tumbling.IsEventTime());
  BOOST_TEST((tumbling.DefaultTrigger() == TriggerSpec::ProcessingTime()));
  SessionWindows sessions({.gap = Ms(10), .domain = TimeDomain::kProcessingTime});
  BOOST_TEST((Assign(sessions, 0, 7) == std::vector{W(7, 17)}));
}

// §3.5: one global window; not event time; default trigger never fires.
BOOST_AUTO_TEST_CASE(global_assigns_the_global_window) {
  GlobalWindows global;
  BOOST_TEST((Assign(global, 42) == std::vector{TimeWindow::Global()}));
  BOOST_TEST(!global.IsEventTime());
  BOOST_TEST((global.DefaultTrigger() == TriggerSpec::Never()));
  BOOST_TEST((GlobalWindows(GlobalWindowTrigger::kEndOfStream).DefaultTrigger() ==
              TriggerSpec::EndOfStream()));
}

// A report describes a window by asking its assigner: the words carry its
// kind, its sizes in ms and, for the processing clock, says so.
BOOST_AUTO_TEST_CASE(assigners_describe_themselves_in_a_readers_words) {
  BOOST_TEST(TumblingWindows({.size = Ms(10000)}).Describe() == "tumbling 10000 ms");
  BOOST_TEST(
      TumblingWindows({.size = Ms(3000), .domain = TimeDomain::kProcessingTime}).Describe() ==
      "tumbling 3000 ms of processing time");
  BOOST_TEST(SlidingWindows({.size = Ms(10000), .slide = Ms(2000)}).Describe() ==
             "sliding 10000 ms every 2000 ms");
  BOOST_TEST(SessionWindows({.gap = Ms(3000)}).Describe() == "session gap 3000 ms");
  BOOST_TEST(GlobalWindows().Describe() == "global");
  const Schema schema({{"key", ValueType::kString}, {"gap_ms", ValueType::kInt}});
  const DynamicSessionWindows dynamic(
      {.gap = Expression::Compile("gap_ms * 2", schema, {"t.yaml", 1, 1}), .gap_where = {}});
  BOOST_TEST(dynamic.Describe() == "session gap per record: gap_ms * 2 ms");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
