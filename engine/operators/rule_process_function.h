// RuleProcessFunction: the declarative KeyedProcessFunction of a scenario's
// keyed `process` step — routing rules (as Router) that may also set, cancel
// or reset a timer of the record's key, and `on_timer` rules that emit when a
// timer fires (§7.4, §7.6).
//
// Elements: rules are tried in order and the first whose `when` holds (absent:
// always) matches. For the matched rule the function, in this order,
//   1. remembers the record as the key's latest if its timestamp is >= the
//      remembered one's (ties: the newer arrival), so a late record never
//      replaces a newer one;
//   2. emits to each target (empty projection: the input record as it is);
//   3. applies the timer action (TimerAction).
// A record no rule takes is discarded and leaves the key's state alone.
//
// Timers: the function tracks the timers it registered per key, so `cancel`
// can delete them all. The relative event-time form registers at the latest
// remembered timestamp + span, not at this record's: with `reset` that is the
// inactivity alert "no record for `span` after the newest one", which an
// out-of-order record cannot pull earlier. The absolute form (`at`) registers
// where its expression says, earlier or not.
//
// On timer: the `on_timer` rules are tried in order against the key's latest
// record extended with `current_watermark` and `timer_ts` (OnTimerSchema);
// the first match emits to its targets (an empty projection emits the latest
// record as it is). Timestamps follow §7.4 (the operator sets them): event-time
// timer outputs carry the timer's timestamp. The state is kept after a firing,
// so a key that sends again is watched again.
//
// Ledger: ProcessEffects::rule is the index of the matched rule for elements
// and of the matched `on_timer` rule for firings.
//
// Cost: per key one remembered record (copied when a matched record is the
// newest) and the set of its pending timers.
//
// `current_watermark`: rule expressions are compiled against RuleSchema (the
// input plus `current_watermark: int`). Only when some rule expression reads
// it does the function copy each element into a scratch record with the
// watermark appended; otherwise rules read the input record directly (the
// extra field is last, so expressions that do not name it never index it).
#ifndef TIDEMARK_ENGINE_RULE_PROCESS_FUNCTION_H_
#define TIDEMARK_ENGINE_RULE_PROCESS_FUNCTION_H_

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/core/schema.h"
#include "engine/expressions/expression.h"
#include "engine/operators/keyed_process_operator.h"
#include "engine/operators/router.h"

namespace tidemark::engine {

enum class TimerActionKind {
  kNone,
  kRegister,  // add a timer (other timers of the key stay)
  kCancel,    // delete every pending timer this function registered for the key
  kReset,     // cancel, then register
};

struct TimerAction {
  TimerActionKind kind = TimerActionKind::kNone;
  TimeDomain domain = TimeDomain::kEventTime;
  // For register and reset, exactly one of:
  // an int expression over RuleSchema; a null value registers nothing.
  std::optional<Expression> at{};
  // Event time: the key's latest remembered timestamp + after (a key whose
  // records have no timestamp registers nothing). Processing time: the current
  // processing time + after. Saturating at the ends of time, not wrapping.
  std::optional<Duration> after{};
};

struct ProcessRule {
  std::optional<Expression> when;    // over RuleSchema; absent: always matches
  std::vector<RouteTarget> targets;  // projections over RuleSchema
  TimerAction timer;
};

struct RuleProcessOptions {
  Schema input_schema{};
  std::vector<ProcessRule> rules{};
  // Conditions and projections over OnTimerSchema(input_schema).
  std::vector<RouteRule> on_timer{};
};

class RuleProcessFunction final : public KeyedProcessFunction {
 public:
  static constexpr const char* kWatermarkField = "current_watermark";
  static constexpr const char* kTimerField = "timer_ts";

  // The input schema plus `current_watermark: int`.
  static Schema RuleSchema(const Schema& input);
  // The input schema plus `current_watermark: int` and `timer_ts: int`.
  static Schema OnTimerSchema(const Schema& input);

  // An error message when the input has a field named like one of the added
  // fields, else nullopt.
  static std::optional<std::string> CheckInputSchema(const Schema& input);
  // An error message when the action is inconsistent (`at` or `after` missing,
  // both given, given for none/cancel, `at` not int, `after` negative).
  static std::optional<std::string> CheckTimerAction(const TimerAction& action);

  // REQUIRES: CheckInputSchema and CheckTimerAction of every rule pass.
  explicit RuleProcessFunction(RuleProcessOptions options);
  std::unique_ptr<KeyedProcessFunction> Clone() const override {
    return std::make_unique<RuleProcessFunction>(*this);
  }

  void ProcessElement(const Record& record, Context& ctx) override;
  void OnTimer(Timestamp timestamp, TimeDomain domain, OnTimerContext& ctx) override;

  // Whether rules read `current_watermark` (and so copy each element).
  bool reads_watermark() const { return reads_watermark_; }

 private:
  struct KeyTimers {
    std::set<Timestamp> event;
    std::set<Timestamp> processing;
  };

  const Record& RuleInput(const Record& record, Timestamp watermark);
  static void Remember(const Record& record, std::optional<Record>& latest);
  void ApplyTimerAction(const TimerAction& action, const Record& rule_input, Context& ctx);
  static void Cancel(KeyTimers& timers, Context& ctx);
  std::optional<Timestamp> TimerTime(const TimerAction& action, const Record& rule_input,
                                     Context& ctx) const;
  static Record Project(const Record& as_is, const Record& rule_input, const RouteTarget& target);

  const size_t input_size_;
  std::vector<ProcessRule> rules_;
  std::vector<RouteRule> on_timer_;
  bool reads_watermark_ = false;
  std::vector<KeyTimers> timers_;  // by KeyId
  Record scratch_;                 // an element with the watermark appended, reused
  Record timer_input_;             // the on-timer record, reused
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_RULE_PROCESS_FUNCTION_H_
