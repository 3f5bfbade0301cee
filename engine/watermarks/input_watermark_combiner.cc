#include "engine/watermarks/input_watermark_combiner.h"

#include <algorithm>

#include "engine/core/check.h"

namespace tidemark::engine {

InputWatermarkCombiner::InputWatermarkCombiner(int num_inputs) {
  TIDEMARK_CHECK(num_inputs >= 1);
  // Sized once: the combined status keeps pointers into this vector.
  inputs_.resize(static_cast<size_t>(num_inputs));
  for (PartialWatermark& partial : inputs_) combined_.Add(&partial);
}

const PartialWatermark& InputWatermarkCombiner::input(int input) const {
  TIDEMARK_CHECK(input >= 0 && input < num_inputs());
  return inputs_[static_cast<size_t>(input)];
}

void InputWatermarkCombiner::ProcessWatermark(int input, Timestamp watermark,
                                              WatermarkEventOutput& out) {
  TIDEMARK_CHECK(input >= 0 && input < num_inputs());
  inputs_[static_cast<size_t>(input)].SetWatermark(watermark);
  if (combined_.UpdateCombinedWatermark()) out.EmitWatermark(combined_.combined_watermark());
}

void InputWatermarkCombiner::ProcessWatermarkStatus(int input, WatermarkStatus status,
                                                    WatermarkEventOutput& out) {
  TIDEMARK_CHECK(input >= 0 && input < num_inputs());
  const bool was_idle = combined_.is_idle();
  inputs_[static_cast<size_t>(input)].SetStatus(status);
  if (combined_.UpdateCombinedWatermark()) out.EmitWatermark(combined_.combined_watermark());
  // The combined idleness can only flip towards the incoming status, so
  // forwarding the incoming status is forwarding the new combined status.
  if (was_idle != combined_.is_idle()) out.EmitWatermarkStatus(status);
}

std::vector<int> InputWatermarkCombiner::HoldingInputs() const {
  std::vector<int> holding;
  Timestamp min = Timestamp::Max();
  bool any_active = false;
  for (const PartialWatermark& partial : inputs_) {
    if (partial.is_idle()) continue;
    any_active = true;
    min = std::min(min, partial.watermark());
  }
  if (!any_active) return holding;
  for (int i = 0; i < num_inputs(); ++i) {
    const PartialWatermark& partial = inputs_[static_cast<size_t>(i)];
    if (!partial.is_idle() && partial.watermark() == min) holding.push_back(i);
  }
  return holding;
}

}  // namespace tidemark::engine
