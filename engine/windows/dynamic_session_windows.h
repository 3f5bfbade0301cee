// DynamicSessionWindows: session windows whose gap is computed per element
// (Flink's DynamicEventTimeSessionWindows / DynamicProcessingTimeSessionWindows
// with a SessionWindowTimeGapExtractor, §11.6). Each element gets one window
// [t, t + gap(element)), t its timestamp (event time) or the current
// processing time, and windows merge as for fixed-gap sessions (§3.4), so a
// long gap of one element can reach elements a short gap would not.
//
// A gap <= 0 fails the job, as Flink's assignWindows throws
// IllegalArgumentException("Dynamic session time gap must satisfy 0 < gap");
// a null gap fails too (Flink's extractor returns a primitive long).
#ifndef TIDEMARK_ENGINE_DYNAMIC_SESSION_WINDOWS_H_
#define TIDEMARK_ENGINE_DYNAMIC_SESSION_WINDOWS_H_

#include <optional>
#include <string>

#include "engine/core/input_error.h"
#include "engine/expressions/expression.h"
#include "engine/windows/window_assigner.h"

namespace tidemark::engine {

struct DynamicSessionWindowOptions {
  Expression gap;            // an int expression: the gap in milliseconds
  SourceLocation gap_where;  // named when a gap is not positive
  TimeDomain domain = TimeDomain::kEventTime;
};

class DynamicSessionWindows final : public WindowAssigner {
 public:
  // "the session gap must be an int (milliseconds), not string", or nullopt.
  static std::optional<std::string> Validate(const DynamicSessionWindowOptions& options);

  // REQUIRES: !Validate(options).
  explicit DynamicSessionWindows(DynamicSessionWindowOptions options);

  // Throws InputError at gap_where, with Flink's message, for a gap <= 0 or null.
  void AssignWindows(const Record& record, Timestamp timestamp, Timestamp processing_time,
                     std::vector<TimeWindow>& out) override;
  bool IsEventTime() const override { return options_.domain == TimeDomain::kEventTime; }
  bool IsMerging() const override { return true; }
  TriggerSpec DefaultTrigger() const override;
  std::unique_ptr<WindowAssigner> Clone() const override;
  std::string ToString() const override;
  std::string Describe() const override;

 private:
  DynamicSessionWindowOptions options_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_DYNAMIC_SESSION_WINDOWS_H_
