#include "sim/runtime/subtask_operator.h"

#include "engine/core/check.h"
#include "engine/operators/keyed_process_operator.h"
#include "engine/operators/rolling_reduce_operator.h"
#include "engine/operators/rule_process_function.h"
#include "engine/windows/window_operator.h"

namespace tidemark::sim {

using engine::Fate;
using engine::Port;
using engine::Record;

namespace {

// Union and side-output selection: records pass as they are. In Flink these
// are not operators at all; here they are pass-through subtasks, which adds
// one more legal interleaving point and changes nothing else.
class PassThroughOperator final : public SubtaskOperator {
 public:
  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    ctx.Emit(engine::kMainPort, std::move(record));
  }
};

class FilterOperator final : public SubtaskOperator {
 public:
  explicit FilterOperator(const engine::Expression& condition) : condition_(condition) {}
  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    if (condition_.EvaluateCondition(record)) {
      ctx.Emit(engine::kMainPort, std::move(record));
    } else {
      ctx.Note(record.id, Fate::kFiltered);
    }
  }

 private:
  const engine::Expression& condition_;
};

class MapOperator final : public SubtaskOperator {
 public:
  explicit MapOperator(const std::vector<engine::Expression>& fields) : fields_(fields) {}
  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    Record out{.id = record.id, .timestamp = record.timestamp, .values = {}};
    out.values.reserve(fields_.size());
    for (const engine::Expression& e : fields_) out.values.push_back(e.Evaluate(record));
    ctx.Emit(engine::kMainPort, std::move(out));
  }

 private:
  const std::vector<engine::Expression>& fields_;
};

// flat_map: the input once per item of its list, with the item in place; an
// empty list (or null) emits nothing, which the ledger notes as filtered.
class FlatMapOperator final : public SubtaskOperator {
 public:
  explicit FlatMapOperator(const PlannedNode& node)
      : items_(*node.flat_map_items), field_(node.flat_map_field) {}
  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    engine::Value items = items_.Evaluate(record);
    const auto* list = std::get_if<engine::StringList>(&items);
    if (list == nullptr || list->empty()) {
      ctx.Note(record.id, Fate::kFiltered);
      return;
    }
    for (const std::string& item : *list) {
      Record out{.id = record.id, .timestamp = record.timestamp, .values = record.values};
      if (field_ == out.values.size()) {
        out.values.emplace_back(item);
      } else {
        out.values[field_] = item;
      }
      ctx.Emit(engine::kMainPort, std::move(out));
    }
  }

 private:
  const engine::Expression& items_;
  const size_t field_;
};

class RouterOperator final : public SubtaskOperator {
 public:
  explicit RouterOperator(const engine::Router& router) : router_(router) {}
  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    auto rule =
        router_.Route(record, [&](Port port, Record out) { ctx.Emit(port, std::move(out)); });
    if (!rule) ctx.Note(record.id, Fate::kUnrouted);
  }

 private:
  const engine::Router& router_;
};

// The window operator of one subtask. Results become records of the node's
// schema (key, window_start, window_end, aggregates, firing; a reduce's
// record as it is) stamped with the window's max timestamp; late records
// leave on port 1 as they came.
class WindowSubtaskOperator final : public SubtaskOperator, private engine::WindowOutput {
 public:
  WindowSubtaskOperator(const WindowPlan& plan, bool detailed)
      : operator_(Options(plan, detailed)), reduced_(plan.reduce.has_value()), plan_(plan) {}

  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    ctx_ = &ctx;
    const engine::ElementDecision& decision = operator_.ProcessElement(record, *this);
    // A record sent to the late output is noted by the runtime as it leaves.
    if (decision.outcome != engine::ElementOutcome::kLateToSideOutput) {
      ctx.Note(record.id, TerminalFate(decision));
    }
    if (ctx.detailed()) ctx.NoteWindowDecision(decision);
  }

  void AdvanceWatermark(engine::Timestamp watermark, OperatorContext& ctx) override {
    ctx_ = &ctx;
    operator_.AdvanceWatermark(watermark, *this);
  }

  void AdvanceProcessingTime(engine::Timestamp now, OperatorContext& ctx) override {
    ctx_ = &ctx;
    operator_.AdvanceProcessingTime(now, *this);
  }

  engine::Timestamp NextProcessingTimer() const override {
    return operator_.timers().next_processing_time();
  }
  std::vector<engine::PendingWindow> PendingWindows() const override {
    return operator_.PendingWindows();
  }
  engine::Timestamp CurrentWatermark() const override { return operator_.current_watermark(); }

  std::unique_ptr<SubtaskOperator> Snapshot() const override {
    return std::unique_ptr<SubtaskOperator>(new WindowSubtaskOperator(*this));
  }
  void RestoreFrom(const SubtaskOperator& snapshot) override {
    operator_.RestoreFrom(static_cast<const WindowSubtaskOperator&>(snapshot).operator_);
  }

 private:
  WindowSubtaskOperator(const WindowSubtaskOperator& other)
      : SubtaskOperator(),
        engine::WindowOutput(),
        operator_(other.operator_),
        reduced_(other.reduced_),
        plan_(other.plan_) {}

  static engine::WindowOperatorOptions Options(const WindowPlan& plan, bool detailed) {
    engine::WindowOperatorOptions options = plan.MakeOptions();
    options.track_unfired_records = detailed;
    return options;
  }
  static Fate TerminalFate(const engine::ElementDecision& decision) {
    switch (decision.outcome) {
      case engine::ElementOutcome::kAccepted: {
        for (const engine::WindowDecision& w : decision.windows) {
          if (w.admission == engine::WindowAdmission::kOnTime) return Fate::kInWindow;
        }
        return Fate::kInWindowLate;
      }
      case engine::ElementOutcome::kLateToSideOutput: return Fate::kLateToTag;
      case engine::ElementOutcome::kDroppedLate: return Fate::kDroppedLate;
      case engine::ElementOutcome::kDiscarded: return Fate::kDiscarded;
    }
    return Fate::kDiscarded;
  }

  void EmitResult(engine::WindowResult result) override {
    if (ctx_->detailed()) ctx_->NoteFiring(result);
    Record out{.id = engine::kNoRecordId,
               .timestamp = result.timestamp,
               .values = reduced_ ? std::move(result.aggregates) : result.ToValues()};
    if (!plan_.function) {
      ctx_->Emit(engine::kMainPort, std::move(out));
      return;
    }
    // The window function (§11.3): its rules read the record and the context.
    for (const WindowContextField field : plan_.function_context) {
      switch (field) {
        case WindowContextField::kKey: out.values.push_back(result.key); break;
        case WindowContextField::kWindowStart:
          out.values.emplace_back(result.window.start().millis());
          break;
        case WindowContextField::kWindowEnd:
          out.values.emplace_back(result.window.end().millis());
          break;
        case WindowContextField::kFiring:
          out.values.emplace_back(std::string(engine::FiringKindName(result.kind)));
          break;
        case WindowContextField::kCurrentWatermark:
          out.values.emplace_back(operator_.current_watermark().millis());
          break;
      }
    }
    plan_.function->Route(out,
                          [&](Port port, Record emitted) { ctx_->Emit(port, std::move(emitted)); });
  }

  void EmitLateRecord(const Record& record) override { ctx_->Emit(1, record); }

  engine::WindowOperator operator_;
  const bool reduced_;
  const WindowPlan& plan_;
  OperatorContext* ctx_ = nullptr;
};

// A rolling reduce of a keyed stream: one output per input (§11.2).
class RollingReduceSubtaskOperator final : public SubtaskOperator {
 public:
  explicit RollingReduceSubtaskOperator(const PlannedNode& node)
      : operator_(*node.key_field, *node.reduce) {}
  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    ctx.Emit(engine::kMainPort, operator_.ProcessElement(record));
  }
  std::unique_ptr<SubtaskOperator> Snapshot() const override {
    return std::make_unique<RollingReduceSubtaskOperator>(*this);
  }
  // The reduced record per key is all its state.
  void RestoreFrom(const SubtaskOperator& snapshot) override {
    operator_ = static_cast<const RollingReduceSubtaskOperator&>(snapshot).operator_;
  }

 private:
  engine::RollingReduceOperator operator_;
};

// A keyed process step with timers (RuleProcessFunction) on one subtask.
class KeyedProcessSubtaskOperator final : public SubtaskOperator, private engine::ProcessOutput {
 public:
  KeyedProcessSubtaskOperator(const PlannedNode& node)
      : operator_(
            {.key_field = *node.key_field,
             .function = std::make_unique<engine::RuleProcessFunction>(*node.keyed_process)}) {}

  void ProcessRecord(Record&& record, OperatorContext& ctx) override {
    ctx_ = &ctx;
    const engine::KeyedElementDecision& decision = operator_.ProcessElement(record, *this);
    if (!decision.effects.rule) ctx.Note(record.id, Fate::kUnrouted);
  }
  void AdvanceWatermark(engine::Timestamp watermark, OperatorContext& ctx) override {
    ctx_ = &ctx;
    operator_.AdvanceWatermark(watermark, *this);
  }
  void AdvanceProcessingTime(engine::Timestamp now, OperatorContext& ctx) override {
    ctx_ = &ctx;
    operator_.AdvanceProcessingTime(now, *this);
  }
  engine::Timestamp NextProcessingTimer() const override {
    return operator_.timers().next_processing_time();
  }
  std::unique_ptr<SubtaskOperator> Snapshot() const override {
    return std::unique_ptr<SubtaskOperator>(new KeyedProcessSubtaskOperator(*this));
  }
  void RestoreFrom(const SubtaskOperator& snapshot) override {
    operator_.RestoreFrom(static_cast<const KeyedProcessSubtaskOperator&>(snapshot).operator_);
  }

 private:
  KeyedProcessSubtaskOperator(const KeyedProcessSubtaskOperator& other)
      : SubtaskOperator(), engine::ProcessOutput(), operator_(other.operator_) {}

  void Emit(Port port, Record record) override { ctx_->Emit(port, std::move(record)); }

  engine::KeyedProcessOperator operator_;
  OperatorContext* ctx_ = nullptr;
};

}  // namespace

std::unique_ptr<SubtaskOperator> MakeSubtaskOperator(const PlannedNode& node, bool detailed) {
  switch (node.kind) {
    case PlannedNode::Kind::kSource: break;
    case PlannedNode::Kind::kUnion:
    case PlannedNode::Kind::kSideOutput: return std::make_unique<PassThroughOperator>();
    case PlannedNode::Kind::kFilter: return std::make_unique<FilterOperator>(*node.filter);
    case PlannedNode::Kind::kMap: return std::make_unique<MapOperator>(node.map);
    case PlannedNode::Kind::kProcess: return std::make_unique<RouterOperator>(*node.router);
    case PlannedNode::Kind::kWindow:
      return std::make_unique<WindowSubtaskOperator>(*node.window, detailed);
    case PlannedNode::Kind::kKeyedProcess:
      return std::make_unique<KeyedProcessSubtaskOperator>(node);
    case PlannedNode::Kind::kKeyedReduce:
      return std::make_unique<RollingReduceSubtaskOperator>(node);
    case PlannedNode::Kind::kFlatMap: return std::make_unique<FlatMapOperator>(node);
  }
  TIDEMARK_CHECK(false);
  return nullptr;
}

}  // namespace tidemark::sim
