#include "engine/watermarks/combined_watermark_status.h"

#include <algorithm>

#include "engine/core/check.h"

namespace tidemark::engine {

bool PartialWatermark::SetWatermark(Timestamp watermark) {
  idle_ = false;
  if (watermark <= watermark_) return false;
  watermark_ = watermark;
  return true;
}

void CombinedWatermarkStatus::Add(PartialWatermark* partial) {
  TIDEMARK_CHECK(partial != nullptr);
  TIDEMARK_CHECK(std::find(partials_.begin(), partials_.end(), partial) == partials_.end());
  partials_.push_back(partial);
}

bool CombinedWatermarkStatus::Remove(const PartialWatermark* partial) {
  const auto it = std::find(partials_.begin(), partials_.end(), partial);
  if (it == partials_.end()) return false;
  partials_.erase(it);
  return true;
}

bool CombinedWatermarkStatus::UpdateCombinedWatermark() {
  // With no partials the minimum would be Max; Flink must not emit that.
  if (partials_.empty()) return false;
  bool all_idle = true;
  Timestamp min = Timestamp::Max();
  for (const PartialWatermark* partial : partials_) {
    if (partial->is_idle()) continue;
    all_idle = false;
    min = std::min(min, partial->watermark());
  }
  idle_ = all_idle;
  if (!all_idle && min > combined_) {
    combined_ = min;
    return true;
  }
  return false;
}

}  // namespace tidemark::engine
