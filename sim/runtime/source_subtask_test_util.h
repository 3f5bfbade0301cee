// Shared fixtures for the source subtask's tests: a recording output that
// spells each call ("R@ts" a record with timestamp ts, "W(t)" a watermark,
// "+inf" is Max, "IDLE" / "ACTIVE" a status), generator factories per
// strategy and rows of each kind.
#ifndef TIDEMARK_SIM_RUNTIME_SOURCE_SUBTASK_TEST_UTIL_H_
#define TIDEMARK_SIM_RUNTIME_SOURCE_SUBTASK_TEST_UTIL_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/time.h"
#include "engine/core/time_test_util.h"
#include "sim/runtime/source_subtask.h"

namespace tidemark::sim::testing {

using engine::Duration;
using engine::Timestamp;

using engine::testing::Ms;
using engine::testing::T;

class RecordingOutput final : public SourceOutput {
 public:
  void EmitRecord(engine::Record&& record) override {
    const engine::Record taken = std::move(record);  // as the runtime takes it
    Add("R@" + engine::FormatTimestamp(taken.timestamp));
    last_values_ = taken.values.size();
  }
  void EmitWatermark(Timestamp watermark) override {
    Add("W(" + engine::FormatTimestamp(watermark) + ")");
  }
  void EmitStatus(engine::WatermarkStatus status) override {
    Add(std::string(engine::StatusName(status)));
  }
  // Everything since the last Take, space-separated.
  std::string Take() {
    std::string taken;
    taken.swap(calls_);
    return taken;
  }
  // How many values the last emitted record had.
  size_t last_values() const { return last_values_; }

 private:
  void Add(const std::string& call) {
    if (!calls_.empty()) calls_ += ' ';
    calls_ += call;
  }
  std::string calls_;
  size_t last_values_ = 0;
};

inline GeneratorFactory Factory(WatermarkPlan::Strategy strategy, int64_t bound_ms = 0) {
  WatermarkPlan spec;
  spec.strategy = strategy;
  spec.max_out_of_orderness = Ms(bound_ms);
  // Punctuated: a record whose first value is true carries a watermark at its timestamp.
  engine::WatermarkExtractor extractor;
  if (strategy == WatermarkPlan::Strategy::kPunctuated) {
    extractor = [](const engine::Record& record, Timestamp ts) -> std::optional<Timestamp> {
      if (std::get<bool>(record.values.at(0))) return ts;
      return std::nullopt;
    };
  }
  return MakeGeneratorFactory(spec, extractor);
}

inline GeneratorFactory Bounded(int64_t bound_ms) {
  return Factory(WatermarkPlan::Strategy::kBoundedOutOfOrderness, bound_ms);
}
inline GeneratorFactory Monotonous() { return Factory(WatermarkPlan::Strategy::kMonotonous); }
inline GeneratorFactory Punctuated() { return Factory(WatermarkPlan::Strategy::kPunctuated); }
inline GeneratorFactory NoWatermarks() { return Factory(WatermarkPlan::Strategy::kNone); }

inline SourceSubtaskOptions Options(std::vector<int32_t> partitions, GeneratorFactory generator,
                                    int64_t interval_ms, std::optional<int64_t> idleness_ms = {}) {
  SourceSubtaskOptions options;
  options.source_name = "orders";
  options.topic = "orders";
  options.partitions = std::move(partitions);
  options.generator = std::move(generator);
  options.interval = Ms(interval_ms);
  if (idleness_ms) options.idleness = Ms(*idleness_ms);
  return options;
}

inline TraceRow Event(int64_t ts, bool carries_watermark = false) {
  TraceRow row;
  row.kind = TraceRowKind::kEvent;
  row.record.timestamp = T(ts);
  row.record.values = {engine::Value(carries_watermark)};
  return row;
}

inline TraceRow WatermarkRow(int64_t watermark) {
  TraceRow row;
  row.kind = TraceRowKind::kWatermark;
  row.watermark = T(watermark);
  return row;
}

inline TraceRow Mark(TraceRowKind kind) {
  TraceRow row;
  row.kind = kind;
  return row;
}

}  // namespace tidemark::sim::testing

#endif  // TIDEMARK_SIM_RUNTIME_SOURCE_SUBTASK_TEST_UTIL_H_
