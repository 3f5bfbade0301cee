// KeyedProcessOperator: one subtask of Flink's KeyedProcessOperator — a
// KeyedProcessFunction on a keyed stream, with per-key event-time and
// processing-time timers and side outputs (§7.4, §7.6).
//
// The function sees each element with its key as the current key, and each
// due timer with the timer's key. Through its context it emits to the main
// output (port 0) or a side output (port k > 0, tag k-1), registers and
// deletes timers of the current key, reads the current watermark and
// processing time, and keeps one optional record of state per key.
//
// Output timestamps are the operator's, never the function's (§7.4,
// TimestampedCollector): while processing an element every output carries the
// element's timestamp (Min when it had none); in OnTimer an event-time timer
// stamps every output with the timer's timestamp, and a processing-time timer
// erases the main output's timestamp (Min) while side outputs carry the
// timer's timestamp. Outputs of an element keep its record id; timer outputs
// have none (kNoRecordId), since no element caused them.
//
// Timers (§7.6): one timer per (key, timestamp, domain). AdvanceWatermark sets
// the watermark first, then fires due event-time timers, re-reading the queue
// after each, so a timer registered in OnTimer at or before the watermark fires
// in the same advance, while one registered in ProcessElement waits for the
// next advance. Ties fire in key first-seen order (TimerService). The caller
// forwards the watermark downstream after AdvanceWatermark returns.
//
// Outputs go to a ProcessOutput synchronously, in emission order.
#ifndef TIDEMARK_ENGINE_KEYED_PROCESS_OPERATOR_H_
#define TIDEMARK_ENGINE_KEYED_PROCESS_OPERATOR_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/key_table.h"
#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/operators/router.h"
#include "engine/windows/timer_service.h"
#include "engine/windows/window_assigner.h"

namespace tidemark::engine {

class KeyedProcessOperator;

enum class TimerChangeKind { kRegistered, kDeleted };

// A timer the function added or removed (calls that changed nothing, such as
// registering an existing timer, are not listed).
struct TimerChange {
  TimerChangeKind kind = TimerChangeKind::kRegistered;
  TimeDomain domain = TimeDomain::kEventTime;
  Timestamp timestamp;
  bool operator==(const TimerChange&) const = default;
};

// What one call of the function did, for the ledger and `explain`.
struct ProcessEffects {
  // The rule that matched, for rule-based functions (see
  // ProcessContext::NoteRule); nullopt when none did or the function has no rules.
  std::optional<size_t> rule;
  std::vector<Port> ports;          // of each output, in emission order
  std::vector<TimerChange> timers;  // in call order
  void Clear();
};

struct KeyedElementDecision {
  RecordId record_id = kNoRecordId;
  Timestamp timestamp;        // the element's (Min: none)
  Timestamp watermark;        // the operator's when it processed the element
  Timestamp processing_time;  // likewise
  KeyId key = 0;
  ProcessEffects effects;
};

struct TimerFiring {
  KeyId key = 0;
  Timestamp timestamp;
  TimeDomain domain = TimeDomain::kEventTime;
  Timestamp watermark;        // already advanced, for event-time firings
  Timestamp processing_time;  // likewise, for processing-time firings
  ProcessEffects effects;     // of the OnTimer call
};

// Where the operator's outputs go; called synchronously, in emission order.
class ProcessOutput {
 public:
  virtual ~ProcessOutput() = default;
  // `record` already carries its output timestamp and record id.
  virtual void Emit(Port port, Record record) = 0;
  // After each OnTimer call, with what it did. The default ignores it, so
  // callers that keep no ledger pay nothing.
  virtual void TimerFired(const TimerFiring& firing) { (void)firing; }
};

// Flink's KeyedProcessFunction.Context and its TimerService, for the current
// key. Valid only during the call it is passed to.
class ProcessContext {
 public:
  ProcessContext(const ProcessContext&) = delete;
  ProcessContext& operator=(const ProcessContext&) = delete;

  const Value& key() const;
  // Dense id of the key (first-seen order), for functions keeping per-key
  // state in their own vectors.
  KeyId key_id() const { return key_; }
  // The element's timestamp (Min when it has none); in OnTimer, the timer's.
  Timestamp timestamp() const { return timestamp_; }

  void Emit(Record record) { Emit(kMainPort, std::move(record)); }
  // Port 0 is the main output (Flink's Collector), k > 0 side output k-1
  // (Context.output(tag, value)). The timestamp and id are set here (§7.4).
  void Emit(Port port, Record record);

  void RegisterEventTimeTimer(Timestamp t);
  void DeleteEventTimeTimer(Timestamp t);
  void RegisterProcessingTimeTimer(Timestamp t);
  void DeleteProcessingTimeTimer(Timestamp t);
  Timestamp current_watermark() const;
  Timestamp current_processing_time() const;

  // The key's state slot, empty until the function fills it.
  std::optional<Record>& value_state();

  // For rule-based functions: record which rule matched (see ProcessEffects).
  void NoteRule(size_t rule) { effects_->rule = rule; }

 protected:
  struct Stamps {
    Timestamp context;  // what timestamp() returns
    Timestamp main;     // of main outputs
    Timestamp side;     // of side outputs
    RecordId id;        // of every output
  };
  ProcessContext(KeyedProcessOperator& op, KeyId key, const Stamps& stamps, ProcessOutput& out,
                 ProcessEffects& effects);

 private:
  friend class KeyedProcessOperator;

  KeyedProcessOperator* op_;
  KeyId key_;
  Timestamp timestamp_;
  Timestamp main_timestamp_;
  Timestamp side_timestamp_;
  RecordId id_;
  ProcessOutput* out_;
  ProcessEffects* effects_;
};

// Flink's KeyedProcessFunction.OnTimerContext.
class OnTimerContext : public ProcessContext {
 public:
  TimeDomain time_domain() const { return domain_; }

 private:
  friend class KeyedProcessOperator;
  OnTimerContext(KeyedProcessOperator& op, KeyId key, const Stamps& stamps, ProcessOutput& out,
                 ProcessEffects& effects, TimeDomain domain)
      : ProcessContext(op, key, stamps, out, effects), domain_(domain) {}

  TimeDomain domain_;
};

class KeyedProcessFunction {
 public:
  using Context = ProcessContext;

  virtual ~KeyedProcessFunction() = default;
  // A copy with the function's state (a snapshot, see KeyedProcessOperator).
  virtual std::unique_ptr<KeyedProcessFunction> Clone() const = 0;
  virtual void ProcessElement(const Record& record, Context& ctx) = 0;
  // Called for each due timer of the key ctx.key(). The default does nothing.
  virtual void OnTimer(Timestamp timestamp, TimeDomain domain, OnTimerContext& ctx);
};

struct KeyedProcessOptions {
  size_t key_field = 0;  // index of the key in the input records
  std::unique_ptr<KeyedProcessFunction> function{};
};

class KeyedProcessOperator {
 public:
  // REQUIRES: options.function != nullptr.
  explicit KeyedProcessOperator(KeyedProcessOptions options);
  // A copy is a snapshot: every key's value state, the function's own state
  // and both kinds of timers (keyed state and the timer service, as Flink
  // snapshots them). RestoreFrom puts one back, with the watermark at Min
  // (TimerService::ResetWatermarkAfterRestore).
  KeyedProcessOperator(const KeyedProcessOperator& other);
  KeyedProcessOperator(KeyedProcessOperator&&) = default;
  KeyedProcessOperator& operator=(const KeyedProcessOperator&) = delete;
  void RestoreFrom(const KeyedProcessOperator& snapshot);

  // Runs the function on one element. The decision stays valid until the next
  // call. REQUIRES: the record has the key field.
  const KeyedElementDecision& ProcessElement(const Record& record, ProcessOutput& out);

  // Sets the watermark, then fires every event-time timer at or before it.
  void AdvanceWatermark(Timestamp watermark, ProcessOutput& out);
  // Sets the processing clock, then fires every processing-time timer at or
  // before it.
  void AdvanceProcessingTime(Timestamp now, ProcessOutput& out);

  Timestamp current_watermark() const { return timers_.current_watermark(); }
  Timestamp current_processing_time() const { return timers_.current_processing_time(); }
  const TimerService<VoidNamespace>& timers() const { return timers_; }
  const KeyTable& keys() const { return keys_; }
  const KeyedProcessFunction& function() const { return *function_; }

 private:
  friend class ProcessContext;

  void FireTimer(const Timer<VoidNamespace>& timer, TimeDomain domain, ProcessOutput& out);

  const size_t key_field_;
  std::unique_ptr<KeyedProcessFunction> function_;
  KeyTable keys_;
  std::vector<std::optional<Record>> value_states_;  // by KeyId
  TimerService<VoidNamespace> timers_;
  KeyedElementDecision decision_;  // reused per element
  TimerFiring firing_;             // reused per timer
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_KEYED_PROCESS_OPERATOR_H_
