// RecordingOutput: a test double for both watermark output interfaces. It
// records every call as one space-separated line ("W(5) IDLE ACTIVE W(7)"), so
// a test states the exact expected element sequence in one string.
#ifndef TIDEMARK_ENGINE_INTERNAL_RECORDING_OUTPUT_H_
#define TIDEMARK_ENGINE_INTERNAL_RECORDING_OUTPUT_H_

#include <string>
#include <string_view>

#include "engine/core/time.h"
#include "engine/watermarks/watermark_event_output.h"
#include "engine/watermarks/watermark_output.h"

namespace tidemark::engine::internal {

class RecordingOutput final : public WatermarkOutput, public WatermarkEventOutput {
 public:
  void EmitWatermark(Timestamp watermark) override {
    Append("W(" + FormatTimestamp(watermark) + ")");
  }
  void MarkIdle() override { Append("IDLE"); }
  void MarkActive() override { Append("ACTIVE"); }
  void EmitWatermarkStatus(WatermarkStatus status) override { Append(StatusName(status)); }

  // Interleaves a non-watermark element (e.g. "R(2)@2") into the log.
  void Note(std::string_view element) { Append(element); }

  // Everything recorded since the last Take, then forgets it.
  std::string Take() {
    std::string out;
    out.swap(log_);
    return out;
  }

 private:
  void Append(std::string_view event) {
    if (!log_.empty()) log_ += ' ';
    log_ += event;
  }
  std::string log_;
};

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_RECORDING_OUTPUT_H_
