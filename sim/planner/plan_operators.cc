#include "sim/planner/plan_operators.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "engine/operators/rule_process_function.h"

namespace tidemark::sim {

using engine::InputError;

engine::Expression Compile(const ExpressionText& e, const engine::Schema& schema) {
  return engine::Expression::Compile(e.text, schema, e.where);
}

engine::Expression CompileCondition(const ExpressionText& e, const engine::Schema& schema) {
  return engine::Expression::CompileCondition(e.text, schema, e.where);
}

// Projection -> (schema, expressions).
std::pair<engine::Schema, std::vector<engine::Expression>> CompileProjection(
    const std::vector<Projection>& projection, const engine::Schema& input) {
  std::vector<engine::Field> fields;
  std::vector<engine::Expression> expressions;
  for (const Projection& p : projection) {
    for (const engine::Field& f : fields) {
      if (f.name == p.name) {
        throw InputError(p.expression.where, fmt::format("field '{}' is selected twice", p.name),
                         "give each output field its own name");
      }
    }
    expressions.push_back(Compile(p.expression, input));
    fields.push_back({p.name, expressions.back().type()});
  }
  return {engine::Schema(std::move(fields)), std::move(expressions)};
}

void PlanSource(const SourceSpec& source, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kSource;
  node.schema = source.schema;
  auto ts = source.schema.IndexOf(source.event_time_field);
  if (!ts) {
    throw InputError(source.event_time_where,
                     fmt::format("event-time field '{}' is not in the schema of source '{}'",
                                 source.event_time_field, source.name),
                     engine::UnknownNameHint(source.event_time_field, source.schema.names()));
  }
  if (source.schema.field(*ts).type != engine::ValueType::kInt) {
    throw InputError(
        source.event_time_where,
        fmt::format("event-time field '{}' must be int (milliseconds), not {}",
                    source.event_time_field, engine::TypeName(source.schema.field(*ts).type)),
        "declare the field as int in the schema, holding epoch milliseconds");
  }
  if (!source.dead_letter.empty()) {
    AddTag(node,
           {source.dead_letter, engine::Schema({{"line", engine::ValueType::kInt},
                                                {"raw", engine::ValueType::kString},
                                                {"error", engine::ValueType::kString}})},
           source.dead_letter_where);
  }
  const WatermarkSpec& w = source.watermarks;
  if (w.when) node.watermark_when = CompileCondition(*w.when, source.schema);
  if (w.watermark) {
    node.watermark_value = Compile(*w.watermark, source.schema);
    if (node.watermark_value->type() != engine::ValueType::kInt) {
      throw InputError(w.watermark->where,
                       fmt::format("a watermark must be an int (milliseconds), not {}",
                                   engine::TypeName(node.watermark_value->type())),
                       "write an expression of int fields, e.g. 'ts - 1000'");
    }
  }
}

SourcePlan PlanSourceData(const SourceSpec& source, uint32_t index,
                          const std::string& scenario_file) {
  using Strategy = WatermarkPlan::Strategy;
  const WatermarkSpec& w = source.watermarks;
  SourcePlan plan;
  plan.trace = TraceOf(source);
  plan.trace.source_index = index;
  plan.rows_file = source.trace_path.empty() ? scenario_file : source.trace_path;
  plan.boundedness = source.boundedness == SourceSpec::Boundedness::kBounded
                         ? SourcePlan::Boundedness::kBounded
                         : SourcePlan::Boundedness::kUnbounded;
  plan.partitions = source.partitions.value_or(source.parallelism);
  plan.topic = source.topic;
  plan.arrival_every = source.arrival_every;
  plan.replay_every = source.replay_every;
  plan.watermarks = {
      .strategy = w.strategy == WatermarkSpec::Strategy::kBoundedOutOfOrderness
                      ? Strategy::kBoundedOutOfOrderness
                  : w.strategy == WatermarkSpec::Strategy::kMonotonous ? Strategy::kMonotonous
                  : w.strategy == WatermarkSpec::Strategy::kPunctuated ? Strategy::kPunctuated
                                                                       : Strategy::kNone,
      .max_out_of_orderness = w.max_out_of_orderness,
      .interval = w.interval,
      .idleness = w.idleness};
  plan.script = source.script;
  if (source.end_at) plan.end_at = engine::Timestamp::Millis(0) + *source.end_at;
  return plan;
}

void PlanMap(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kMap;
  std::vector<engine::Field> fields = input.fields();
  std::vector<std::optional<engine::Expression>> computed(fields.size());
  for (const Projection& p : stream.map) {
    engine::Expression e = Compile(p.expression, input);
    auto existing = std::find_if(fields.begin(), fields.end(),
                                 [&](const engine::Field& f) { return f.name == p.name; });
    if (existing == fields.end()) {
      fields.push_back({p.name, e.type()});
      computed.emplace_back(std::move(e));
    } else {
      existing->type = e.type();
      computed[existing - fields.begin()] = std::move(e);
    }
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    if (computed[i]) {
      node.map.push_back(std::move(*computed[i]));
    } else {
      node.map.push_back(
          engine::Expression::Compile("`" + fields[i].name + "`", input, stream.where));
    }
  }
  node.schema = engine::Schema(std::move(fields));
}

// flat_map: the input's fields plus (or with a new value of) `as`, a string.
void PlanFlatMap(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  const FlatMapSpec& spec = *stream.flat_map;
  node.kind = PlannedNode::Kind::kFlatMap;
  engine::Expression items = Compile(spec.each, input);
  if (items.type() != engine::ValueType::kList) {
    throw InputError(spec.each.where,
                     fmt::format("flat_map needs a list, got {}", engine::TypeName(items.type())),
                     "write e.g. 'each: split(line, \' \')'");
  }
  std::vector<engine::Field> fields = input.fields();
  const auto existing = input.IndexOf(spec.as);
  if (existing) {
    fields[*existing].type = engine::ValueType::kString;
    node.flat_map_field = *existing;
  } else {
    node.flat_map_field = fields.size();
    fields.push_back({spec.as, engine::ValueType::kString});
  }
  node.flat_map_items = std::move(items);
  node.schema = engine::Schema(std::move(fields));
}

// Registers `tag` on `node`, enforcing Flink's id and type rules; returns its port.
engine::Port AddTag(PlannedNode& node, engine::OutputTag tag, const SourceLocation& where) {
  if (auto problem = engine::CheckTagId(tag.id)) throw InputError(where, *problem);
  for (size_t i = 0; i < node.side_outputs.size(); ++i) {
    if (node.side_outputs[i].id != tag.id) continue;
    if (auto problem = engine::CheckSameTagType(node.side_outputs[i], tag)) {
      throw InputError(where, fmt::format("side output '{}' is emitted with two types", tag.id),
                       *problem);
    }
    return static_cast<engine::Port>(i + 1);
  }
  node.side_outputs.push_back(std::move(tag));
  return static_cast<engine::Port>(node.side_outputs.size());
}

// The targets of one rule's destinations. Projections are compiled against
// `projection_schema`; an unprojected destination carries `as_is` records.
// Every main destination of a node must have one type (`main_schema`).
std::vector<engine::RouteTarget> PlanTargets(const std::vector<Destination>& emit,
                                             const engine::Schema& projection_schema,
                                             const engine::Schema& as_is,
                                             std::optional<engine::Schema>& main_schema,
                                             PlannedNode& node) {
  std::vector<engine::RouteTarget> targets;
  for (const Destination& d : emit) {
    engine::RouteTarget target;
    engine::Schema schema = as_is;
    if (d.select)
      std::tie(schema, target.projection) = CompileProjection(*d.select, projection_schema);
    if (d.is_main()) {
      if (main_schema && !(*main_schema == schema)) {
        throw InputError(d.where, "the main output is emitted with two different types",
                         fmt::format("an earlier rule emits {}, this one {}; a Flink operator "
                                     "has one main output type",
                                     main_schema->ToString(), schema.ToString()));
      }
      main_schema = schema;
    } else {
      target.port = AddTag(node, {d.tag, schema}, d.where);
    }
    targets.push_back(std::move(target));
  }
  return targets;
}

namespace {

engine::TimerAction PlanTimer(const TimerSpec& spec, const engine::Schema& rule_schema) {
  engine::TimerAction action;
  action.kind = spec.action == TimerSpec::Action::kCancel  ? engine::TimerActionKind::kCancel
                : spec.action == TimerSpec::Action::kReset ? engine::TimerActionKind::kReset
                                                           : engine::TimerActionKind::kRegister;
  action.domain = spec.time == TimerSpec::Time::kEvent ? engine::TimeDomain::kEventTime
                                                       : engine::TimeDomain::kProcessingTime;
  action.after = spec.after;
  if (spec.at) action.at = Compile(*spec.at, rule_schema);
  if (auto problem = engine::RuleProcessFunction::CheckTimerAction(action)) {
    throw InputError(spec.at ? spec.at->where : spec.where, *problem);
  }
  return action;
}

}  // namespace

void PlanProcess(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kProcess;
  std::optional<engine::Schema> main_schema;
  std::vector<engine::RouteRule> rules;
  for (const RouteRule& spec_rule : stream.process) {
    engine::RouteRule rule;
    if (spec_rule.when) rule.when = CompileCondition(*spec_rule.when, input);
    rule.targets = PlanTargets(spec_rule.emit, input, input, main_schema, node);
    rules.push_back(std::move(rule));
  }
  node.schema = main_schema.value_or(input);
  node.router.emplace(std::move(rules));
}

// A keyed process with timers: rules see the input plus `current_watermark`,
// on_timer rules also `timer_ts` (RuleProcessFunction).
void PlanKeyedProcess(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kKeyedProcess;
  if (auto problem = engine::RuleProcessFunction::CheckInputSchema(input)) {
    throw InputError(stream.key_by_where, *problem);
  }
  const engine::Schema rule_schema = engine::RuleProcessFunction::RuleSchema(input);
  const engine::Schema timer_schema = engine::RuleProcessFunction::OnTimerSchema(input);
  std::optional<engine::Schema> main_schema;
  engine::RuleProcessOptions options{.input_schema = input, .rules = {}, .on_timer = {}};
  for (const RouteRule& spec_rule : stream.process) {
    engine::ProcessRule rule;
    if (spec_rule.when) rule.when = CompileCondition(*spec_rule.when, rule_schema);
    rule.targets = PlanTargets(spec_rule.emit, rule_schema, input, main_schema, node);
    if (spec_rule.timer) rule.timer = PlanTimer(*spec_rule.timer, rule_schema);
    options.rules.push_back(std::move(rule));
  }
  for (const RouteRule& spec_rule : stream.on_timer) {
    if (spec_rule.timer) {
      throw InputError(spec_rule.timer->where, "an on_timer rule cannot set timers",
                       "set timers in the element rules");
    }
    engine::RouteRule rule;
    if (spec_rule.when) rule.when = CompileCondition(*spec_rule.when, timer_schema);
    rule.targets = PlanTargets(spec_rule.emit, timer_schema, input, main_schema, node);
    options.on_timer.push_back(std::move(rule));
  }
  node.schema = main_schema.value_or(input);
  node.keyed_process = std::move(options);
}

}  // namespace tidemark::sim
