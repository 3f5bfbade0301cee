#include "engine/windows/global_windows.h"

namespace tidemark::engine {

void GlobalWindows::AssignWindows(const Record& /*record*/, Timestamp /*timestamp*/,
                                  Timestamp /*processing_time*/, std::vector<TimeWindow>& out) {
  out.push_back(TimeWindow::Global());
}

TriggerSpec GlobalWindows::DefaultTrigger() const {
  return trigger_ == GlobalWindowTrigger::kNever ? TriggerSpec::Never()
                                                 : TriggerSpec::EndOfStream();
}

std::unique_ptr<WindowAssigner> GlobalWindows::Clone() const {
  return std::make_unique<GlobalWindows>(trigger_);
}

}  // namespace tidemark::engine
