// PlanWarning: something PlanJob accepts, as Flink does, that is very likely
// not what the scenario means (a side output taken from a stream that never
// emits it). `tidemark run` prints each one on stderr before the results.
#ifndef TIDEMARK_SIM_PLANNER_PLAN_WARNING_H_
#define TIDEMARK_SIM_PLANNER_PLAN_WARNING_H_

#include <string>

#include "engine/core/input_error.h"

namespace tidemark::sim {

struct PlanWarning {
  engine::SourceLocation where;
  std::string message;
  std::string hint;

  // "file:line:column: warning: message" and, when there is one, "\n  hint: ...".
  std::string ToString() const;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_PLANNER_PLAN_WARNING_H_
