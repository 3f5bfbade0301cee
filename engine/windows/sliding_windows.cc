#include "engine/windows/sliding_windows.h"

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/input_error.h"
#include "engine/windows/tumbling_windows.h"

namespace tidemark::engine {

std::optional<std::string> SlidingWindows::Validate(const SlidingWindowOptions& options) {
  if (JavaAbs(options.offset.millis()) >= options.slide.millis() || options.size.millis() <= 0) {
    return fmt::format("{} parameters must satisfy abs(offset) < slide and size > 0",
                       options.domain == TimeDomain::kEventTime ? "SlidingEventTimeWindows"
                                                                : "SlidingProcessingTimeWindows");
  }
  return std::nullopt;
}

SlidingWindows::SlidingWindows(SlidingWindowOptions options) : options_(options) {
  TIDEMARK_CHECK(!Validate(options_));
}

void SlidingWindows::AssignWindows(const Record& /*record*/, Timestamp timestamp,
                                   Timestamp processing_time, std::vector<TimeWindow>& out) {
  Timestamp t = processing_time;
  if (options_.domain == TimeDomain::kEventTime) {
    if (timestamp.is_min()) throw InputError({}, kNoTimestampMessage);
    t = timestamp;
  }
  const Timestamp bound = t - options_.size;
  // Flink's loop runs at most ceil(size / slide) times unless t - size wraps;
  // the cap keeps a wrapped bound from looping (Flink would run out of memory).
  const int64_t cap = options_.size.millis() / options_.slide.millis() + 1;
  Timestamp start = WindowStartWithOffset(t, options_.offset, options_.slide);
  for (int64_t i = 0; i < cap && start > bound; ++i, start = start - options_.slide) {
    out.emplace_back(start, start + options_.size);
  }
}

TriggerSpec SlidingWindows::DefaultTrigger() const {
  return IsEventTime() ? TriggerSpec::EventTime() : TriggerSpec::ProcessingTime();
}

std::unique_ptr<WindowAssigner> SlidingWindows::Clone() const {
  return std::make_unique<SlidingWindows>(options_);
}

std::string SlidingWindows::ToString() const {
  return fmt::format("{}(size={}, slide={}, offset={})",
                     IsEventTime() ? "SlidingEventTimeWindows" : "SlidingProcessingTimeWindows",
                     options_.size.millis(), options_.slide.millis(), options_.offset.millis());
}

std::string SlidingWindows::Describe() const {
  return fmt::format("sliding {} ms every {} ms{}", options_.size.millis(), options_.slide.millis(),
                     IsEventTime() ? "" : " of processing time");
}

}  // namespace tidemark::engine
