// ValveModel: a naive model of Flink's StatusWatermarkValve (docs/semantics.md
// §5.1) — per channel a watermark, an idle flag and an aligned flag; the
// output recomputed by scanning every channel after each input; no heap, no
// counters. It is the oracle for the engine's StatusWatermarkValve.
#ifndef TIDEMARK_PROPERTY_TESTS_MODEL_VALVE_MODEL_H_
#define TIDEMARK_PROPERTY_TESTS_MODEL_VALVE_MODEL_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <vector>

namespace tidemark::props::model {

// What a valve emits: a watermark, or a status change.
struct ValveEvent {
  enum class Kind { kWatermark, kIdle, kActive };
  Kind kind = Kind::kWatermark;
  int64_t watermark = 0;
  bool operator==(const ValveEvent&) const = default;
};

std::ostream& operator<<(std::ostream& os, const ValveEvent& e);

class ValveModel {
 public:
  explicit ValveModel(int channels) : channels_(static_cast<size_t>(channels)) {}

  std::vector<ValveEvent> Watermark(int channel, int64_t watermark);
  std::vector<ValveEvent> Status(int channel, bool idle);

  // min over active, aligned channels; nullopt when none counts.
  std::optional<int64_t> MinOfActiveAligned() const;
  int64_t last_output() const { return last_output_; }

 private:
  struct Channel {
    int64_t watermark = INT64_MIN;
    bool idle = false;
    bool aligned = true;
  };
  void AdvanceToMin(std::vector<ValveEvent>& out);

  std::vector<Channel> channels_;
  int64_t last_output_ = INT64_MIN;
  bool idle_ = false;
};

}  // namespace tidemark::props::model

#endif  // TIDEMARK_PROPERTY_TESTS_MODEL_VALVE_MODEL_H_
