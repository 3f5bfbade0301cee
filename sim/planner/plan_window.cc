// Planning of a window stream, keyed or windowAll: assigner, trigger,
// lateness, late-data tag and aggregates or a reduce, each checked with Flink's rules
// (docs/semantics.md §1.1, §2, §3) and reported at its place in the scenario.
#include <cctype>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "engine/windows/dynamic_session_windows.h"
#include "engine/windows/global_windows.h"
#include "engine/windows/session_windows.h"
#include "engine/windows/sliding_windows.h"
#include "engine/windows/tumbling_windows.h"
#include "sim/planner/plan_operators.h"

namespace tidemark::sim {

using engine::InputError;

namespace {

// The most windows one record may join: a sliding window's size / slide.
constexpr int64_t kMaxWindowsPerRecord = 10'000;
// The most early firings of one window: its size / a continuous trigger's
// interval. ContinuousEventTimeTrigger fires once per interval the watermark
// passes, each firing a result (a 1 ms interval on a 365-day window is 3 * 10^10
// results, which Flink would emit too, for ever).
constexpr int64_t kMaxFiringsPerWindow = 100'000;

std::shared_ptr<const engine::WindowAssigner> MakeAssigner(const WindowSpec& w,
                                                           const engine::Schema& input) {
  const engine::TimeDomain domain = w.time == WindowSpec::Time::kEvent
                                        ? engine::TimeDomain::kEventTime
                                        : engine::TimeDomain::kProcessingTime;
  auto check = [&](std::optional<std::string> problem) {
    if (problem) throw InputError(w.where, *problem);
  };
  switch (w.kind) {
    case WindowSpec::Kind::kTumbling: {
      engine::TumblingWindowOptions o{.size = w.size, .offset = w.offset, .domain = domain};
      check(engine::TumblingWindows::Validate(o));
      return std::make_shared<engine::TumblingWindows>(o);
    }
    case WindowSpec::Kind::kSliding: {
      engine::SlidingWindowOptions o{
          .size = w.size, .slide = w.slide, .offset = w.offset, .domain = domain};
      check(engine::SlidingWindows::Validate(o));
      // Each record joins size / slide windows, each its own state: Flink
      // runs any ratio, as slowly as it must; the simulator bounds it so that
      // a run stays within memory (a 1000000 ms window sliding by 1 ms once
      // took gigabytes for ten rows).
      if (w.slide.millis() > 0 && w.size.millis() / w.slide.millis() > kMaxWindowsPerRecord) {
        throw InputError(
            w.where,
            fmt::format("a sliding window of {} ms every {} ms puts each record in {} windows, "
                        "more than the limit of {}",
                        w.size.millis(), w.slide.millis(), w.size.millis() / w.slide.millis(),
                        kMaxWindowsPerRecord),
            "slide by a larger step, or aggregate in small tumbling windows first");
      }
      return std::make_shared<engine::SlidingWindows>(o);
    }
    case WindowSpec::Kind::kSession: {
      if (w.offset != engine::Duration::Zero()) {
        throw InputError(w.where, "session windows take no offset",
                         "delete 'offset': a session starts at its first record");
      }
      if (w.dynamic_gap) {
        engine::DynamicSessionWindowOptions o{.gap = Compile(*w.dynamic_gap, input),
                                              .gap_where = w.dynamic_gap->where,
                                              .domain = domain};
        if (auto problem = engine::DynamicSessionWindows::Validate(o)) {
          throw InputError(w.dynamic_gap->where, *problem);
        }
        return std::make_shared<engine::DynamicSessionWindows>(std::move(o));
      }
      engine::SessionWindowOptions o{.gap = w.gap, .domain = domain};
      check(engine::SessionWindows::Validate(o));
      return std::make_shared<engine::SessionWindows>(o);
    }
    case WindowSpec::Kind::kGlobal:
      return std::make_shared<engine::GlobalWindows>(w.trigger == WindowSpec::Trigger::kEndOfStream
                                                         ? engine::GlobalWindowTrigger::kEndOfStream
                                                         : engine::GlobalWindowTrigger::kNever);
  }
  return nullptr;
}

std::optional<engine::TriggerSpec> MakeTrigger(const WindowSpec& w,
                                               const engine::WindowAssigner& assigner) {
  std::optional<engine::TriggerSpec> trigger;
  switch (w.trigger) {
    case WindowSpec::Trigger::kDefault: break;
    case WindowSpec::Trigger::kCount: trigger = engine::TriggerSpec::Count(w.trigger_count); break;
    case WindowSpec::Trigger::kContinuous:
      if (const bool sized =
              w.kind == WindowSpec::Kind::kTumbling || w.kind == WindowSpec::Kind::kSliding;
          sized && w.trigger_interval.millis() > 0 &&
          w.size.millis() / w.trigger_interval.millis() > kMaxFiringsPerWindow) {
        throw InputError(
            w.trigger_where,
            fmt::format("a continuous trigger every {} ms fires a {} ms window {} times, more "
                        "than the limit of {}",
                        w.trigger_interval.millis(), w.size.millis(),
                        w.size.millis() / w.trigger_interval.millis(), kMaxFiringsPerWindow),
            "fire less often: an interval of at least the window's size / 100000");
      }
      trigger = engine::TriggerSpec::ContinuousEventTime(w.trigger_interval);
      break;
    case WindowSpec::Trigger::kEndOfStream:
      if (w.kind != WindowSpec::Kind::kGlobal) {
        throw InputError(w.trigger_where, "end_of_stream is a trigger of global windows only",
                         "use 'window: {global: true, trigger: {end_of_stream: true}}'");
      }
      break;
  }
  if (w.purging)
    trigger = engine::TriggerSpec::Purging(trigger.value_or(assigner.DefaultTrigger()));
  return trigger;
}

// "avg(temperature)", "count()", "count(field)": kind and optional field.
engine::AggregateSpec ParseAggregate(const AggregateText& text, const engine::Schema& input) {
  const std::string& call = text.call.text;
  const SourceLocation& at = text.call.where;
  size_t i = 0;
  auto skip_spaces = [&] {
    while (i < call.size() && std::isspace(static_cast<unsigned char>(call[i]))) ++i;
  };
  auto identifier = [&] {
    const size_t start = i;
    while (i < call.size() &&
           (std::isalnum(static_cast<unsigned char>(call[i])) || call[i] == '_')) {
      ++i;
    }
    return call.substr(start, i - start);
  };
  skip_spaces();
  const size_t name_at = i;
  const std::string name = identifier();
  auto kind = engine::ParseAggregateKind(name);
  if (!kind) {
    throw InputError(at.Advanced(static_cast<int>(name_at)),
                     fmt::format("unknown aggregate '{}'", name),
                     engine::UnknownNameHint(name, engine::AggregateKindNames()));
  }
  skip_spaces();
  if (i >= call.size() || call[i] != '(') {
    throw InputError(at.Advanced(static_cast<int>(i)), fmt::format("expected '(' after '{}'", name),
                     fmt::format("write e.g. '{}(temperature)'", name));
  }
  ++i;
  skip_spaces();
  const size_t field_at = i;
  const std::string field = identifier();
  skip_spaces();
  if (i >= call.size() || call[i] != ')') {
    throw InputError(at.Advanced(static_cast<int>(i)), "expected ')' to close the aggregate",
                     "an aggregate is a call on one field, e.g. avg(temperature)");
  }
  ++i;
  skip_spaces();
  if (i != call.size()) {
    throw InputError(at.Advanced(static_cast<int>(i)), "unexpected text after the aggregate",
                     "write one call per output field, e.g. {n: count(), top: max(t)}");
  }
  engine::AggregateSpec spec{.output_name = text.name, .kind = *kind, .field = std::nullopt};
  if (!field.empty()) {
    spec.field = input.IndexOf(field);
    if (!spec.field) {
      throw InputError(at.Advanced(static_cast<int>(field_at)),
                       fmt::format("unknown field '{}'", field),
                       engine::UnknownNameHint(field, input.names()));
    }
  }
  if (auto problem = engine::ValidateAggregate(input, spec)) throw InputError(at, *problem);
  return spec;
}

}  // namespace

void PlanWindow(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  const WindowSpec& w = *stream.window;
  node.kind = PlannedNode::Kind::kWindow;
  WindowPlan plan;
  plan.input_schema = input;
  plan.key_field = node.key_field;  // nullopt: windowAll (§11.1)
  plan.assigner = MakeAssigner(w, input);
  plan.time_domain = w.time == WindowSpec::Time::kEvent ? engine::TimeDomain::kEventTime
                                                        : engine::TimeDomain::kProcessingTime;
  plan.trigger = MakeTrigger(w, *plan.assigner);
  plan.allowed_lateness = w.allowed_lateness;
  for (const AggregateText& a : stream.aggregate)
    plan.aggregates.push_back(ParseAggregate(a, input));
  if (auto problem = engine::ValidateWindowAggregates(input, plan.aggregates)) {
    throw InputError(stream.aggregate_where, *problem);
  }
  if (stream.reduce) plan.reduce = PlanReduce(*stream.reduce, input);
  if (!w.late_output.empty()) {
    plan.late_data = engine::LateDataMode::kSideOutput;
    AddTag(node, {w.late_output, input}, w.late_output_where);
  }
  if (auto problem = engine::WindowOperator::Validate(plan.MakeOptions())) {
    throw InputError(w.trigger_where.line > 0 ? w.trigger_where : w.where, *problem);
  }
  // A window reduce emits the reduced record itself (§11.2).
  node.schema =
      plan.reduce ? input : engine::WindowResultSchema(input, plan.key_field, plan.aggregates);
  if (!stream.process.empty()) PlanWindowFunction(stream, plan, node);
  node.window = std::move(plan);
}

}  // namespace tidemark::sim
