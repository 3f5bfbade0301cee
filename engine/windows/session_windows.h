// SessionWindows: one window [t, t + gap) per element, merged with every
// window it intersects (touching counts), so elements at most `gap` apart end
// up in one session (Flink's EventTimeSessionWindows /
// ProcessingTimeSessionWindows, §3.4). Merging is done by MergingWindowSet.
//
// The event-time variant assigns from the record timestamp without Flink's
// missing-timestamp check (Flink has none here either); the processing-time
// variant from the current processing time.
#ifndef TIDEMARK_ENGINE_SESSION_WINDOWS_H_
#define TIDEMARK_ENGINE_SESSION_WINDOWS_H_

#include <optional>
#include <string>

#include "engine/windows/window_assigner.h"

namespace tidemark::engine {

struct SessionWindowOptions {
  Duration gap = Duration::Zero();
  TimeDomain domain = TimeDomain::kEventTime;
};

class SessionWindows final : public WindowAssigner {
 public:
  // Flink's message ("EventTimeSessionWindows parameters must satisfy 0 < size").
  static std::optional<std::string> Validate(const SessionWindowOptions& options);

  // REQUIRES: !Validate(options).
  explicit SessionWindows(SessionWindowOptions options);

  void AssignWindows(const Record& record, Timestamp timestamp, Timestamp processing_time,
                     std::vector<TimeWindow>& out) override;
  bool IsEventTime() const override { return options_.domain == TimeDomain::kEventTime; }
  bool IsMerging() const override { return true; }
  TriggerSpec DefaultTrigger() const override;
  std::unique_ptr<WindowAssigner> Clone() const override;
  std::string ToString() const override;
  std::string Describe() const override;

 private:
  SessionWindowOptions options_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_SESSION_WINDOWS_H_
