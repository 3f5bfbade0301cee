#include "engine/windows/tumbling_windows.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/input_error.h"

namespace tidemark::engine {

int64_t JavaAbs(int64_t v) { return v < 0 ? internal::WrappingSub(0, v) : v; }

std::optional<std::string> TumblingWindows::Validate(const TumblingWindowOptions& options) {
  if (JavaAbs(options.offset.millis()) >= options.size.millis()) {
    return fmt::format("{} parameters must satisfy abs(offset) < size",
                       options.domain == TimeDomain::kEventTime ? "TumblingEventTimeWindows"
                                                                : "TumblingProcessingTimeWindows");
  }
  return std::nullopt;
}

TumblingWindows::TumblingWindows(TumblingWindowOptions options) : options_(options) {
  TIDEMARK_CHECK(!Validate(options_));
}

void TumblingWindows::AssignWindows(const Record& /*record*/, Timestamp timestamp,
                                    Timestamp processing_time, std::vector<TimeWindow>& out) {
  Timestamp t = processing_time;
  if (options_.domain == TimeDomain::kEventTime) {
    if (timestamp.is_min()) throw InputError({}, kNoTimestampMessage);
    t = timestamp;
  }
  if (!effective_offset_) effective_offset_ = EffectiveOffset(processing_time);
  const Timestamp start = WindowStartWithOffset(t, *effective_offset_, options_.size);
  out.emplace_back(start, start + options_.size);
}

Duration TumblingWindows::EffectiveOffset(Timestamp processing_time) const {
  int64_t stagger = 0;
  if (options_.stagger == WindowStagger::kNatural) {
    const Timestamp aligned =
        WindowStartWithOffset(processing_time, Duration::Zero(), options_.size);
    stagger = std::max<int64_t>(0, (processing_time - aligned).millis());
  }
  return Duration::Millis((options_.offset + Duration::Millis(stagger)).millis() %
                          options_.size.millis());
}

TriggerSpec TumblingWindows::DefaultTrigger() const {
  return IsEventTime() ? TriggerSpec::EventTime() : TriggerSpec::ProcessingTime();
}

std::unique_ptr<WindowAssigner> TumblingWindows::Clone() const {
  return std::make_unique<TumblingWindows>(options_);
}

std::string TumblingWindows::ToString() const {
  return fmt::format("{}(size={}, offset={})",
                     IsEventTime() ? "TumblingEventTimeWindows" : "TumblingProcessingTimeWindows",
                     options_.size.millis(), options_.offset.millis());
}

std::string TumblingWindows::Describe() const {
  return fmt::format("tumbling {} ms{}", options_.size.millis(),
                     IsEventTime() ? "" : " of processing time");
}

}  // namespace tidemark::engine
