#include "sim/session/lint_scenario.h"

#include <memory>

#include "engine/core/input_error_list.h"
#include "sim/planner/job_plan.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"
#include "sim/trace/trace_input.h"

namespace tidemark::sim {

namespace {

// Whether lint already explains `error`: a finding of a rule the planner
// also enforces, at the same place.
bool Explained(const engine::InputError& error, const std::vector<LintFinding>& findings) {
  for (const LintFinding& f : findings) {
    const bool planner_rule = f.rule == kLintDuplicateTagType ||
                              f.rule == kLintSideOutputWrongStream ||
                              f.rule == kLintSideOutputNeverEmitted;
    if (planner_rule && f.where.line == error.where().line &&
        f.where.column == error.where().column) {
      return true;
    }
  }
  return false;
}

// Reads every row of every trace file, collecting each bad one.
void ReadTraces(const ScenarioSpec& spec, const std::optional<JobPlan>& plan) {
  engine::InputErrorCollector errors;
  for (size_t i = 0; i < spec.sources.size(); ++i) {
    if (spec.sources[i].trace_path.empty()) continue;
    try {
      const TraceSource trace = plan ? plan->sources[i].trace : TraceOf(spec.sources[i]);
      const std::unique_ptr<TraceInput> input = OpenTrace(trace);
      TraceRow row;
      while (input->Next(row)) {
      }
    } catch (const engine::InputError& e) {
      errors.Add(e);
    }
  }
  errors.ThrowIfAny();
}

}  // namespace

LintVerdict LintScenario(const std::string& file, const PathConfinement& paths) {
  LintVerdict verdict;
  try {
    const ScenarioSpec spec = LoadScenarioSpec(file, paths);
    verdict.findings = Lint(spec);
    // What lint does not explain and the planner rejects is bad input like
    // anywhere else, and so is a trace with a bad header or bad rows.
    std::optional<JobPlan> plan;
    try {
      plan = BindScenario(spec);
    } catch (const engine::InputError& e) {
      if (!Explained(e, verdict.findings)) throw;
    }
    ReadTraces(spec, plan);
  } catch (const engine::InputError& e) {
    verdict.error = e;
  }
  return verdict;
}

}  // namespace tidemark::sim
