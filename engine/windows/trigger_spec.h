// TriggerSpec: which Flink trigger a window operator uses (§2), as plain data.
//
// PurgingTrigger.of(nested) only turns the nested trigger's FIRE into
// FIRE_AND_PURGE and delegates everything else, so it is a flag on the nested
// spec rather than a second level (wrapping twice is the same as once).
#ifndef TIDEMARK_ENGINE_TRIGGER_SPEC_H_
#define TIDEMARK_ENGINE_TRIGGER_SPEC_H_

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/time.h"

namespace tidemark::engine {

enum class TriggerKind {
  kEventTime,            // EventTimeTrigger: fire at max timestamp (§2.1)
  kProcessingTime,       // ProcessingTimeTrigger (§2.2)
  kCount,                // CountTrigger.of(count) (§2.3)
  kContinuousEventTime,  // ContinuousEventTimeTrigger.of(interval) (§2.5)
  kNever,                // GlobalWindows' default NeverTrigger (§2.6)
  kEndOfStream,          // GlobalWindows.createWithEndOfStreamTrigger (§2.6)
};

struct TriggerSpec {
  TriggerKind kind = TriggerKind::kEventTime;
  int64_t count = 0;                     // kCount only
  Duration interval = Duration::Zero();  // kContinuousEventTime only
  bool purging = false;                  // wrapped in PurgingTrigger.of(...)

  static TriggerSpec EventTime() { return Of(TriggerKind::kEventTime); }
  static TriggerSpec ProcessingTime() { return Of(TriggerKind::kProcessingTime); }
  static TriggerSpec Count(int64_t n) {
    TriggerSpec spec = Of(TriggerKind::kCount);
    spec.count = n;
    return spec;
  }
  static TriggerSpec ContinuousEventTime(Duration interval) {
    TriggerSpec spec = Of(TriggerKind::kContinuousEventTime);
    spec.interval = interval;
    return spec;
  }
  static TriggerSpec Never() { return Of(TriggerKind::kNever); }
  static TriggerSpec EndOfStream() { return Of(TriggerKind::kEndOfStream); }
  static TriggerSpec Purging(TriggerSpec nested) {
    nested.purging = true;
    return nested;
  }

  // Flink's canMerge(): false only for the GlobalWindows triggers, which do not
  // override Trigger.canMerge().
  bool CanMerge() const { return kind != TriggerKind::kNever && kind != TriggerKind::kEndOfStream; }

  // An error message for parameters Flink would reject or crash on; nullopt if
  // valid. Flink does not check the continuous interval up front but fails on
  // the first element with "/ by zero" for 0; we reject interval <= 0 early.
  std::optional<std::string> Validate() const;

  // "PurgingTrigger(CountTrigger(4))", for narration and errors.
  std::string ToString() const;

  bool operator==(const TriggerSpec&) const = default;

 private:
  static TriggerSpec Of(TriggerKind kind) {
    TriggerSpec spec;
    spec.kind = kind;
    return spec;
  }
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_TRIGGER_SPEC_H_
