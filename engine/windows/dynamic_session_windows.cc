#include "engine/windows/dynamic_session_windows.h"

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::engine {

std::optional<std::string> DynamicSessionWindows::Validate(
    const DynamicSessionWindowOptions& options) {
  if (options.gap.type() != ValueType::kInt) {
    return fmt::format("the session gap must be an int (milliseconds), not {}",
                       TypeName(options.gap.type()));
  }
  return std::nullopt;
}

DynamicSessionWindows::DynamicSessionWindows(DynamicSessionWindowOptions options)
    : options_(std::move(options)) {
  TIDEMARK_CHECK(!Validate(options_));
}

void DynamicSessionWindows::AssignWindows(const Record& record, Timestamp timestamp,
                                          Timestamp processing_time, std::vector<TimeWindow>& out) {
  const Value gap = options_.gap.Evaluate(record);
  const auto* ms = std::get_if<int64_t>(&gap);
  if (ms == nullptr || *ms <= 0) {
    throw InputError(options_.gap_where, "Dynamic session time gap must satisfy 0 < gap",
                     fmt::format("'{}' is {} for the record with timestamp {}; Flink fails the "
                                 "job here",
                                 options_.gap.text(), FormatValue(gap), timestamp.millis()));
  }
  const Timestamp t = IsEventTime() ? timestamp : processing_time;
  out.emplace_back(t, t + Duration::Millis(*ms));
}

TriggerSpec DynamicSessionWindows::DefaultTrigger() const {
  return IsEventTime() ? TriggerSpec::EventTime() : TriggerSpec::ProcessingTime();
}

std::unique_ptr<WindowAssigner> DynamicSessionWindows::Clone() const {
  return std::make_unique<DynamicSessionWindows>(options_);
}

std::string DynamicSessionWindows::ToString() const {
  return IsEventTime() ? "DynamicEventTimeSessionWindows()"
                       : "DynamicProcessingTimeSessionWindows()";
}

std::string DynamicSessionWindows::Describe() const {
  return fmt::format("session gap per record: {} ms{}", options_.gap.text(),
                     IsEventTime() ? "" : " of processing time");
}

}  // namespace tidemark::engine
