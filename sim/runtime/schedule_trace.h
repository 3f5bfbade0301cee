// ScheduleTrace: every step the simulator took, in order, for `explain`,
// reports and the properties that check watermark monotonicity.
//
// Recorded only when a run asks for detail; a step is a few words of data.
#ifndef TIDEMARK_SIM_RUNTIME_SCHEDULE_TRACE_H_
#define TIDEMARK_SIM_RUNTIME_SCHEDULE_TRACE_H_

#include <cstdint>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/windows/window_result.h"

namespace tidemark::sim {

struct ScheduleStep {
  enum class Kind : uint8_t {
    kArrival,          // a trace row reached source subtask (node, subtask)
    kDelivery,         // channel `channel` delivered an element to (node, subtask)
    kWatermark,        // the operator watermark of (node, subtask) became `watermark`
    kOutputWatermark,  // source subtask (node, subtask) emitted `watermark`
    kIdle,             // (node, subtask)'s output went idle
    kActive,           // (node, subtask)'s output became active again
    kTimer,            // a processing-time wake-up at (node, subtask)
    kFiring,           // a window of (node, subtask) fired; `firing` indexes RunTrace::firings
    kEndOfInput,       // source subtask (node, subtask) reached the end of its input
    kPartitionIdle,    // partition `partition` of source subtask (node, subtask) went idle
    kPartitionActive,  // ... became active again (§4.4, §5.4)
    kCheckpoint,       // (node, subtask) took its snapshot of checkpoint `checkpoint`
    kFailure,          // (node, subtask) failed; its failover region was cancelled
    kRestore,          // (node, subtask) restarted from checkpoint `checkpoint` (0: none)
  };
  Kind kind = Kind::kArrival;
  engine::Timestamp time;  // processing time
  uint32_t node = 0;
  uint32_t subtask = 0;
  uint32_t channel = 0;
  engine::RecordId record = engine::kNoRecordId;
  engine::Timestamp watermark = engine::Timestamp::Min();
  uint32_t firing = 0;
  // kArrival: the row's partition. kOutputWatermark: the partition holding the
  // source subtask's watermark at its minimum (-1: none). kPartitionIdle,
  // kPartitionActive: the partition.
  int32_t partition = -1;
  // kWatermark: the upstream (node, subtask) whose channel holds the combined
  // watermark at its minimum — "why it is not higher" (-1: none).
  int32_t held_by_node = -1;
  int32_t held_by_subtask = -1;
  // kCheckpoint, kRestore: the checkpoint id.
  uint64_t checkpoint = 0;
};

// One window firing, for narration and reports.
struct FiringRecord {
  uint32_t node = 0;
  uint32_t subtask = 0;
  engine::Timestamp time;       // processing time
  engine::Timestamp watermark;  // the operator's watermark when it fired
  engine::WindowResult result;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_SCHEDULE_TRACE_H_
