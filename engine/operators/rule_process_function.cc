#include "engine/operators/rule_process_function.h"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::engine {

namespace {

bool Reads(const Expression& e, std::string_view field) {
  const std::vector<std::string> fields = e.referenced_fields();
  return std::find(fields.begin(), fields.end(), field) != fields.end();
}

bool TargetsRead(const std::vector<RouteTarget>& targets, std::string_view field) {
  for (const RouteTarget& target : targets) {
    for (const Expression& e : target.projection) {
      if (Reads(e, field)) return true;
    }
  }
  return false;
}

bool RuleReads(const ProcessRule& rule, std::string_view field) {
  return (rule.when && Reads(*rule.when, field)) || TargetsRead(rule.targets, field) ||
         (rule.timer.at && Reads(*rule.timer.at, field));
}

std::string_view ActionName(TimerActionKind kind) {
  switch (kind) {
    case TimerActionKind::kNone: return "none";
    case TimerActionKind::kRegister: return "register";
    case TimerActionKind::kCancel: return "cancel";
    case TimerActionKind::kReset: return "reset";
  }
  return "?";
}

}  // namespace

Schema RuleProcessFunction::RuleSchema(const Schema& input) {
  std::vector<Field> fields = input.fields();
  fields.push_back({kWatermarkField, ValueType::kInt});
  return Schema(std::move(fields));
}

Schema RuleProcessFunction::OnTimerSchema(const Schema& input) {
  std::vector<Field> fields = input.fields();
  fields.push_back({kWatermarkField, ValueType::kInt});
  fields.push_back({kTimerField, ValueType::kInt});
  return Schema(std::move(fields));
}

std::optional<std::string> RuleProcessFunction::CheckInputSchema(const Schema& input) {
  for (const char* reserved : {kWatermarkField, kTimerField}) {
    if (input.IndexOf(reserved)) {
      return fmt::format("field name '{}' is reserved in a keyed process step", reserved);
    }
  }
  return std::nullopt;
}

std::optional<std::string> RuleProcessFunction::CheckTimerAction(const TimerAction& action) {
  const bool has_at = action.at.has_value();
  const bool has_after = action.after.has_value();
  const std::string_view name = ActionName(action.kind);
  if (action.kind == TimerActionKind::kNone || action.kind == TimerActionKind::kCancel) {
    if (has_at || has_after) return fmt::format("timer action '{}' takes no 'at' or 'after'", name);
    return std::nullopt;
  }
  if (!has_at && !has_after) return fmt::format("timer action '{}' needs 'at' or 'after'", name);
  if (has_at && has_after) {
    return fmt::format("timer action '{}' takes 'at' or 'after', not both", name);
  }
  if (has_at && action.at->type() != ValueType::kInt) {
    return fmt::format("timer 'at' must be int, got {}", TypeName(action.at->type()));
  }
  if (has_after && action.after->millis() < 0) {
    return fmt::format("timer 'after' must not be negative, got {}", action.after->millis());
  }
  return std::nullopt;
}

RuleProcessFunction::RuleProcessFunction(RuleProcessOptions options)
    : input_size_(options.input_schema.size()),
      rules_(std::move(options.rules)),
      on_timer_(std::move(options.on_timer)) {
  TIDEMARK_CHECK(!CheckInputSchema(options.input_schema));
  for (const ProcessRule& rule : rules_) {
    TIDEMARK_CHECK(!CheckTimerAction(rule.timer));
    if (RuleReads(rule, kWatermarkField)) reads_watermark_ = true;
  }
}

void RuleProcessFunction::ProcessElement(const Record& record, Context& ctx) {
  const Record& in = RuleInput(record, ctx.current_watermark());
  for (size_t i = 0; i < rules_.size(); ++i) {
    const ProcessRule& rule = rules_[i];
    if (rule.when && !rule.when->EvaluateCondition(in)) continue;
    ctx.NoteRule(i);
    Remember(record, ctx.value_state());
    for (const RouteTarget& target : rule.targets) {
      ctx.Emit(target.port, Project(record, in, target));
    }
    ApplyTimerAction(rule.timer, in, ctx);
    return;
  }
}

void RuleProcessFunction::OnTimer(Timestamp timestamp, TimeDomain domain, OnTimerContext& ctx) {
  if (ctx.key_id() < timers_.size()) {
    KeyTimers& timers = timers_[ctx.key_id()];
    (domain == TimeDomain::kEventTime ? timers.event : timers.processing).erase(timestamp);
  }
  const std::optional<Record>& latest = ctx.value_state();
  // Every timer of this function was registered after a record was remembered.
  TIDEMARK_CHECK(latest.has_value() && latest->values.size() == input_size_);
  timer_input_.id = kNoRecordId;
  timer_input_.timestamp = timestamp;
  timer_input_.values.assign(latest->values.begin(), latest->values.end());
  timer_input_.values.emplace_back(ctx.current_watermark().millis());
  timer_input_.values.emplace_back(timestamp.millis());
  for (size_t i = 0; i < on_timer_.size(); ++i) {
    const RouteRule& rule = on_timer_[i];
    if (rule.when && !rule.when->EvaluateCondition(timer_input_)) continue;
    ctx.NoteRule(i);
    for (const RouteTarget& target : rule.targets) {
      ctx.Emit(target.port, Project(*latest, timer_input_, target));
    }
    return;
  }
}

const Record& RuleProcessFunction::RuleInput(const Record& record, Timestamp watermark) {
  if (!reads_watermark_) return record;
  scratch_.id = record.id;
  scratch_.timestamp = record.timestamp;
  scratch_.values.assign(record.values.begin(), record.values.end());
  scratch_.values.emplace_back(watermark.millis());
  return scratch_;
}

void RuleProcessFunction::Remember(const Record& record, std::optional<Record>& latest) {
  if (!latest || record.timestamp >= latest->timestamp) latest = record;
}

void RuleProcessFunction::ApplyTimerAction(const TimerAction& action, const Record& rule_input,
                                           Context& ctx) {
  if (action.kind == TimerActionKind::kNone) return;
  if (ctx.key_id() >= timers_.size()) timers_.resize(ctx.key_id() + 1);
  KeyTimers& timers = timers_[ctx.key_id()];
  if (action.kind == TimerActionKind::kCancel || action.kind == TimerActionKind::kReset) {
    Cancel(timers, ctx);
  }
  if (action.kind == TimerActionKind::kCancel) return;
  const std::optional<Timestamp> t = TimerTime(action, rule_input, ctx);
  if (!t) return;
  if (action.domain == TimeDomain::kEventTime) {
    ctx.RegisterEventTimeTimer(*t);
    timers.event.insert(*t);
  } else {
    ctx.RegisterProcessingTimeTimer(*t);
    timers.processing.insert(*t);
  }
}

void RuleProcessFunction::Cancel(KeyTimers& timers, Context& ctx) {
  for (Timestamp t : timers.event) ctx.DeleteEventTimeTimer(t);
  for (Timestamp t : timers.processing) ctx.DeleteProcessingTimeTimer(t);
  timers.event.clear();
  timers.processing.clear();
}

std::optional<Timestamp> RuleProcessFunction::TimerTime(const TimerAction& action,
                                                        const Record& rule_input,
                                                        Context& ctx) const {
  if (action.at) {
    const Value v = action.at->Evaluate(rule_input);
    if (const auto* ms = std::get_if<int64_t>(&v)) return Timestamp::Millis(*ms);
    return std::nullopt;  // null
  }
  TIDEMARK_CHECK(action.after.has_value());
  if (action.domain == TimeDomain::kProcessingTime) {
    return SaturatingAdd(ctx.current_processing_time(), *action.after);
  }
  const Timestamp latest = ctx.value_state()->timestamp;
  if (latest.is_min()) return std::nullopt;  // no timestamp to measure from
  return SaturatingAdd(latest, *action.after);
}

Record RuleProcessFunction::Project(const Record& as_is, const Record& rule_input,
                                    const RouteTarget& target) {
  if (target.projection.empty()) return as_is;
  Record out;
  out.values.reserve(target.projection.size());
  for (const Expression& e : target.projection) out.values.push_back(e.Evaluate(rule_input));
  return out;
}

}  // namespace tidemark::engine
