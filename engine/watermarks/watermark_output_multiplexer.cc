#include "engine/watermarks/watermark_output_multiplexer.h"

#include <algorithm>
#include <utility>

#include "engine/core/check.h"

namespace tidemark::engine {

class WatermarkOutputMultiplexer::Immediate final : public WatermarkOutput {
 public:
  Immediate(WatermarkOutputMultiplexer& owner, PartialWatermark& partial)
      : owner_(owner), partial_(partial) {}

  void EmitWatermark(Timestamp watermark) override {
    const bool raised = partial_.SetWatermark(watermark);
    // Only a value above the combined one can raise the minimum.
    if (raised && watermark > owner_.combined_.combined_watermark()) {
      owner_.UpdateCombinedWatermark();
    }
  }
  void MarkIdle() override {
    // May unblock the minimum: this split might have been holding it.
    partial_.SetStatus(WatermarkStatus::kIdle);
    owner_.UpdateCombinedWatermark();
  }
  void MarkActive() override {
    partial_.SetStatus(WatermarkStatus::kActive);
    owner_.UpdateCombinedWatermark();
  }

 private:
  WatermarkOutputMultiplexer& owner_;
  PartialWatermark& partial_;
};

class WatermarkOutputMultiplexer::Deferred final : public WatermarkOutput {
 public:
  explicit Deferred(PartialWatermark& partial) : partial_(partial) {}

  void EmitWatermark(Timestamp watermark) override { partial_.SetWatermark(watermark); }
  void MarkIdle() override { partial_.SetStatus(WatermarkStatus::kIdle); }
  void MarkActive() override { partial_.SetStatus(WatermarkStatus::kActive); }

 private:
  PartialWatermark& partial_;
};

struct WatermarkOutputMultiplexer::Split {
  explicit Split(WatermarkOutputMultiplexer& owner)
      : immediate(owner, partial), deferred(partial) {}

  PartialWatermark partial;
  Immediate immediate;
  Deferred deferred;
};

WatermarkOutputMultiplexer::WatermarkOutputMultiplexer(WatermarkOutput& underlying)
    : underlying_(underlying) {}

WatermarkOutputMultiplexer::~WatermarkOutputMultiplexer() = default;

void WatermarkOutputMultiplexer::RegisterNewOutput(std::string id) {
  TIDEMARK_CHECK(!IsRegistered(id));
  auto split = std::make_unique<Split>(*this);
  combined_.Add(&split->partial);
  splits_.emplace(std::move(id), std::move(split));
}

bool WatermarkOutputMultiplexer::UnregisterOutput(std::string_view id) {
  const auto it = splits_.find(id);
  if (it == splits_.end()) return false;
  combined_.Remove(&it->second->partial);
  splits_.erase(it);
  return true;
}

bool WatermarkOutputMultiplexer::IsRegistered(std::string_view id) const {
  return splits_.find(id) != splits_.end();
}

WatermarkOutputMultiplexer::Split& WatermarkOutputMultiplexer::Find(std::string_view id) const {
  const auto it = splits_.find(id);
  TIDEMARK_CHECK(it != splits_.end());
  return *it->second;
}

WatermarkOutput& WatermarkOutputMultiplexer::ImmediateOutput(std::string_view id) {
  return Find(id).immediate;
}

WatermarkOutput& WatermarkOutputMultiplexer::DeferredOutput(std::string_view id) {
  return Find(id).deferred;
}

const PartialWatermark& WatermarkOutputMultiplexer::Partial(std::string_view id) const {
  return Find(id).partial;
}

void WatermarkOutputMultiplexer::OnPeriodicEmit() { UpdateCombinedWatermark(); }

void WatermarkOutputMultiplexer::UpdateCombinedWatermark() {
  if (combined_.UpdateCombinedWatermark()) {
    underlying_.EmitWatermark(combined_.combined_watermark());
  } else if (combined_.is_idle()) {
    underlying_.MarkIdle();
  }
}

std::vector<std::string> WatermarkOutputMultiplexer::HoldingSplits() const {
  Timestamp min = Timestamp::Max();
  bool any_active = false;
  for (const auto& [id, split] : splits_) {
    if (split->partial.is_idle()) continue;
    any_active = true;
    min = std::min(min, split->partial.watermark());
  }
  std::vector<std::string> holding;
  if (!any_active) return holding;
  for (const auto& [id, split] : splits_) {
    if (!split->partial.is_idle() && split->partial.watermark() == min) holding.push_back(id);
  }
  return holding;
}

}  // namespace tidemark::engine
