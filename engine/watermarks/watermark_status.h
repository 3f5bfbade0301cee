// WatermarkStatus: whether a stream (channel, split, subtask output) currently
// promises to advance event time.
//
// IDLE means "do not wait for my watermarks": combiners (the valve, the split
// multiplexer, two-input operators) leave an idle input out of their minimum.
// Flink encodes IDLE as -1 and ACTIVE as 0 on the wire; only the two values
// exist (§0).
#ifndef TIDEMARK_ENGINE_WATERMARK_STATUS_H_
#define TIDEMARK_ENGINE_WATERMARK_STATUS_H_

#include <string_view>

namespace tidemark::engine {

enum class WatermarkStatus { kActive, kIdle };

// "ACTIVE" / "IDLE", as Flink's WatermarkStatus.toString spells them.
constexpr std::string_view StatusName(WatermarkStatus status) {
  return status == WatermarkStatus::kIdle ? "IDLE" : "ACTIVE";
}

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WATERMARK_STATUS_H_
