// KeyedProcessOperator: cases from Flink's KeyedProcessOperatorTest
// (testEventTimeTimers, testEventTimeTimerWithState, testSideOutput) and the
// timer rules of §7.4 and §7.6. Logs list outputs and forwarded
// watermarks in exact order: "R(v)@t" is a main output, "S1(v)@t" one on
// side output 1, "@none" a record without timestamp, "W(t)" a watermark the
// harness forwards after AdvanceWatermark returns.
#include "engine/operators/keyed_process_operator.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "engine/core/time_test_util.h"

namespace tidemark::engine {
namespace {

using Log = std::vector<std::string>;
using testing::T;

std::string FormatRecord(Port port, const Record& r) {
  std::vector<std::string> values;
  for (const Value& v : r.values) values.push_back(FormatValue(v));
  const std::string ts = r.timestamp.is_min() ? "none" : FormatTimestamp(r.timestamp);
  const std::string name = port == kMainPort ? "R" : fmt::format("S{}", port);
  return fmt::format("{}({})@{}", name, fmt::join(values, ","), ts);
}

// The two callbacks of a KeyedProcessFunction, as lambdas.
struct Lambdas {
  std::function<void(const Record&, ProcessContext&)> element{};
  std::function<void(Timestamp, TimeDomain, OnTimerContext&)> timer{};
};

class LambdaFunction : public KeyedProcessFunction {
 public:
  explicit LambdaFunction(Lambdas f) : f_(std::move(f)) {}
  std::unique_ptr<KeyedProcessFunction> Clone() const override {
    return std::make_unique<LambdaFunction>(*this);
  }
  void ProcessElement(const Record& record, Context& ctx) override { f_.element(record, ctx); }
  void OnTimer(Timestamp t, TimeDomain domain, OnTimerContext& ctx) override {
    if (f_.timer) f_.timer(t, domain, ctx);
  }

 private:
  Lambdas f_;
};

// Flink's KeyedOneInputStreamOperatorTestHarness for single-field records
// keyed by their only value.
class KeyedProcessHarness : public ProcessOutput {
 public:
  explicit KeyedProcessHarness(Lambdas f)
      : op_({.key_field = 0, .function = std::make_unique<LambdaFunction>(std::move(f))}) {}

  const KeyedElementDecision& E(Value v, int64_t ts) {
    return E(Record{.id = next_id_++, .timestamp = T(ts), .values = {std::move(v)}});
  }
  const KeyedElementDecision& E(const Record& r) { return op_.ProcessElement(r, *this); }
  void WM(int64_t t) {
    op_.AdvanceWatermark(T(t), *this);
    log_.push_back(fmt::format("W({})", t));
  }
  void PT(int64_t t) { op_.AdvanceProcessingTime(T(t), *this); }

  void Emit(Port port, Record record) override {
    log_.push_back(FormatRecord(port, record));
    records_.push_back(std::move(record));
  }
  void TimerFired(const TimerFiring& firing) override { firings_.push_back(firing); }

  const Log& log() const { return log_; }
  const std::vector<Record>& records() const { return records_; }
  const std::vector<TimerFiring>& firings() const { return firings_; }
  KeyedProcessOperator& op() { return op_; }

 private:
  KeyedProcessOperator op_;
  RecordId next_id_ = 0;
  Log log_;
  std::vector<Record> records_;
  std::vector<TimerFiring> firings_;
};

Record Of(Value v) { return Record{.values = {std::move(v)}}; }

BOOST_AUTO_TEST_SUITE(keyed_process_operator_vectors)

// K-1 (testEventTimeTimers), §7.4/§7.6: at WM(0) the element registers a
// timer at 0 + 5 = 5 and emits 17 with its own timestamp 42; WM(5) fires the
// timer, whose output carries the timer time 5, before W(5) is forwarded.
BOOST_AUTO_TEST_CASE(event_timer_output_carries_the_timer_timestamp_before_the_watermark) {
  KeyedProcessHarness h(
      {.element =
           [](const Record& r, ProcessContext& ctx) {
             ctx.Emit(r);
             ctx.RegisterEventTimeTimer(ctx.current_watermark() + Duration::Millis(5));
           },
       .timer = [](Timestamp, TimeDomain, OnTimerContext& ctx) { ctx.Emit(Of(int64_t{1777})); }});
  h.WM(0);
  h.E(int64_t{17}, 42);
  h.WM(5);
  BOOST_TEST(h.log() == (Log{"W(0)", "R(17)@42", "R(1777)@5", "W(5)"}),
             boost::test_tools::per_element());
}

// K-2 (testEventTimeTimerWithState), §7.6: 17 and 13 register at 1 + 5 = 6
// (two keys: two timers). At WM(2) 42 registers at 2 + 5 = 7, and 13 (state
// present) clears it and deletes its timer at 2 + 4 = 6. WM(6) fires only
// 17's timer, WM(7) 42's; outputs carry the timer times.
BOOST_AUTO_TEST_CASE(deleted_timer_does_not_fire_and_keys_have_separate_timers) {
  KeyedProcessHarness h(
      {.element =
           [](const Record& r, ProcessContext& ctx) {
             std::optional<Record>& state = ctx.value_state();
             if (!state) {
               ctx.Emit(Of("INPUT:" + FormatValue(r.values[0])));
               state = r;
               ctx.RegisterEventTimeTimer(ctx.current_watermark() + Duration::Millis(5));
             } else {
               state.reset();
               ctx.DeleteEventTimeTimer(ctx.current_watermark() + Duration::Millis(4));
             }
           },
       .timer =
           [](Timestamp, TimeDomain, OnTimerContext& ctx) {
             ctx.Emit(Of("STATE:" + FormatValue(ctx.value_state()->values[0])));
           }});
  h.WM(1);
  h.E(int64_t{17}, 0);
  h.E(int64_t{13}, 0);
  h.WM(2);
  h.E(int64_t{42}, 1);
  h.E(int64_t{13}, 1);
  h.WM(6);
  h.WM(7);
  const Log expected = {"W(1)",          "R(INPUT:17)@0", "R(INPUT:13)@0", "W(2)", "R(INPUT:42)@1",
                        "R(STATE:17)@6", "W(6)",          "R(STATE:42)@7", "W(7)"};
  BOOST_TEST(h.log() == expected, boost::test_tools::per_element());
}

// K-3 (testSideOutput), §7.4: in processElement the main output and both
// side outputs (Flink's Integer and Long tags: ports 1 and 2) carry the
// element's timestamp 17.
BOOST_AUTO_TEST_CASE(side_outputs_of_an_element_carry_its_timestamp) {
  KeyedProcessHarness h({.element = [](const Record& r, ProcessContext& ctx) {
    ctx.Emit(Of("IN:" + FormatValue(r.values[0])));
    ctx.Emit(1, r);
    ctx.Emit(2, r);
  }});
  h.E(int64_t{42}, 17);
  BOOST_TEST(h.log() == (Log{"R(IN:42)@17", "S1(42)@17", "S2(42)@17"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(keyed_process_operator_timers)

// §7.4: an element without timestamp gives outputs without one, main and
// side alike (Flink marks the side record as having timestamp MIN, which is
// the same value here).
BOOST_AUTO_TEST_CASE(outputs_of_an_element_without_timestamp_have_none) {
  KeyedProcessHarness h({.element = [](const Record& r, ProcessContext& ctx) {
    ctx.Emit(r);
    ctx.Emit(1, r);
  }});
  h.E(Record{.id = 7, .timestamp = Timestamp::Min(), .values = {int64_t{1}}});
  BOOST_TEST(h.log() == (Log{"R(1)@none", "S1(1)@none"}), boost::test_tools::per_element());
}

// §7.6: one timer per (key, timestamp): three registrations at 10 for key 1
// fire once; key 2's timer at 10 is another timer. Equal timestamps fire in
// key first-seen order (TimerService), so 2 (seen first) before 1.
BOOST_AUTO_TEST_CASE(timers_are_deduplicated_per_key_and_timestamp) {
  KeyedProcessHarness h(
      {.element = [](const Record&, ProcessContext& ctx) { ctx.RegisterEventTimeTimer(T(10)); },
       .timer = [](Timestamp, TimeDomain, OnTimerContext& ctx) { ctx.Emit(Of(ctx.key())); }});
  h.E(int64_t{2}, 0);
  h.E(int64_t{1}, 0);
  const KeyedElementDecision& again = h.E(int64_t{1}, 1);
  BOOST_TEST(again.effects.timers.empty());  // registering an existing timer changes nothing
  h.E(int64_t{1}, 2);
  BOOST_TEST(h.op().timers().event_timers().size() == 2u);
  h.WM(10);
  BOOST_TEST(h.log() == (Log{"R(2)@10", "R(1)@10", "W(10)"}), boost::test_tools::per_element());
}

// §7.6: the advance re-reads the queue after each timer, so timers OnTimer
// registers at or before the watermark (5 -> 7 -> 9) fire within WM(10); the
// one at 11 waits for WM(11).
BOOST_AUTO_TEST_CASE(
    timer_registered_in_on_timer_at_or_before_the_watermark_fires_in_same_advance) {
  KeyedProcessHarness h(
      {.element = [](const Record&, ProcessContext& ctx) { ctx.RegisterEventTimeTimer(T(5)); },
       .timer =
           [](Timestamp t, TimeDomain, OnTimerContext& ctx) {
             ctx.Emit(Of(t.millis()));
             ctx.RegisterEventTimeTimer(t + Duration::Millis(2));
             ctx.DeleteEventTimeTimer(T(100));  // none there: a no-op
           }});
  h.E(int64_t{1}, 0);
  h.WM(10);
  BOOST_TEST(h.log() == (Log{"R(5)@5", "R(7)@7", "R(9)@9", "W(10)"}),
             boost::test_tools::per_element());
  h.WM(11);
  BOOST_TEST(h.log().size() == 6u);
  BOOST_TEST(h.log()[4] == "R(11)@11");
}

// §7.6: a timer registered in processElement at or before the current
// watermark (5 <= 10) does not fire until the next watermark arrives.
BOOST_AUTO_TEST_CASE(timer_registered_in_process_element_behind_the_watermark_waits_for_next) {
  KeyedProcessHarness h(
      {.element = [](const Record&, ProcessContext& ctx) { ctx.RegisterEventTimeTimer(T(5)); },
       .timer = [](Timestamp t, TimeDomain, OnTimerContext& ctx) { ctx.Emit(Of(t.millis())); }});
  h.WM(10);
  h.E(int64_t{1}, 3);
  BOOST_TEST(h.op().timers().event_timers().size() == 1u);
  h.WM(11);
  BOOST_TEST(h.log() == (Log{"W(10)", "R(5)@5", "W(11)"}), boost::test_tools::per_element());
}

// §7.4/§7.6: a processing-time timer for now + 10 = 110 fires when the
// clock reaches 110 (harness semantics: ts <= time), not at 109. Its main
// output has no timestamp; its side output carries the timer time. The
// watermark does not fire it.
BOOST_AUTO_TEST_CASE(processing_timer_fires_when_processing_time_reaches_it) {
  KeyedProcessHarness h({.element =
                             [](const Record&, ProcessContext& ctx) {
                               ctx.RegisterProcessingTimeTimer(ctx.current_processing_time() +
                                                               Duration::Millis(10));
                             },
                         .timer =
                             [](Timestamp t, TimeDomain domain, OnTimerContext& ctx) {
                               BOOST_TEST((domain == TimeDomain::kProcessingTime));
                               BOOST_TEST((ctx.time_domain() == TimeDomain::kProcessingTime));
                               BOOST_TEST((ctx.timestamp() == t));
                               ctx.Emit(Of(std::string("main")));
                               ctx.Emit(1, Of(std::string("side")));
                             }});
  h.PT(100);
  h.E(int64_t{1}, 42);
  h.WM(1000);
  h.PT(109);
  BOOST_TEST(h.log() == (Log{"W(1000)"}), boost::test_tools::per_element());
  h.PT(110);
  BOOST_TEST(h.log() == (Log{"W(1000)", "R(main)@none", "S1(side)@110"}),
             boost::test_tools::per_element());
  BOOST_TEST(h.firings().size() == 1u);
  BOOST_TEST((h.firings()[0].domain == TimeDomain::kProcessingTime));
  BOOST_TEST((h.firings()[0].processing_time == T(110)));
}

// §7.4: OnTimerContext.output of an event-time timer carries the timer time,
// as its main output does.
BOOST_AUTO_TEST_CASE(event_timer_side_output_carries_the_timer_timestamp) {
  KeyedProcessHarness h(
      {.element = [](const Record&, ProcessContext& ctx) { ctx.RegisterEventTimeTimer(T(20)); },
       .timer =
           [](Timestamp, TimeDomain, OnTimerContext& ctx) {
             ctx.Emit(Of(std::string("main")));
             ctx.Emit(3, Of(std::string("side")));
           }});
  h.E(int64_t{1}, 5);
  h.WM(25);
  BOOST_TEST(h.log() == (Log{"R(main)@20", "S3(side)@20", "W(25)"}),
             boost::test_tools::per_element());
}

// §7.6: deleting a timer that does not exist (never registered, other key,
// other domain, already fired) is a no-op and leaves other timers alone.
BOOST_AUTO_TEST_CASE(deleting_a_missing_timer_is_a_no_op) {
  KeyedProcessHarness h(
      {.element =
           [](const Record& r, ProcessContext& ctx) {
             if (std::get<int64_t>(r.values[0]) == 1) {
               ctx.RegisterEventTimeTimer(T(10));
             } else {
               ctx.DeleteEventTimeTimer(T(10));       // key 1's, not ours
               ctx.DeleteProcessingTimeTimer(T(10));  // never registered
               ctx.DeleteEventTimeTimer(T(11));
             }
           },
       .timer = [](Timestamp t, TimeDomain, OnTimerContext& ctx) { ctx.Emit(Of(t.millis())); }});
  h.E(int64_t{1}, 0);
  const KeyedElementDecision& d = h.E(int64_t{2}, 0);
  BOOST_TEST(d.effects.timers.empty());
  h.WM(10);
  BOOST_TEST(h.log() == (Log{"R(10)@10", "W(10)"}), boost::test_tools::per_element());
}

// Ledger hooks: the element decision lists ports and effective timer
// changes; outputs of an element keep its id, timer outputs have none; each
// firing is reported after its outputs.
BOOST_AUTO_TEST_CASE(decisions_and_firings_record_what_the_function_did) {
  KeyedProcessHarness h(
      {.element =
           [](const Record& r, ProcessContext& ctx) {
             ctx.Emit(r);
             ctx.Emit(2, r);
             ctx.RegisterEventTimeTimer(T(8));
             ctx.RegisterEventTimeTimer(T(8));
             ctx.DeleteEventTimeTimer(T(8));
             ctx.RegisterEventTimeTimer(T(9));
             ctx.NoteRule(4);
           },
       .timer = [](Timestamp, TimeDomain, OnTimerContext& ctx) { ctx.Emit(1, Of(ctx.key())); }});
  h.WM(3);
  const KeyedElementDecision& d =
      h.E(Record{.id = 77, .timestamp = T(5), .values = {std::string("k")}});
  BOOST_TEST(d.record_id == 77u);
  BOOST_TEST((d.timestamp == T(5)));
  BOOST_TEST((d.watermark == T(3)));
  BOOST_TEST(d.key == 0u);
  BOOST_TEST((d.effects.rule == std::optional<size_t>(4)));
  BOOST_TEST(d.effects.ports == (std::vector<Port>{0, 2}), boost::test_tools::per_element());
  const std::vector<TimerChange> changes = {
      {TimerChangeKind::kRegistered, TimeDomain::kEventTime, T(8)},
      {TimerChangeKind::kDeleted, TimeDomain::kEventTime, T(8)},
      {TimerChangeKind::kRegistered, TimeDomain::kEventTime, T(9)}};
  BOOST_TEST((d.effects.timers == changes));
  h.WM(9);
  BOOST_TEST(h.records().size() == 3u);
  BOOST_TEST(h.records()[0].id == 77u);
  BOOST_TEST(h.records()[1].id == 77u);
  BOOST_TEST(h.records()[2].id == kNoRecordId);
  BOOST_TEST(h.firings().size() == 1u);
  const TimerFiring& f = h.firings()[0];
  BOOST_TEST(f.key == 0u);
  BOOST_TEST((f.timestamp == T(9)));
  BOOST_TEST((f.watermark == T(9)));
  BOOST_TEST((f.domain == TimeDomain::kEventTime));
  BOOST_TEST(!f.effects.rule.has_value());
  BOOST_TEST(f.effects.ports == (std::vector<Port>{1}), boost::test_tools::per_element());
}

// Flink's InternalTimerServiceImplTest.testSnapshotAndRestore: a processing-
// time and an event-time timer at 10 for each of two keys are snapshotted;
// after the restore, processing time 10 fires the two processing-time timers
// and watermark 10 the two event-time ones, and nothing is left. The keys'
// value state comes back too: each timer emits it ("a", "b"); a processing-
// time timer's output has no timestamp (KeyedProcessOperator.onProcessingTime
// erases it), an event-time one carries the timer's. The restore itself puts
// the watermark back to Min and fires nothing.
BOOST_AUTO_TEST_CASE(timers_and_value_state_survive_a_snapshot_and_restore) {
  const Lambdas f = {.element =
                         [](const Record& r, ProcessContext& ctx) {
                           ctx.value_state() = r;
                           ctx.RegisterEventTimeTimer(Timestamp::Millis(10));
                           ctx.RegisterProcessingTimeTimer(Timestamp::Millis(10));
                         },
                     .timer =
                         [](Timestamp, TimeDomain domain, OnTimerContext& ctx) {
                           const std::string kind =
                               domain == TimeDomain::kEventTime ? "event" : "processing";
                           ctx.Emit(Of(kind + ":" + FormatValue(ctx.value_state()->values[0])));
                         }};
  KeyedProcessHarness live(f);
  live.PT(0);
  live.E(Value(std::string("a")), 1);
  live.E(Value(std::string("b")), 2);
  live.WM(5);
  const KeyedProcessOperator snapshot(live.op());

  KeyedProcessHarness restored(f);
  restored.op().RestoreFrom(snapshot);
  BOOST_TEST((restored.op().current_watermark() == Timestamp::Min()));
  BOOST_TEST(restored.log().empty());
  restored.PT(10);
  restored.WM(10);
  BOOST_TEST(restored.log() == (Log{"R(processing:a)@none", "R(processing:b)@none", "R(event:a)@10",
                                    "R(event:b)@10", "W(10)"}),
             boost::test_tools::per_element());
  BOOST_TEST(restored.op().timers().event_timers().empty());
  BOOST_TEST(restored.op().timers().processing_timers().empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
