#include "engine/windows/session_windows.h"

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::engine {

namespace {
const char* ClassName(TimeDomain domain) {
  return domain == TimeDomain::kEventTime ? "EventTimeSessionWindows"
                                          : "ProcessingTimeSessionWindows";
}
}  // namespace

std::optional<std::string> SessionWindows::Validate(const SessionWindowOptions& options) {
  if (options.gap.millis() <= 0) {
    return fmt::format("{} parameters must satisfy 0 < size", ClassName(options.domain));
  }
  return std::nullopt;
}

SessionWindows::SessionWindows(SessionWindowOptions options) : options_(options) {
  TIDEMARK_CHECK(!Validate(options_));
}

void SessionWindows::AssignWindows(const Record& /*record*/, Timestamp timestamp,
                                   Timestamp processing_time, std::vector<TimeWindow>& out) {
  const Timestamp t = IsEventTime() ? timestamp : processing_time;
  out.emplace_back(t, t + options_.gap);
}

TriggerSpec SessionWindows::DefaultTrigger() const {
  return IsEventTime() ? TriggerSpec::EventTime() : TriggerSpec::ProcessingTime();
}

std::unique_ptr<WindowAssigner> SessionWindows::Clone() const {
  return std::make_unique<SessionWindows>(options_);
}

std::string SessionWindows::ToString() const {
  return fmt::format("{}(gap={})", ClassName(options_.domain), options_.gap.millis());
}

std::string SessionWindows::Describe() const {
  return fmt::format("session gap {} ms{}", options_.gap.millis(),
                     IsEventTime() ? "" : " of processing time");
}

}  // namespace tidemark::engine
