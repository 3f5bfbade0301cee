// InputWatermarkCombiner: how an operator with several logical inputs (two-input
// operators such as connect/join/co-process, or multi-input operators) combines
// the watermarks and statuses that each input's own StatusWatermarkValve lets
// through. It is AbstractStreamOperator's processWatermark(mark, index) and
// processWatermarkStatus(status, index) over an IndexedCombinedWatermarkStatus
// (§5.2, §5.3).
//
// combined = min over non-idle inputs, emitted only when it strictly increases
// (the caller's output is where timers advance before forwarding). Unlike the
// valve there is no max-flush when every input goes idle; the status is
// forwarded only when the combined idleness flips. Quirk kept from Flink: a
// watermark arriving on an idle input makes that input active for the minimum
// without any status being emitted (the upstream valve normally sends ACTIVE
// first, so this does not arise from well-formed streams).
#ifndef TIDEMARK_ENGINE_INPUT_WATERMARK_COMBINER_H_
#define TIDEMARK_ENGINE_INPUT_WATERMARK_COMBINER_H_

#include <vector>

#include "engine/watermarks/combined_watermark_status.h"
#include "engine/watermarks/watermark_event_output.h"

namespace tidemark::engine {

class InputWatermarkCombiner {
 public:
  // REQUIRES: num_inputs >= 1.
  explicit InputWatermarkCombiner(int num_inputs);
  InputWatermarkCombiner(const InputWatermarkCombiner&) = delete;
  InputWatermarkCombiner& operator=(const InputWatermarkCombiner&) = delete;

  // `input` is 0-based (Flink's processWatermark1 is input 0).
  // REQUIRES: 0 <= input < num_inputs().
  void ProcessWatermark(int input, Timestamp watermark, WatermarkEventOutput& out);
  void ProcessWatermarkStatus(int input, WatermarkStatus status, WatermarkEventOutput& out);

  int num_inputs() const { return static_cast<int>(inputs_.size()); }
  const PartialWatermark& input(int input) const;
  Timestamp combined_watermark() const { return combined_.combined_watermark(); }
  bool is_idle() const { return combined_.is_idle(); }
  // For "why is the watermark held back": non-idle inputs at the minimum, ascending.
  std::vector<int> HoldingInputs() const;

 private:
  std::vector<PartialWatermark> inputs_;
  CombinedWatermarkStatus combined_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_INPUT_WATERMARK_COMBINER_H_
