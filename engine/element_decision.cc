#include "engine/element_decision.h"

namespace tidemark::engine {

std::string_view ElementOutcomeName(ElementOutcome outcome) {
  switch (outcome) {
    case ElementOutcome::kAccepted: return "accepted";
    case ElementOutcome::kLateToSideOutput: return "late_to_side_output";
    case ElementOutcome::kDroppedLate: return "dropped_late";
    case ElementOutcome::kDiscarded: return "discarded";
  }
  return "?";
}

std::string_view WindowAdmissionName(WindowAdmission admission) {
  switch (admission) {
    case WindowAdmission::kOnTime: return "on_time";
    case WindowAdmission::kWithinLateness: return "within_lateness";
    case WindowAdmission::kLate: return "late";
  }
  return "?";
}

}  // namespace tidemark::engine
