// TumblingWindows: fixed-size, non-overlapping windows aligned to an offset
// (Flink's TumblingEventTimeWindows / TumblingProcessingTimeWindows, §3.2, §3.8).
//
// Every element gets exactly one window [start, start + size) with
// start = WindowStartWithOffset(t, (offset + stagger) % size, size), where t is
// the record timestamp (event time) or the current processing time.
#ifndef TIDEMARK_ENGINE_TUMBLING_WINDOWS_H_
#define TIDEMARK_ENGINE_TUMBLING_WINDOWS_H_

#include <optional>
#include <string>

#include "engine/windows/window_assigner.h"

namespace tidemark::engine {

// Flink's WindowStagger. RANDOM is not modelled: engine/ has no randomness.
enum class WindowStagger {
  kAligned,  // every key's windows start at the same offset
  kNatural,  // offset = processing time of the first element, mod size
};

struct TumblingWindowOptions {
  Duration size = Duration::Zero();
  Duration offset = Duration::Zero();
  TimeDomain domain = TimeDomain::kEventTime;
  WindowStagger stagger = WindowStagger::kAligned;
};

class TumblingWindows final : public WindowAssigner {
 public:
  // Flink's message if the options are invalid ("... must satisfy abs(offset) < size").
  static std::optional<std::string> Validate(const TumblingWindowOptions& options);

  // REQUIRES: !Validate(options).
  explicit TumblingWindows(TumblingWindowOptions options);

  void AssignWindows(const Record& record, Timestamp timestamp, Timestamp processing_time,
                     std::vector<TimeWindow>& out) override;
  bool IsEventTime() const override { return options_.domain == TimeDomain::kEventTime; }
  TriggerSpec DefaultTrigger() const override;
  std::unique_ptr<WindowAssigner> Clone() const override;
  std::string ToString() const override;
  std::string Describe() const override;

 private:
  // (offset + stagger offset) % size, the offset windows start at.
  Duration EffectiveOffset(Timestamp processing_time) const;

  TumblingWindowOptions options_;
  // Fixed on the first element, as Flink's staggerOffset field; kept already
  // combined with the offset, so no element pays the remainder twice.
  std::optional<Duration> effective_offset_;
};

// Java's Math.abs on a long: wraps for Min, which therefore passes Flink's
// abs(offset) < size checks. Shared by the assigners' validation.
int64_t JavaAbs(int64_t v);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_TUMBLING_WINDOWS_H_
