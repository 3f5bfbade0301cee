#include "sim/planner/plan_warning.h"

#include <fmt/format.h>

namespace tidemark::sim {

std::string PlanWarning::ToString() const {
  std::string out = fmt::format("{}: warning: {}", where.ToString(), message);
  if (!hint.empty()) out += fmt::format("\n  hint: {}", hint);
  return out;
}

}  // namespace tidemark::sim
