#include "sim/runtime/internal/sink_outputs.h"

#include "engine/watermarks/status_watermark_valve.h"

namespace tidemark::sim::internal {

// Takes the watermarks and statuses a sink's stream emits, combining the
// stream's subtasks with a valve when it has several.
class SinkOutputs::SinkTap final : public engine::WatermarkEventOutput {
 public:
  SinkTap(std::vector<SinkElement>& elements, int subtasks) : elements_(elements) {
    if (subtasks > 1) valve_ = std::make_unique<engine::StatusWatermarkValve>(subtasks);
  }
  void Take(uint32_t subtask_index, const StreamElement& element) {
    const int channel = static_cast<int>(subtask_index);
    if (element.kind == StreamElement::Kind::kWatermark) {
      if (valve_) {
        valve_->InputWatermark(element.watermark, channel, *this);
      } else {
        EmitWatermark(element.watermark);
      }
    } else if (element.kind == StreamElement::Kind::kStatus) {
      if (valve_) {
        valve_->InputWatermarkStatus(element.status, channel, *this);
      } else {
        EmitWatermarkStatus(element.status);
      }
    }
  }
  void EmitWatermark(engine::Timestamp watermark) override {
    elements_.push_back({.kind = SinkElement::Kind::kWatermark,
                         .record = 0,
                         .watermark = watermark,
                         .status = engine::WatermarkStatus::kActive});
  }
  void EmitWatermarkStatus(engine::WatermarkStatus status) override {
    elements_.push_back({.kind = SinkElement::Kind::kStatus,
                         .record = 0,
                         .watermark = engine::Timestamp::Min(),
                         .status = status});
  }

 private:
  std::vector<SinkElement>& elements_;
  std::unique_ptr<engine::StatusWatermarkValve> valve_;
};

SinkOutputs::SinkOutputs(const JobGraph& plan, const RunOptions& options, RunResult& result)
    : options_(options), result_(result) {
  sinks_of_node_.resize(plan.nodes.size());
  for (size_t s = 0; s < plan.sinks.size(); ++s) {
    sinks_of_node_[plan.sinks[s].node].push_back(s);
    result.sinks.push_back(
        {plan.sinks[s].name, plan.nodes[plan.sinks[s].node].schema, {}, 0, {}, {}});
  }
  if (options.sink_elements) {
    for (size_t s = 0; s < plan.sinks.size(); ++s) {
      taps_.push_back(std::make_unique<SinkTap>(result.sinks[s].elements,
                                                plan.nodes[plan.sinks[s].node].parallelism));
    }
  }
}

SinkOutputs::~SinkOutputs() = default;

void SinkOutputs::Tap(NodeIndex node, uint32_t index, const StreamElement& element) {
  for (size_t sink : sinks_of_node_[node]) taps_[sink]->Take(index, element);
}

}  // namespace tidemark::sim::internal
