// Planning of a reduce (§11.2): `reduce: {field: EXPR}` over acc.* and cur.*,
// or sum/min/max/min_by/max_by of one field; rolling on a keyed stream, or the
// contents of a window (plan_window.cc).
#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/planner/plan_operators.h"

namespace tidemark::sim {

using engine::InputError;

namespace {

engine::ReduceKind KindOf(ReduceSpec::Kind kind) {
  switch (kind) {
    case ReduceSpec::Kind::kExpression: return engine::ReduceKind::kFields;
    case ReduceSpec::Kind::kSum: return engine::ReduceKind::kSum;
    case ReduceSpec::Kind::kMin: return engine::ReduceKind::kMin;
    case ReduceSpec::Kind::kMax: return engine::ReduceKind::kMax;
    case ReduceSpec::Kind::kMinBy: return engine::ReduceKind::kMinBy;
    case ReduceSpec::Kind::kMaxBy: return engine::ReduceKind::kMaxBy;
  }
  return engine::ReduceKind::kFields;
}

}  // namespace

engine::ReduceOptions PlanReduce(const ReduceSpec& spec, const engine::Schema& input) {
  engine::ReduceOptions options{
      .kind = KindOf(spec.kind),
      .schema = input,
      .field = 0,
      .ties = spec.first ? engine::ReduceTies::kFirst : engine::ReduceTies::kLast,
      .fields = {}};
  if (spec.kind == ReduceSpec::Kind::kExpression) {
    const engine::Schema both = engine::ReduceInputSchema(input);
    options.fields.resize(input.size());
    for (const Projection& p : spec.fields) {
      const auto index = input.IndexOf(p.name);
      if (!index) {
        throw InputError(
            p.expression.where,
            fmt::format("the reduce returns the input type, which has no field '{}'", p.name),
            engine::NearestName(p.name, input.names())
                ? engine::UnknownNameHint(p.name, input.names())
                : "add the field with a 'map' before the reduce");
      }
      if (options.fields[*index]) {
        throw InputError(p.expression.where, fmt::format("field '{}' is reduced twice", p.name),
                         "give each field one expression");
      }
      options.fields[*index] = Compile(p.expression, both);
    }
  } else {
    const auto index = input.IndexOf(spec.field);
    if (!index) {
      throw InputError(spec.field_where, fmt::format("unknown field '{}'", spec.field),
                       engine::UnknownNameHint(spec.field, input.names()));
    }
    options.field = *index;
  }
  if (auto problem = engine::Reducer::Validate(options)) {
    throw InputError(spec.kind == ReduceSpec::Kind::kExpression ? spec.where : spec.field_where,
                     *problem);
  }
  return options;
}

void PlanKeyedReduce(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node) {
  node.kind = PlannedNode::Kind::kKeyedReduce;
  node.reduce = PlanReduce(*stream.reduce, input);
  node.schema = input;
}

}  // namespace tidemark::sim
