#include "property_tests/model/valve_model.h"

#include <algorithm>

namespace tidemark::props::model {

std::ostream& operator<<(std::ostream& os, const ValveEvent& e) {
  switch (e.kind) {
    case ValveEvent::Kind::kWatermark: return os << "W(" << e.watermark << ")";
    case ValveEvent::Kind::kIdle: return os << "IDLE";
    case ValveEvent::Kind::kActive: return os << "ACTIVE";
  }
  return os;
}

std::optional<int64_t> ValveModel::MinOfActiveAligned() const {
  std::optional<int64_t> min;
  for (const Channel& c : channels_) {
    if (c.idle || !c.aligned) continue;
    if (!min || c.watermark < *min) min = c.watermark;
  }
  return min;
}

void ValveModel::AdvanceToMin(std::vector<ValveEvent>& out) {
  const std::optional<int64_t> min = MinOfActiveAligned();
  if (min && *min > last_output_) {
    last_output_ = *min;
    out.push_back({ValveEvent::Kind::kWatermark, *min});
  }
}

std::vector<ValveEvent> ValveModel::Watermark(int channel, int64_t watermark) {
  std::vector<ValveEvent> out;
  Channel& c = channels_[static_cast<size_t>(channel)];
  if (idle_ || c.idle || watermark <= c.watermark) return out;
  c.watermark = watermark;
  if (!c.aligned && watermark >= last_output_) c.aligned = true;
  AdvanceToMin(out);
  return out;
}

std::vector<ValveEvent> ValveModel::Status(int channel, bool idle) {
  std::vector<ValveEvent> out;
  Channel& c = channels_[static_cast<size_t>(channel)];
  if (c.idle == idle) return out;  // repeats change nothing
  if (idle) {
    c.idle = true;
    c.aligned = false;
    const bool any_active =
        std::any_of(channels_.begin(), channels_.end(), [](const Channel& x) { return !x.idle; });
    if (!any_active) {
      // The last active channel leaves: flush to the highest watermark seen.
      if (c.watermark == last_output_) {
        int64_t max = INT64_MIN;
        for (const Channel& x : channels_) max = std::max(max, x.watermark);
        if (max > last_output_) {
          last_output_ = max;
          out.push_back({ValveEvent::Kind::kWatermark, max});
        }
      }
      idle_ = true;
      out.push_back({ValveEvent::Kind::kIdle, 0});
    } else if (c.watermark == last_output_) {
      AdvanceToMin(out);
    }
  } else {
    c.idle = false;
    c.aligned = c.watermark >= last_output_;
    if (idle_) {
      idle_ = false;
      out.push_back({ValveEvent::Kind::kActive, 0});
    }
  }
  return out;
}

}  // namespace tidemark::props::model
