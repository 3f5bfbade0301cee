// GlobalWindows: every element goes to the one global window (§3.5).
//
// Flink reports isEventTime() == false for it, so its window is never late,
// no cleanup timer is ever registered (cleanup time = max timestamp = Max),
// allowed lateness is meaningless and nothing goes to the late side output.
// Contents are only ever emptied by a purging trigger.
#ifndef TIDEMARK_ENGINE_GLOBAL_WINDOWS_H_
#define TIDEMARK_ENGINE_GLOBAL_WINDOWS_H_

#include <string>

#include "engine/windows/window_assigner.h"

namespace tidemark::engine {

// Which default trigger the assigner was created with.
enum class GlobalWindowTrigger {
  kNever,        // GlobalWindows.create(): never fires unless another trigger is set
  kEndOfStream,  // GlobalWindows.createWithEndOfStreamTrigger(): fires once at Max
};

class GlobalWindows final : public WindowAssigner {
 public:
  explicit GlobalWindows(GlobalWindowTrigger trigger = GlobalWindowTrigger::kNever)
      : trigger_(trigger) {}

  void AssignWindows(const Record& record, Timestamp timestamp, Timestamp processing_time,
                     std::vector<TimeWindow>& out) override;
  bool IsEventTime() const override { return false; }
  TriggerSpec DefaultTrigger() const override;
  std::unique_ptr<WindowAssigner> Clone() const override;
  std::string ToString() const override { return "GlobalWindows()"; }
  std::string Describe() const override { return "global"; }

 private:
  GlobalWindowTrigger trigger_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_GLOBAL_WINDOWS_H_
