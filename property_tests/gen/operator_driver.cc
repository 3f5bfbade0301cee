#include "property_tests/gen/operator_driver.h"

#include <algorithm>

#include "property_tests/gen/window_gen.h"

namespace tidemark::props {

namespace {

using engine::Timestamp;

model::Interval ToInterval(const engine::TimeWindow& w) {
  return {w.start().millis(), w.end().millis()};
}

model::Admission ToAdmission(engine::WindowAdmission a) {
  switch (a) {
    case engine::WindowAdmission::kOnTime: return model::Admission::kOnTime;
    case engine::WindowAdmission::kWithinLateness: return model::Admission::kWithinLateness;
    case engine::WindowAdmission::kLate: return model::Admission::kLate;
  }
  return model::Admission::kLate;
}

model::Fate ToFate(engine::ElementOutcome o) {
  switch (o) {
    case engine::ElementOutcome::kAccepted: return model::Fate::kAccepted;
    case engine::ElementOutcome::kLateToSideOutput: return model::Fate::kLateToSideOutput;
    case engine::ElementOutcome::kDroppedLate: return model::Fate::kDroppedLate;
    case engine::ElementOutcome::kDiscarded: return model::Fate::kDiscarded;
  }
  return model::Fate::kDiscarded;
}

class Collector final : public engine::WindowOutput {
 public:
  explicit Collector(bool max_by) : max_by_(max_by) {}
  void EmitResult(engine::WindowResult r) override {
    const std::string key = r.keyed ? engine::FormatValue(r.key) : std::string();
    const bool late = r.kind == engine::FiringKind::kLate;
    if (max_by_) {  // the reduced record {k, v, i}, and the element count
      firings.push_back({key, ToInterval(r.window), static_cast<int64_t>(r.element_count), 0, late,
                         std::get<int64_t>(r.aggregates.at(1)),
                         std::get<int64_t>(r.aggregates.at(2))});
      return;
    }
    firings.push_back({key, ToInterval(r.window), std::get<int64_t>(r.aggregates.at(0)),
                       std::get<int64_t>(r.aggregates.at(1)), late, 0, 0});
  }
  void EmitLateRecord(const engine::Record&) override { ++late_records; }

  std::vector<model::Firing> firings;
  int late_records = 0;

 private:
  bool max_by_;
};

}  // namespace

EngineRun RunOperator(const model::WindowConfig& config, const std::vector<model::Step>& steps) {
  engine::WindowOperatorOptions options;
  options.assigner = MakeAssigner(config);
  options.allowed_lateness = engine::Duration::Millis(config.allowed_lateness_ms);
  options.late_data =
      config.late_output ? engine::LateDataMode::kSideOutput : engine::LateDataMode::kDrop;
  options.input_schema =
      engine::Schema({{"k", engine::ValueType::kString}, {"v", engine::ValueType::kInt}});
  if (config.max_by) {
    options.input_schema = engine::Schema({{"k", engine::ValueType::kString},
                                           {"v", engine::ValueType::kInt},
                                           {"i", engine::ValueType::kInt}});
    options.reduce = engine::ReduceOptions{.kind = engine::ReduceKind::kMaxBy,
                                           .schema = options.input_schema,
                                           .field = 1,
                                           .ties = engine::ReduceTies::kFirst,
                                           .fields = {}};
  } else {
    options.aggregates = {
        {.output_name = "n", .kind = engine::AggregateKind::kCount, .field = {}},
        {.output_name = "total", .kind = engine::AggregateKind::kSum, .field = 1}};
  }
  if (config.window_all) {
    options.key_field = std::nullopt;
  } else {
    options.key_field = 0;
  }
  engine::WindowOperator op(std::move(options));

  EngineRun run;
  engine::RecordId next_id = 0;
  for (const model::Step& step : steps) {
    Collector out(config.max_by);
    EngineStep result;
    if (step.kind == model::Step::Kind::kWatermark) {
      const Timestamp w = Timestamp::Millis(step.time_ms);
      if (w <= op.current_watermark()) {
        result.outcome.applied = false;
      } else {
        op.AdvanceWatermark(w, out);
      }
    } else {
      const auto id = static_cast<int64_t>(next_id);
      engine::Record record{.id = next_id++,
                            .timestamp = Timestamp::Millis(step.time_ms),
                            .values = {engine::Value(step.key), engine::Value(step.value)}};
      if (config.max_by) record.values.emplace_back(id);
      const engine::ElementDecision& d = op.ProcessElement(record, out);
      result.outcome.element.fate = ToFate(d.outcome);
      for (const engine::WindowDecision& w : d.windows) {
        result.outcome.element.windows.push_back(
            {ToInterval(w.assigned), ToInterval(w.window), ToAdmission(w.admission)});
      }
      std::sort(result.outcome.element.windows.begin(), result.outcome.element.windows.end());
    }
    std::sort(out.firings.begin(), out.firings.end());
    result.outcome.firings = std::move(out.firings);
    result.late_record_emitted = out.late_records > 0;
    run.steps.push_back(std::move(result));
  }
  run.late_dropped = op.num_late_records_dropped();
  return run;
}

std::vector<model::StepOutcome> RunModel(const model::WindowConfig& config,
                                         const std::vector<model::Step>& steps,
                                         model::ModelBug bug) {
  model::WindowModel m(config, bug);
  std::vector<model::StepOutcome> out;
  for (const model::Step& step : steps) out.push_back(m.Apply(step));
  return out;
}

}  // namespace tidemark::props
