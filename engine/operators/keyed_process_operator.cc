#include "engine/operators/keyed_process_operator.h"

#include "engine/core/check.h"

namespace tidemark::engine {

void ProcessEffects::Clear() {
  rule.reset();
  ports.clear();
  timers.clear();
}

void KeyedProcessFunction::OnTimer(Timestamp timestamp, TimeDomain domain, OnTimerContext& ctx) {
  (void)timestamp;
  (void)domain;
  (void)ctx;
}

ProcessContext::ProcessContext(KeyedProcessOperator& op, KeyId key, const Stamps& stamps,
                               ProcessOutput& out, ProcessEffects& effects)
    : op_(&op),
      key_(key),
      timestamp_(stamps.context),
      main_timestamp_(stamps.main),
      side_timestamp_(stamps.side),
      id_(stamps.id),
      out_(&out),
      effects_(&effects) {}

const Value& ProcessContext::key() const { return op_->keys_.key(key_); }

void ProcessContext::Emit(Port port, Record record) {
  record.timestamp = port == kMainPort ? main_timestamp_ : side_timestamp_;
  record.id = id_;
  effects_->ports.push_back(port);
  out_->Emit(port, std::move(record));
}

void ProcessContext::RegisterEventTimeTimer(Timestamp t) {
  if (op_->timers_.RegisterEventTimeTimer(key_, {}, t)) {
    effects_->timers.push_back({TimerChangeKind::kRegistered, TimeDomain::kEventTime, t});
  }
}

void ProcessContext::DeleteEventTimeTimer(Timestamp t) {
  if (op_->timers_.DeleteEventTimeTimer(key_, {}, t)) {
    effects_->timers.push_back({TimerChangeKind::kDeleted, TimeDomain::kEventTime, t});
  }
}

void ProcessContext::RegisterProcessingTimeTimer(Timestamp t) {
  if (op_->timers_.RegisterProcessingTimeTimer(key_, {}, t)) {
    effects_->timers.push_back({TimerChangeKind::kRegistered, TimeDomain::kProcessingTime, t});
  }
}

void ProcessContext::DeleteProcessingTimeTimer(Timestamp t) {
  if (op_->timers_.DeleteProcessingTimeTimer(key_, {}, t)) {
    effects_->timers.push_back({TimerChangeKind::kDeleted, TimeDomain::kProcessingTime, t});
  }
}

Timestamp ProcessContext::current_watermark() const { return op_->timers_.current_watermark(); }

Timestamp ProcessContext::current_processing_time() const {
  return op_->timers_.current_processing_time();
}

std::optional<Record>& ProcessContext::value_state() { return op_->value_states_[key_]; }

KeyedProcessOperator::KeyedProcessOperator(KeyedProcessOptions options)
    : key_field_(options.key_field), function_(std::move(options.function)) {
  TIDEMARK_CHECK(function_ != nullptr);
}

KeyedProcessOperator::KeyedProcessOperator(const KeyedProcessOperator& other)
    : key_field_(other.key_field_),
      function_(other.function_->Clone()),
      keys_(other.keys_),
      value_states_(other.value_states_),
      timers_(other.timers_) {}

void KeyedProcessOperator::RestoreFrom(const KeyedProcessOperator& snapshot) {
  function_ = snapshot.function_->Clone();
  keys_ = snapshot.keys_;
  value_states_ = snapshot.value_states_;
  timers_ = snapshot.timers_;
  timers_.ResetWatermarkAfterRestore();
}

const KeyedElementDecision& KeyedProcessOperator::ProcessElement(const Record& record,
                                                                 ProcessOutput& out) {
  TIDEMARK_CHECK(key_field_ < record.values.size());
  const KeyId key = keys_.Intern(record.values[key_field_]);
  if (key == value_states_.size()) value_states_.emplace_back();

  decision_.record_id = record.id;
  decision_.timestamp = record.timestamp;
  decision_.watermark = timers_.current_watermark();
  decision_.processing_time = timers_.current_processing_time();
  decision_.key = key;
  decision_.effects.Clear();
  // §7.4: main and side outputs both carry the element's timestamp.
  const ProcessContext::Stamps stamps{.context = record.timestamp,
                                      .main = record.timestamp,
                                      .side = record.timestamp,
                                      .id = record.id};
  ProcessContext ctx(*this, key, stamps, out, decision_.effects);
  function_->ProcessElement(record, ctx);
  return decision_;
}

void KeyedProcessOperator::AdvanceWatermark(Timestamp watermark, ProcessOutput& out) {
  timers_.AdvanceWatermark(watermark, [&](const Timer<VoidNamespace>& timer) {
    FireTimer(timer, TimeDomain::kEventTime, out);
  });
}

void KeyedProcessOperator::AdvanceProcessingTime(Timestamp now, ProcessOutput& out) {
  timers_.AdvanceProcessingTime(now, [&](const Timer<VoidNamespace>& timer) {
    FireTimer(timer, TimeDomain::kProcessingTime, out);
  });
}

void KeyedProcessOperator::FireTimer(const Timer<VoidNamespace>& timer, TimeDomain domain,
                                     ProcessOutput& out) {
  firing_.key = timer.key;
  firing_.timestamp = timer.timestamp;
  firing_.domain = domain;
  firing_.watermark = timers_.current_watermark();
  firing_.processing_time = timers_.current_processing_time();
  firing_.effects.Clear();
  // §7.4: an event-time timer stamps every output with its timestamp; a
  // processing-time timer erases the main output's and stamps side outputs.
  const bool event_time = domain == TimeDomain::kEventTime;
  const ProcessContext::Stamps stamps{.context = timer.timestamp,
                                      .main = event_time ? timer.timestamp : Timestamp::Min(),
                                      .side = timer.timestamp,
                                      .id = kNoRecordId};
  OnTimerContext ctx(*this, timer.key, stamps, out, firing_.effects, domain);
  function_->OnTimer(timer.timestamp, domain, ctx);
  out.TimerFired(firing_);
}

}  // namespace tidemark::engine
