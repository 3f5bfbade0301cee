// Test-only harness for WindowOperator, in the style of Flink's
// KeyedOneInputStreamOperatorTestHarness as used by WindowOperatorTest: input
// records (key: string, value: int) keyed by the key, an output log of
// results "R(...)@ts" and forwarded watermarks "W(t)", and the late side output.
//
// Flink's tests compare records emitted between two watermarks as a multiset;
// Normalized() sorts each such run so logs compare the same way.
#ifndef TIDEMARK_ENGINE_WINDOW_OPERATOR_HARNESS_H_
#define TIDEMARK_ENGINE_WINDOW_OPERATOR_HARNESS_H_

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/windows/tumbling_windows.h"
#include "engine/windows/window_operator.h"

namespace tidemark::engine::testing {

// Event-time tumbling windows of `size_ms`.
inline std::unique_ptr<WindowAssigner> Tumbling(int64_t size_ms) {
  return std::make_unique<TumblingWindows>(
      TumblingWindowOptions{.size = Duration::Millis(size_ms)});
}

inline Schema KeyValueSchema() {
  return Schema({{"key", ValueType::kString}, {"value", ValueType::kInt}});
}

// SUM of the vectors: sum(value).
inline std::vector<AggregateSpec> SumOfValue() {
  return {{.output_name = "sum", .kind = AggregateKind::kSum, .field = 1}};
}

// How results print: "R(key,sum)@ts" (SUM) or "R(key-sum,start,end)@ts" (SESSION-FN).
enum class ResultFormat { kSum, kSession };

inline std::string FormatTime(Timestamp t) {
  return t.is_max() ? "MAX" : fmt::format("{}", t.millis());
}

class WindowHarness : public WindowOutput {
 public:
  explicit WindowHarness(std::unique_ptr<WindowAssigner> assigner,
                         WindowOperatorOptions options = {},
                         ResultFormat format = ResultFormat::kSum)
      : format_(format), op_(Build(std::move(assigner), std::move(options))) {}

  const ElementDecision& E(const std::string& key, int64_t value, int64_t ts) {
    Record record{
        .id = next_id_++, .timestamp = Timestamp::Millis(ts), .values = {Value(key), Value(value)}};
    decisions_.push_back(op_.ProcessElement(record, *this));
    return decisions_.back();
  }
  void WM(int64_t t) {
    op_.AdvanceWatermark(Timestamp::Millis(t), *this);
    log_.push_back(fmt::format("W({})", FormatTime(Timestamp::Millis(t))));
  }
  void PT(int64_t t) { op_.AdvanceProcessingTime(Timestamp::Millis(t), *this); }

  void EmitResult(WindowResult result) override {
    const std::string value = FormatValue(result.aggregates.at(0));
    const std::string key = FormatValue(result.key);
    if (format_ == ResultFormat::kSum) {
      log_.push_back(fmt::format("R({},{})@{}", key, value, FormatTime(result.timestamp)));
    } else {
      log_.push_back(fmt::format("R({}-{},{},{})@{}", key, value, result.window.start().millis(),
                                 result.window.end().millis(), FormatTime(result.timestamp)));
    }
    results_.push_back(std::move(result));
  }
  void EmitLateRecord(const Record& record) override {
    late_.push_back(fmt::format("R({},{})@{}", FormatValue(record.values[0]),
                                FormatValue(record.values[1]), FormatTime(record.timestamp)));
  }

  // The log with each run of records between watermarks sorted.
  std::vector<std::string> Normalized() const { return Normalize(log_); }
  static std::vector<std::string> Normalize(std::vector<std::string> log) {
    auto run_start = log.begin();
    for (auto it = log.begin(); it != log.end(); ++it) {
      if (it->starts_with("W(")) {
        std::sort(run_start, it);
        run_start = it + 1;
      }
    }
    std::sort(run_start, log.end());
    return log;
  }

  WindowOperator& op() { return op_; }
  const std::vector<std::string>& log() const { return log_; }
  const std::vector<std::string>& late() const { return late_; }
  const std::vector<WindowResult>& results() const { return results_; }
  const std::vector<ElementDecision>& decisions() const { return decisions_; }

 private:
  static WindowOperator Build(std::unique_ptr<WindowAssigner> assigner,
                              WindowOperatorOptions options) {
    options.assigner = std::move(assigner);
    options.input_schema = KeyValueSchema();
    options.key_field = 0;
    if (options.aggregates.empty()) options.aggregates = SumOfValue();
    return WindowOperator(std::move(options));
  }

  ResultFormat format_;
  WindowOperator op_;
  RecordId next_id_ = 0;
  std::vector<std::string> log_;
  std::vector<std::string> late_;
  std::vector<WindowResult> results_;
  std::vector<ElementDecision> decisions_;
};

}  // namespace tidemark::engine::testing

#endif  // TIDEMARK_ENGINE_WINDOW_OPERATOR_HARNESS_H_
