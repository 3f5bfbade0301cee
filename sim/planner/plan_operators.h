// Planning of single operators: each turns one source or stream of a
// ScenarioSpec into the operator part of a PlannedNode, compiling its
// expressions against the input schema. Throws engine::InputError.
#ifndef TIDEMARK_SIM_PLANNER_PLAN_OPERATORS_H_
#define TIDEMARK_SIM_PLANNER_PLAN_OPERATORS_H_

#include <cstdint>

#include "engine/core/schema.h"
#include "engine/expressions/expression.h"
#include "sim/graph/job_graph.h"
#include "sim/planner/plan_warning.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

engine::Expression Compile(const ExpressionText& e, const engine::Schema& schema);
// REQUIRES nothing; throws when the expression is not bool.
engine::Expression CompileCondition(const ExpressionText& e, const engine::Schema& schema);

// A `select` compiled against `input`: the output schema and one expression per field.
std::pair<engine::Schema, std::vector<engine::Expression>> CompileProjection(
    const std::vector<Projection>& projection, const engine::Schema& input);

// The targets of one rule's destinations. Projections are compiled against
// `projection_schema`; an unprojected destination carries `as_is` records.
// Every main destination of a node must have one type (`main_schema`).
std::vector<engine::RouteTarget> PlanTargets(const std::vector<Destination>& emit,
                                             const engine::Schema& projection_schema,
                                             const engine::Schema& as_is,
                                             std::optional<engine::Schema>& main_schema,
                                             PlannedNode& node);

// Registers `tag` on `node`, enforcing Flink's id and type rules; returns its port.
engine::Port AddTag(PlannedNode& node, engine::OutputTag tag, const SourceLocation& where);

void PlanSource(const SourceSpec& source, PlannedNode& node);
// The source as the runtime reads it: trace, pace, partitions, watermarks.
// `index`: its place among the job's sources, which its rows' ids name.
SourcePlan PlanSourceData(const SourceSpec& source, uint32_t index,
                          const std::string& scenario_file);
void PlanMap(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
void PlanFlatMap(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
void PlanProcess(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
void PlanKeyedProcess(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
void PlanWindow(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
// The `process` rules of a window stream, run on each firing (§11.3).
// REQUIRES: node.schema is the window's result schema.
void PlanWindowFunction(const StreamSpec& stream, WindowPlan& plan, PlannedNode& node);
// A rolling reduce of a keyed stream (kKeyedReduce).
void PlanKeyedReduce(const StreamSpec& stream, const engine::Schema& input, PlannedNode& node);
// A reduce over `input` records (rolling or in a window).
engine::ReduceOptions PlanReduce(const ReduceSpec& spec, const engine::Schema& input);
// A side_output stream reading from nodes[node.inputs[0].node]; a tag that node
// never emits adds a port nothing emits to, and a warning.
void PlanSideOutput(const StreamSpec& stream, std::vector<PlannedNode>& nodes, PlannedNode& node,
                    std::vector<PlanWarning>& warnings);

// `checkpointing:`, `restart:` and `failures:` (plan_fault_tolerance.cc), with
// Flink 1.20's defaults. REQUIRES the nodes and sinks planned.
struct JobPlan;
void PlanFaultTolerance(const ScenarioSpec& spec, JobPlan& plan);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_PLAN_OPERATORS_H_
