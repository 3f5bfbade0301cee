#include "engine/windows/trigger_spec.h"

#include <fmt/format.h>

namespace tidemark::engine {

std::optional<std::string> TriggerSpec::Validate() const {
  if (kind == TriggerKind::kContinuousEventTime && interval.millis() <= 0) {
    return fmt::format("ContinuousEventTimeTrigger interval must be positive, got {} ms",
                       interval.millis());
  }
  return std::nullopt;
}

std::string TriggerSpec::ToString() const {
  std::string inner;
  switch (kind) {
    case TriggerKind::kEventTime: inner = "EventTimeTrigger()"; break;
    case TriggerKind::kProcessingTime: inner = "ProcessingTimeTrigger()"; break;
    case TriggerKind::kCount: inner = fmt::format("CountTrigger({})", count); break;
    case TriggerKind::kContinuousEventTime:
      inner = fmt::format("ContinuousEventTimeTrigger({})", interval.millis());
      break;
    case TriggerKind::kNever: inner = "NeverTrigger()"; break;
    case TriggerKind::kEndOfStream: inner = "EndOfStreamTrigger()"; break;
  }
  return purging ? fmt::format("PurgingTrigger({})", inner) : inner;
}

}  // namespace tidemark::engine
