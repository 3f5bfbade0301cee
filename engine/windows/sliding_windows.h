// SlidingWindows: fixed-size windows every `slide` (Flink's
// SlidingEventTimeWindows / SlidingProcessingTimeWindows, §3.3, §3.8).
//
// An element at t gets [s, s + size) for s = WindowStartWithOffset(t, offset,
// slide), s - slide, ... while s > t - size: newest window first (descending
// start), which fixes the order of same-element firings (§1.11). With
// slide > size, timestamps in the gaps get no window at all (§1.3 step 4).
#ifndef TIDEMARK_ENGINE_SLIDING_WINDOWS_H_
#define TIDEMARK_ENGINE_SLIDING_WINDOWS_H_

#include <optional>
#include <string>

#include "engine/windows/window_assigner.h"

namespace tidemark::engine {

struct SlidingWindowOptions {
  Duration size = Duration::Zero();
  Duration slide = Duration::Zero();
  Duration offset = Duration::Zero();
  TimeDomain domain = TimeDomain::kEventTime;
};

class SlidingWindows final : public WindowAssigner {
 public:
  // Flink's message ("... must satisfy abs(offset) < slide and size > 0").
  static std::optional<std::string> Validate(const SlidingWindowOptions& options);

  // REQUIRES: !Validate(options).
  explicit SlidingWindows(SlidingWindowOptions options);

  void AssignWindows(const Record& record, Timestamp timestamp, Timestamp processing_time,
                     std::vector<TimeWindow>& out) override;
  bool IsEventTime() const override { return options_.domain == TimeDomain::kEventTime; }
  TriggerSpec DefaultTrigger() const override;
  std::unique_ptr<WindowAssigner> Clone() const override;
  std::string ToString() const override;
  std::string Describe() const override;

 private:
  SlidingWindowOptions options_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_SLIDING_WINDOWS_H_
