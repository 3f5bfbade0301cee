// Planning of single operators: each turns one source or stream of a
// ScenarioSpec into the operator part of a PlannedNode, compiling its
// expressions against the input schema. Throws engine::InputError.
#ifndef TIDEMARK_SIM_PLANNER_PLAN_OPERATORS_H_
#define TIDEMARK_SIM_PLANNER_PLAN_OPERATORS_H_

#include "engine/expression.h"
#include "engine/schema.h"
#include "sim/graph/job_graph.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

engine::Expression Compile(const ExpressionText& e, const engine::Schema& schema);
// REQUIRES nothing; throws when the expression is not bool.
engine::Expression CompileCondition(const ExpressionText& e, const engine::Schema& schema);

// Registers `tag` on `node`, enforcing Flink's id and type rules; returns its port.
engine::Port AddTag(PlannedNode& node, engine::OutputTag tag, const SourceLocation& where);

void PlanSource(const SourceSpec& source, PlannedNode& node);
// The source as the runtime reads it: trace, pace, partitions, watermarks.
SourcePlan PlanSourceData(const SourceSpec& source, const std::string& scenario_file);
void PlanMap(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
void PlanProcess(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
void PlanKeyedProcess(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
void PlanWindow(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_PLAN_OPERATORS_H_
