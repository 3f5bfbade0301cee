// Planning of a window function (§11.3): `process` rules on a window stream,
// run on each firing as a ProcessWindowFunction. The rules read the firing's
// record (the aggregates, or the reduced record) with the window's context
// — key, window_start, window_end, firing, current_watermark — added where the
// record lacks it, and emit to the main output and to typed side outputs; a
// destination without `select` emits the firing's record as it is.
#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/windows/window_result.h"
#include "sim/planner/plan_operators.h"

namespace tidemark::sim {

using engine::InputError;

namespace {

struct ContextColumn {
  WindowContextField field;
  std::string_view name;
  engine::ValueType type;
};

}  // namespace

void PlanWindowFunction(const StreamSpec& stream, WindowPlan& plan, PlannedNode& node) {
  const engine::Schema result = node.schema;
  std::vector<engine::Field> fields = result.fields();
  std::vector<ContextColumn> context = {
      {WindowContextField::kWindowStart, engine::kWindowStartColumn, engine::ValueType::kInt},
      {WindowContextField::kWindowEnd, engine::kWindowEndColumn, engine::ValueType::kInt},
      {WindowContextField::kFiring, engine::kFiringColumn, engine::ValueType::kString},
      {WindowContextField::kCurrentWatermark, "current_watermark", engine::ValueType::kInt}};
  if (plan.key_field) {
    context.insert(context.begin(), {WindowContextField::kKey, engine::kKeyColumn,
                                     plan.input_schema.field(*plan.key_field).type});
  }
  for (const ContextColumn& c : context) {
    if (result.IndexOf(c.name)) continue;  // the record has it (or a field of that name)
    fields.push_back({std::string(c.name), c.type});
    plan.function_context.push_back(c.field);
  }
  const engine::Schema rule_schema(std::move(fields));
  // The firing's record as it is, taken from the rule record.
  std::vector<Projection> as_is;
  for (const engine::Field& f : result.fields()) {
    as_is.push_back({f.name, ExpressionText{.text = "`" + f.name + "`", .where = stream.where}});
  }
  std::optional<engine::Schema> main_schema;
  std::vector<engine::RouteRule> rules;
  for (const RouteRule& spec_rule : stream.process) {
    if (spec_rule.timer) {
      throw InputError(spec_rule.timer->where, "a window function sets no timers",
                       "timers belong to a keyed 'process' without a window; a window's "
                       "trigger decides when it fires");
    }
    engine::RouteRule rule;
    if (spec_rule.when) rule.when = CompileCondition(*spec_rule.when, rule_schema);
    // The rule record is wider than the firing's: "as is" projects it back.
    std::vector<Destination> emit = spec_rule.emit;
    for (Destination& d : emit) {
      if (!d.select) d.select = as_is;
    }
    rule.targets = PlanTargets(emit, rule_schema, result, main_schema, node);
    rules.push_back(std::move(rule));
  }
  plan.function.emplace(std::move(rules));
  node.schema = main_schema.value_or(result);
}

}  // namespace tidemark::sim
