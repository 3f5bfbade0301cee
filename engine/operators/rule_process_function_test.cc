// RuleProcessFunction: the declarative keyed `process` step, run in a
// KeyedProcessOperator. Logs as in keyed_process_operator_test.cc: "R(..)@t"
// main output, "S1(..)@t" side output 1, "@none" no timestamp, "W(t)" a
// forwarded watermark.
#include "engine/operators/rule_process_function.h"

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

Expression Expr(std::string_view text, const Schema& schema) {
  return Expression::Compile(text, schema, SourceLocation{});
}
Expression Cond(std::string_view text, const Schema& schema) {
  return Expression::CompileCondition(text, schema, SourceLocation{});
}
std::vector<Expression> Exprs(std::vector<std::string_view> texts, const Schema& schema) {
  std::vector<Expression> out;
  for (std::string_view text : texts) out.push_back(Expr(text, schema));
  return out;
}

// Runs a RuleProcessFunction keyed by field 0; records' timestamps are given
// separately from their values.
class RuleFunctionHarness : public ProcessOutput {
 public:
  explicit RuleFunctionHarness(RuleProcessOptions options)
      : op_({.key_field = 0,
             .function = std::make_unique<RuleProcessFunction>(std::move(options))}) {}

  const KeyedElementDecision& E(std::vector<Value> values, int64_t ts) {
    return op_.ProcessElement(
        Record{.id = next_id_++, .timestamp = T(ts), .values = std::move(values)}, *this);
  }
  void WM(int64_t t) {
    op_.AdvanceWatermark(T(t), *this);
    log_.push_back(fmt::format("W({})", t));
  }
  void PT(int64_t t) { op_.AdvanceProcessingTime(T(t), *this); }

  void Emit(Port port, Record r) override {
    std::vector<std::string> values;
    for (const Value& v : r.values) values.push_back(FormatValue(v));
    const std::string ts = r.timestamp.is_min() ? "none" : FormatTimestamp(r.timestamp);
    const std::string name = port == kMainPort ? "R" : fmt::format("S{}", port);
    log_.push_back(fmt::format("{}({})@{}", name, fmt::join(values, ","), ts));
  }
  void TimerFired(const TimerFiring& firing) override { firings_.push_back(firing); }

  const Log& log() const { return log_; }
  const std::vector<TimerFiring>& firings() const { return firings_; }
  const KeyedProcessOperator& op() const { return op_; }

 private:
  KeyedProcessOperator op_;
  RecordId next_id_ = 0;
  Log log_;
  std::vector<TimerFiring> firings_;
};

const Schema& SensorIdAndTsSchema() {
  static const Schema schema({{"sensor_id", ValueType::kString}, {"ts", ValueType::kInt}});
  return schema;
}

std::vector<Value> Sensor(std::string id, int64_t ts) { return {std::move(id), ts}; }

// The inactivity alert: every record passes on and resets an event-time timer
// `span` after its key's newest record; a firing timer sends
// {sensor_id, last_seen: ts, alert_at: timer_ts} to side output 1
// (`idle-sensors`).
RuleProcessOptions IdleAlert(TimerAction reset) {
  const Schema on_timer = RuleProcessFunction::OnTimerSchema(SensorIdAndTsSchema());
  std::vector<RouteRule> alerts;
  alerts.push_back(
      {.when = std::nullopt,
       .targets = {{.port = 1, .projection = Exprs({"sensor_id", "ts", "timer_ts"}, on_timer)}}});
  std::vector<ProcessRule> rules;
  rules.push_back({.when = std::nullopt,
                   .targets = {{.port = kMainPort, .projection = {}}},
                   .timer = std::move(reset)});
  return {.input_schema = SensorIdAndTsSchema(),
          .rules = std::move(rules),
          .on_timer = std::move(alerts)};
}

// The trace both alert tests feed: s1 at 1000 and 4000, then s1 out of order
// at 3000; s2 every few seconds, never silent for 10 s.
void FeedIdleTrace(RuleFunctionHarness& h) {
  h.E(Sensor("s1", 1000), 1000);
  h.E(Sensor("s2", 2000), 2000);
  h.WM(1000);
  h.E(Sensor("s1", 4000), 4000);
  h.E(Sensor("s1", 3000), 3000);
  h.E(Sensor("s2", 6000), 6000);
  h.WM(10000);
  h.E(Sensor("s2", 11000), 11000);
  h.WM(13000);
  h.WM(14000);
  h.E(Sensor("s2", 15000), 15000);
  h.WM(20000);
  h.E(Sensor("s2", 19000), 19000);
  h.WM(24000);
}

BOOST_AUTO_TEST_SUITE(rule_process_function)

// §7.4/§7.6 with max-seen semantics: s1's timer goes 1000 + 10000 = 11000,
// then 4000 + 10000 = 14000; the late 3000 resets relative to the newest
// timestamp 4000, so it stays at 14000 (not 13000), and WM(13000) fires
// nothing. WM(14000) alerts {s1, 4000, 14000} at the timer time 14000. s2's
// timer keeps moving (12000, 16000, 21000, 25000, 29000) ahead of the
// watermark and never fires.
BOOST_AUTO_TEST_CASE(inactivity_alert_fires_span_after_the_newest_record_only) {
  RuleFunctionHarness h(IdleAlert({.kind = TimerActionKind::kReset,
                                   .domain = TimeDomain::kEventTime,
                                   .after = Duration::Millis(10000)}));
  BOOST_TEST(!RuleProcessFunction(IdleAlert({})).reads_watermark());
  FeedIdleTrace(h);
  const Log expected = {
      "R(s1,1000)@1000", "R(s2,2000)@2000",         "W(1000)",  "R(s1,4000)@4000",
      "R(s1,3000)@3000", "R(s2,6000)@6000",         "W(10000)", "R(s2,11000)@11000",
      "W(13000)",        "S1(s1,4000,14000)@14000", "W(14000)", "R(s2,15000)@15000",
      "W(20000)",        "R(s2,19000)@19000",       "W(24000)"};
  BOOST_TEST(h.log() == expected, boost::test_tools::per_element());
  // Only s2's timer at 19000 + 10000 is left.
  BOOST_TEST(h.op().timers().event_timers().size() == 1u);
  BOOST_TEST((h.op().timers().event_timers().begin()->timestamp == T(29000)));
}

// The absolute form does what its expression says: the late s1 record at
// 3000 resets the timer to 3000 + 10000 = 13000, earlier than the 14000 set
// by 4000, so WM(13000) alerts; last_seen is still the newest record, 4000.
BOOST_AUTO_TEST_CASE(absolute_reset_follows_the_expression_even_when_earlier) {
  RuleFunctionHarness h(IdleAlert(
      {.kind = TimerActionKind::kReset,
       .domain = TimeDomain::kEventTime,
       .at = Expr("ts + 10000", RuleProcessFunction::RuleSchema(SensorIdAndTsSchema()))}));
  FeedIdleTrace(h);
  BOOST_TEST(h.log()[8] == "S1(s1,4000,13000)@13000");
  BOOST_TEST(h.log()[9] == "W(13000)");
}

// K-1 declaratively, §7.4/§7.6: the rule reads current_watermark, so at
// WM(0) it registers at 0 + 5 = 5; on_timer emits the literal 1777 at the
// timer time. Expected W(0) R(17)@42 R(1777)@5 W(5).
BOOST_AUTO_TEST_CASE(rules_may_register_timers_relative_to_the_current_watermark) {
  const Schema input({{"value", ValueType::kInt}});
  auto options = [&input] {
    std::vector<ProcessRule> rules;
    rules.push_back(
        {.when = std::nullopt,
         .targets = {{.port = kMainPort, .projection = {}}},
         .timer = {.kind = TimerActionKind::kRegister,
                   .at = Expr("current_watermark + 5", RuleProcessFunction::RuleSchema(input))}});
    std::vector<RouteRule> on_timer;
    on_timer.push_back(
        {.when = std::nullopt,
         .targets = {{.projection = Exprs({"1777"}, RuleProcessFunction::OnTimerSchema(input))}}});
    return RuleProcessOptions{
        .input_schema = input, .rules = std::move(rules), .on_timer = std::move(on_timer)};
  };
  BOOST_TEST(RuleProcessFunction(options()).reads_watermark());
  RuleFunctionHarness h(options());
  h.WM(0);
  h.E({int64_t{17}}, 42);
  h.WM(5);
  BOOST_TEST(h.log() == (Log{"W(0)", "R(17)@42", "R(1777)@5", "W(5)"}),
             boost::test_tools::per_element());
}

// Router semantics: the first matching rule wins; a record no rule takes is
// discarded, reported as no rule, and leaves the key's state alone (the
// on_timer output still projects the last record a rule took).
BOOST_AUTO_TEST_CASE(first_matching_rule_wins_and_unmatched_records_change_nothing) {
  const Schema input({{"k", ValueType::kString}, {"temp", ValueType::kInt}});
  const Schema rs = RuleProcessFunction::RuleSchema(input);
  const Schema ts = RuleProcessFunction::OnTimerSchema(input);
  std::vector<ProcessRule> rules;
  rules.push_back({.when = Cond("temp > 30", rs),
                   .targets = {{.port = 1, .projection = {}}},
                   .timer = {.kind = TimerActionKind::kRegister, .at = Expr("100", rs)}});
  rules.push_back({.when = Cond("temp > 20", rs),
                   .targets = {{.port = kMainPort, .projection = {}}},
                   .timer = {}});
  std::vector<RouteRule> on_timer;
  on_timer.push_back({.when = std::nullopt, .targets = {{.projection = Exprs({"k", "temp"}, ts)}}});
  RuleFunctionHarness h(
      {.input_schema = input, .rules = std::move(rules), .on_timer = std::move(on_timer)});
  BOOST_TEST((h.E({std::string("a"), int64_t{35}}, 1).effects.rule == std::optional<size_t>(0)));
  BOOST_TEST((h.E({std::string("a"), int64_t{25}}, 2).effects.rule == std::optional<size_t>(1)));
  const KeyedElementDecision& unmatched = h.E({std::string("a"), int64_t{10}}, 3);
  BOOST_TEST(!unmatched.effects.rule.has_value());
  BOOST_TEST(unmatched.effects.ports.empty());
  h.WM(100);
  BOOST_TEST(h.log() == (Log{"S1(a,35)@1", "R(a,25)@2", "R(a,25)@100", "W(100)"}),
             boost::test_tools::per_element());
  BOOST_TEST(h.firings().size() == 1u);
  BOOST_TEST((h.firings()[0].effects.rule == std::optional<size_t>(0)));
}

// `cancel` deletes every timer the function registered for the key, in both
// domains, and no other key's. §7.4: b's processing-time timer emits its
// main output without timestamp and its side output at the timer time 100.
BOOST_AUTO_TEST_CASE(cancel_deletes_every_timer_of_the_key_in_both_domains) {
  const Schema input({{"key", ValueType::kString}, {"kind", ValueType::kString}});
  const Schema rs = RuleProcessFunction::RuleSchema(input);
  const Schema ts = RuleProcessFunction::OnTimerSchema(input);
  std::vector<ProcessRule> rules;
  rules.push_back({.when = Cond("kind = 'stop'", rs),
                   .targets = {},
                   .timer = {.kind = TimerActionKind::kCancel}});
  rules.push_back({.when = Cond("kind = 'proc'", rs),
                   .targets = {},
                   .timer = {.kind = TimerActionKind::kRegister,
                             .domain = TimeDomain::kProcessingTime,
                             .after = Duration::Millis(100)}});
  rules.push_back({.when = std::nullopt,
                   .targets = {},
                   .timer = {.kind = TimerActionKind::kRegister, .after = Duration::Millis(50)}});
  std::vector<RouteRule> on_timer;
  on_timer.push_back({.when = std::nullopt,
                      .targets = {{.projection = Exprs({"key"}, ts)},
                                  {.port = 1, .projection = Exprs({"key", "timer_ts"}, ts)}}});
  RuleFunctionHarness h(
      {.input_schema = input, .rules = std::move(rules), .on_timer = std::move(on_timer)});
  auto row = [](const char* key, const char* kind) {
    return std::vector<Value>{std::string(key), std::string(kind)};
  };
  h.PT(0);
  h.E(row("a", "proc"), 0);    // processing timer at 0 + 100
  h.E(row("a", "event"), 10);  // event timer at 10 + 50
  h.E(row("b", "proc"), 0);    // processing timer at 100
  const KeyedElementDecision& stop = h.E(row("a", "stop"), 20);
  const std::vector<TimerChange> deleted = {
      {TimerChangeKind::kDeleted, TimeDomain::kEventTime, T(60)},
      {TimerChangeKind::kDeleted, TimeDomain::kProcessingTime, T(100)}};
  BOOST_TEST((stop.effects.timers == deleted));
  h.PT(100);
  h.WM(1000);
  BOOST_TEST(h.log() == (Log{"R(b)@none", "S1(b,100)@100", "W(1000)"}),
             boost::test_tools::per_element());
}

// A processing-time reset moves the timer to now + span on every record, so
// a key that keeps sending within the span never fires, and one that stops
// fires span after its last record.
BOOST_AUTO_TEST_CASE(processing_time_reset_fires_span_after_the_last_arrival) {
  const Schema input({{"key", ValueType::kString}});
  const Schema ts = RuleProcessFunction::OnTimerSchema(input);
  std::vector<ProcessRule> rules;
  rules.push_back({.when = std::nullopt,
                   .targets = {},
                   .timer = {.kind = TimerActionKind::kReset,
                             .domain = TimeDomain::kProcessingTime,
                             .after = Duration::Millis(100)}});
  std::vector<RouteRule> on_timer;
  on_timer.push_back({.when = std::nullopt,
                      .targets = {{.port = 1, .projection = Exprs({"key", "timer_ts"}, ts)}}});
  RuleFunctionHarness h(
      {.input_schema = input, .rules = std::move(rules), .on_timer = std::move(on_timer)});
  for (int64_t now : {0, 60, 120, 180}) {
    h.PT(now);
    h.E({std::string("busy")}, 0);
    if (now == 60) h.E({std::string("quiet")}, 0);  // timer at 160
  }
  h.PT(279);  // busy's timer is at 280
  BOOST_TEST(h.log() == (Log{"S1(quiet,160)@160"}), boost::test_tools::per_element());
  h.PT(280);
  BOOST_TEST(h.log().back() == "S1(busy,280)@280");
}

// A null `at` value registers no timer.
BOOST_AUTO_TEST_CASE(null_timer_time_registers_nothing) {
  const Schema input({{"key", ValueType::kString}, {"deadline", ValueType::kInt}});
  const Schema rs = RuleProcessFunction::RuleSchema(input);
  std::vector<ProcessRule> rules;
  rules.push_back({.when = std::nullopt,
                   .targets = {},
                   .timer = {.kind = TimerActionKind::kRegister, .at = Expr("deadline", rs)}});
  RuleFunctionHarness h({.input_schema = input, .rules = std::move(rules), .on_timer = {}});
  BOOST_TEST(h.E({std::string("a"), std::monostate{}}, 0).effects.timers.empty());
  BOOST_TEST(h.E({std::string("a"), int64_t{9}}, 0).effects.timers.size() == 1u);
}

BOOST_AUTO_TEST_CASE(timer_actions_and_schemas_are_validated) {
  using F = RuleProcessFunction;
  const Schema input({{"k", ValueType::kString}, {"x", ValueType::kDouble}});
  const Schema rs = F::RuleSchema(input);
  BOOST_TEST(F::OnTimerSchema(input).ToString() ==
             "{k: string, x: double, current_watermark: int, timer_ts: int}");
  BOOST_TEST(!F::CheckInputSchema(input).has_value());
  BOOST_TEST(*F::CheckInputSchema(Schema({{"timer_ts", ValueType::kInt}})) ==
             "field name 'timer_ts' is reserved in a keyed process step");
  BOOST_TEST(!F::CheckTimerAction({}).has_value());
  BOOST_TEST(*F::CheckTimerAction({.kind = TimerActionKind::kRegister}) ==
             "timer action 'register' needs 'at' or 'after'");
  BOOST_TEST(
      *F::CheckTimerAction({.kind = TimerActionKind::kCancel, .after = Duration::Millis(1)}) ==
      "timer action 'cancel' takes no 'at' or 'after'");
  BOOST_TEST(
      *F::CheckTimerAction(
          {.kind = TimerActionKind::kReset, .at = Expr("1", rs), .after = Duration::Millis(1)}) ==
      "timer action 'reset' takes 'at' or 'after', not both");
  BOOST_TEST(*F::CheckTimerAction({.kind = TimerActionKind::kReset, .at = Expr("x", rs)}) ==
             "timer 'at' must be int, got double");
  BOOST_TEST(
      *F::CheckTimerAction({.kind = TimerActionKind::kReset, .after = Duration::Millis(-1)}) ==
      "timer 'after' must not be negative, got -1");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
