// WindowAssigner: decides which windows an element belongs to (Flink §3).
//
// Assigners are owned by one operator instance (one per subtask, like Flink's
// deserialized copy per task), so they may keep the state Flink keeps (the
// tumbling stagger offset, fixed on the first element). Clone() gives a fresh
// instance for another subtask.
//
// Parameter validation follows "validate at the boundary, assert inside":
// every concrete assigner has a static Validate(options) returning Flink's
// IllegalArgumentException message, and its constructor asserts it passed.
// The scenario loader turns a message into an InputError at the YAML position.
//
// Merging: every merging assigner merges by TimeWindow's rule (§3.6, see
// MergingWindowSet); only the assignment itself is customisable.
#ifndef TIDEMARK_ENGINE_WINDOW_ASSIGNER_H_
#define TIDEMARK_ENGINE_WINDOW_ASSIGNER_H_

#include <memory>
#include <string>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/windows/time_window.h"
#include "engine/windows/trigger_spec.h"

namespace tidemark::engine {

// Which clock drives an assigner: the watermark, or the operator's
// processing-time clock.
enum class TimeDomain { kEventTime, kProcessingTime };

class WindowAssigner {
 public:
  virtual ~WindowAssigner() = default;

  // Appends the element's windows to `out` (which the caller clears and
  // reuses, so assignment allocates nothing in steady state), in Flink's order
  // (sliding: descending start). `timestamp` is the record's event time (Min
  // when it has none); `processing_time` the operator's current clock.
  // Throws InputError (no location) with Flink's message when an event-time
  // tumbling/sliding assigner meets a record without timestamp.
  virtual void AssignWindows(const Record& record, Timestamp timestamp, Timestamp processing_time,
                             std::vector<TimeWindow>& out) = 0;

  // Flink's isEventTime(): false for processing-time assigners and for
  // GlobalWindows, whose windows are then never late and cleaned at max timestamp.
  virtual bool IsEventTime() const = 0;
  virtual bool IsMerging() const { return false; }
  virtual TriggerSpec DefaultTrigger() const = 0;
  virtual std::unique_ptr<WindowAssigner> Clone() const = 0;
  // "TumblingEventTimeWindows(size=3000, offset=0)" for narration and errors.
  virtual std::string ToString() const = 0;
  // The assigner in a reader's words, as a report describes the job:
  // "tumbling 10000 ms", "sliding 10000 ms every 2000 ms of processing time",
  // "session gap 3000 ms", "global".
  virtual std::string Describe() const = 0;
};

// Flink's message for an event-time window over a record without timestamp.
extern const char kNoTimestampMessage[];

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WINDOW_ASSIGNER_H_
