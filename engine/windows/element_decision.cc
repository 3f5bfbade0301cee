#include "engine/windows/element_decision.h"

#include <fmt/format.h>

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

std::string ExplainWindowDecision(const WindowDecision& d, Timestamp watermark) {
  const std::string window =
      d.window == d.assigned
          ? fmt::format("window {}", d.window.ToString())
          : fmt::format("window {} (merged from {})", d.window.ToString(), d.assigned.ToString());
  const std::string wm = FormatTimestamp(watermark);
  const std::string max_ts = FormatTimestamp(d.window.max_timestamp());
  const std::string cleanup = FormatTimestamp(d.cleanup_time);
  switch (d.admission) {
    case WindowAdmission::kOnTime:
      return fmt::format("{} max timestamp {}, watermark {}: on time", window, max_ts, wm);
    case WindowAdmission::kWithinLateness:
      return fmt::format(
          "{} max timestamp {} <= watermark {} < cleanup {}: within allowed "
          "lateness, fires at once",
          window, max_ts, wm, cleanup);
    case WindowAdmission::kLate:
      return fmt::format("{} cleanup {} <= watermark {}: late, skipped", window, cleanup, wm);
  }
  return window;
}

}  // namespace tidemark::engine
