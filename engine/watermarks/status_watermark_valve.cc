#include "engine/watermarks/status_watermark_valve.h"

#include <algorithm>

#include "engine/core/check.h"

namespace tidemark::engine {

StatusWatermarkValve::StatusWatermarkValve(int num_channels)
    : aligned_(num_channels), active_channels_(num_channels) {
  TIDEMARK_CHECK(num_channels >= 1);
  channels_.resize(static_cast<size_t>(num_channels));
  for (int i = 0; i < num_channels; ++i) aligned_.Insert(i, Timestamp::Min());
}

const ValveChannelState& StatusWatermarkValve::channel(int channel) const {
  TIDEMARK_CHECK(channel >= 0 && channel < num_channels());
  return channels_[static_cast<size_t>(channel)];
}

void StatusWatermarkValve::InputWatermark(Timestamp watermark, int channel,
                                          WatermarkEventOutput& out) {
  TIDEMARK_CHECK(channel >= 0 && channel < num_channels());
  ValveChannelState& state = channels_[static_cast<size_t>(channel)];
  if (last_output_status_ == WatermarkStatus::kIdle) return;
  if (state.status == WatermarkStatus::kIdle) return;
  if (watermark <= state.watermark) return;

  state.watermark = watermark;
  if (IsAligned(channel)) {
    aligned_.Update(channel, watermark);
  } else if (watermark >= last_output_watermark_) {
    MarkAligned(channel);
  }
  OutputNewMinAcrossAligned(out);
}

void StatusWatermarkValve::InputWatermarkStatus(WatermarkStatus status, int channel,
                                                WatermarkEventOutput& out) {
  TIDEMARK_CHECK(channel >= 0 && channel < num_channels());
  ValveChannelState& state = channels_[static_cast<size_t>(channel)];
  if (status == state.status) return;

  if (status == WatermarkStatus::kIdle) {
    state.status = WatermarkStatus::kIdle;
    --active_channels_;
    MarkUnaligned(channel);
    if (!HasActiveChannels()) {
      // Nothing will advance any more: let event time jump to the furthest
      // channel, but only if the channel that just went quiet was the one the
      // output was resting on (otherwise the minimum already moved past it).
      if (state.watermark == last_output_watermark_) OutputMaxAcrossAll(out);
      last_output_status_ = WatermarkStatus::kIdle;
      out.EmitWatermarkStatus(WatermarkStatus::kIdle);
    } else if (state.watermark == last_output_watermark_) {
      OutputNewMinAcrossAligned(out);
    }
    return;
  }

  state.status = WatermarkStatus::kActive;
  ++active_channels_;
  if (state.watermark >= last_output_watermark_) MarkAligned(channel);
  if (last_output_status_ == WatermarkStatus::kIdle) {
    last_output_status_ = WatermarkStatus::kActive;
    out.EmitWatermarkStatus(WatermarkStatus::kActive);
  }
}

void StatusWatermarkValve::MarkAligned(int channel) {
  if (IsAligned(channel)) return;
  ValveChannelState& state = channels_[static_cast<size_t>(channel)];
  state.alignment = ChannelAlignment::kAligned;
  aligned_.Insert(channel, state.watermark);
}

void StatusWatermarkValve::MarkUnaligned(int channel) {
  if (!IsAligned(channel)) return;
  channels_[static_cast<size_t>(channel)].alignment = ChannelAlignment::kUnaligned;
  aligned_.Erase(channel);
}

bool StatusWatermarkValve::HasActiveChannels() const { return active_channels_ > 0; }

void StatusWatermarkValve::OutputNewMinAcrossAligned(WatermarkEventOutput& out) {
  if (!aligned_.empty() && aligned_.TopKey() > last_output_watermark_) {
    last_output_watermark_ = aligned_.TopKey();
    out.EmitWatermark(last_output_watermark_);
  }
}

void StatusWatermarkValve::OutputMaxAcrossAll(WatermarkEventOutput& out) {
  Timestamp max = Timestamp::Min();
  for (const ValveChannelState& state : channels_) max = std::max(max, state.watermark);
  if (max > last_output_watermark_) {
    last_output_watermark_ = max;
    out.EmitWatermark(max);
  }
}

std::vector<int> StatusWatermarkValve::HoldingChannels() const {
  std::vector<int> holding;
  if (aligned_.empty()) return holding;
  const Timestamp min = aligned_.TopKey();
  for (int i = 0; i < num_channels(); ++i) {
    if (IsAligned(i) && aligned_.Key(i) == min) holding.push_back(i);
  }
  return holding;
}

}  // namespace tidemark::engine
