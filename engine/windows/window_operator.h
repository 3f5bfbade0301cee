// WindowOperator: one keyed window operator instance (one subtask), as
// Flink's WindowOperator (§1): assigner, trigger, allowed lateness, late side
// output, eagerly aggregated window contents.
//
// State: per key (interned to a KeyId, see KeyTable) the open windows, each
// holding its aggregate accumulators, element count and trigger state; for
// session windows also the key's MergingWindowSet. Memory grows with open
// windows and keys, never with the number of elements (collect aside).
//
// Lateness (§1.2): cleanup(w) = max_ts(w) + allowed lateness, saturating to
// Max (event time) or max_ts(w) (processing time); a window is late when
// cleanup(w) <= watermark; an element is late when t + allowed lateness <=
// watermark (wrapping, as Flink). Only an element that no window took and that
// is itself late goes to the side output or is dropped and counted.
//
// Ordering: results of one element come out in the assigner's window order
// (sliding: newest window first). An advance fires timers in ascending
// timestamp, then key first-seen order, then window order (TimerService);
// each firing is emitted at once. Timer callbacks run the trigger first, then
// cleanup (§1.5).
//
// Session merges combine contents into the state window of the earliest merged
// member, the others following in ascending start (§10.4).
#ifndef TIDEMARK_ENGINE_WINDOW_OPERATOR_H_
#define TIDEMARK_ENGINE_WINDOW_OPERATOR_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/key_table.h"
#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/windows/aggregator.h"
#include "engine/windows/element_decision.h"
#include "engine/windows/merging_window_set.h"
#include "engine/windows/pending_window.h"
#include "engine/windows/reducer.h"
#include "engine/windows/timer_service.h"
#include "engine/windows/trigger.h"
#include "engine/windows/window_assigner.h"
#include "engine/windows/window_result.h"

namespace tidemark::engine {

// What happens to elements every window of which is late (§1.3 step 4).
enum class LateDataMode {
  kDrop,        // discard and count in numLateRecordsDropped
  kSideOutput,  // emit the original record to the late-data side output
};

struct WindowOperatorOptions {
  std::unique_ptr<WindowAssigner> assigner{};
  std::optional<TriggerSpec> trigger{};  // nullopt: the assigner's default trigger
  Duration allowed_lateness = Duration::Zero();
  LateDataMode late_data = LateDataMode::kDrop;
  Schema input_schema{};
  // nullopt: windowAll, every element under one key (§11.1).
  std::optional<size_t> key_field = 0;
  std::vector<AggregateSpec> aggregates{};
  // Set: the window reduces its elements instead (§11.2); `aggregates` is empty.
  std::optional<ReduceOptions> reduce{};
  // Name, per window, the records no firing has carried yet (PendingWindow);
  // costs a vector push per element, so only detailed runs ask for it.
  bool track_unfired_records = false;
};

// Where the operator's outputs go. Both are called synchronously from
// ProcessElement / Advance*, in emission order.
class WindowOutput {
 public:
  virtual ~WindowOutput() = default;
  virtual void EmitResult(WindowResult result) = 0;
  // The original record, with its original timestamp.
  virtual void EmitLateRecord(const Record& record) = 0;
};

class WindowOperator {
 public:
  // Flink's message for invalid options ("The allowed lateness cannot be
  // negative.", "A merging window assigner cannot be used with a trigger that
  // does not support merging."), a trigger or aggregate error, or nullopt.
  static std::optional<std::string> Validate(const WindowOperatorOptions& options);

  // REQUIRES: !Validate(options).
  explicit WindowOperator(WindowOperatorOptions options);
  // A copy is a snapshot: every key's window contents, merging-window set,
  // trigger state and both kinds of timers, as Flink's keyed state backend
  // and timer service snapshot them (WindowOperator.open declares each as
  // keyed state). RestoreFrom puts a snapshot back in a fresh operator.
  WindowOperator(const WindowOperator& other);
  WindowOperator(WindowOperator&&) = default;
  WindowOperator& operator=(const WindowOperator&) = delete;

  // Puts `snapshot`'s state in place of this operator's; the watermark goes
  // back to Min, since no snapshot holds it (TimerService). The processing
  // clock is the snapshot's until the caller advances it, which fires the
  // processing-time timers that fell due meanwhile.
  void RestoreFrom(const WindowOperator& snapshot);

  // Processes one element. The returned decision stays valid until the next
  // call. Throws InputError (no location) with Flink's message for a record
  // without timestamp under an event-time tumbling/sliding assigner, or when a
  // session merge would end before the watermark (§1.4; only reachable when
  // max timestamp + allowed lateness overflows).
  const ElementDecision& ProcessElement(const Record& record, WindowOutput& out);

  // Sets the watermark and fires every event-time timer at or before it.
  void AdvanceWatermark(Timestamp watermark, WindowOutput& out);
  // Sets the processing clock and fires every processing-time timer at or
  // before it (also timers registered in the past at the same time).
  void AdvanceProcessingTime(Timestamp now, WindowOutput& out);

  Timestamp current_watermark() const { return timers_.current_watermark(); }
  Timestamp current_processing_time() const { return timers_.current_processing_time(); }
  uint64_t num_late_records_dropped() const { return num_late_records_dropped_; }
  // Windows holding contents or trigger state, over all keys.
  size_t num_window_states() const;
  // Every window still holding contents, trigger state or timers, by key
  // (first-seen order) then window: what a run's end leaves pending (§1.13).
  std::vector<PendingWindow> PendingWindows() const;
  const TimerService<TimeWindow>& timers() const { return timers_; }
  const KeyTable& keys() const { return *keys_; }

  // §1.2 cleanupTime(w).
  Timestamp CleanupTime(const TimeWindow& w) const;

 private:
  struct WindowState {
    uint64_t element_count = 0;  // contents exist (Flink: state != null) iff > 0
    Accumulators accs;
    TriggerState trigger;
    // Not state in Flink's sense, a memo: event-time timers of this window
    // known to be registered (see KnownTimers). Every removal of one of the
    // window's event-time timers forgets it: the trigger's deletions through
    // its TriggerContext, DeleteCleanupTimer, and OnTimer for a fired timer.
    KnownTimers known_event_timers;
    // §1.13: records this window owns that no firing has carried yet, and
    // whether it ever fired. unfired_ids only with track_unfired_records.
    uint64_t unfired = 0;
    bool fired = false;
    std::vector<RecordId> unfired_ids;
    bool empty() const { return element_count == 0 && trigger.empty(); }
  };
  using WindowMap = std::map<TimeWindow, WindowState>;
  struct KeyState {
    WindowMap windows;  // by namespace: visible windows (trigger) and state windows (contents)
    MergingWindowSet merging;
    // The entry the key's last element went to: most elements of a key go to
    // the window of the one before, and a comparison is cheaper than a walk
    // down the tree. Valid while has_last_window; Prune resets it on erase.
    WindowMap::iterator last_window{};
    bool has_last_window = false;

    KeyState() = default;
    // A copy's last_window would point into the original's map.
    KeyState(const KeyState& other) : windows(other.windows), merging(other.merging) {}
    KeyState& operator=(const KeyState& other) {
      windows = other.windows;
      merging = other.merging;
      has_last_window = false;
      return *this;
    }
    KeyState(KeyState&&) = default;  // map nodes move with their iterators
    KeyState& operator=(KeyState&&) = default;
  };

  bool IsElementLate(Timestamp t) const;
  // REQUIRES: cleanup == CleanupTime(w).
  WindowAdmission Admission(const TimeWindow& w, Timestamp cleanup) const;
  // The state of non-merging window w, added if absent.
  WindowMap::iterator FindOrAddWindow(KeyState& ks, const TimeWindow& w);
  // REQUIRES: cleanup == CleanupTime(w).
  void RegisterCleanupTimer(KeyId key, const TimeWindow& w, Timestamp cleanup, KnownTimers& known);
  void DeleteCleanupTimer(KeyId key, const TimeWindow& w, KnownTimers& known);

  // Both also note unfired_owner_ and joins_on_time_ (§1.13).
  bool AddToWindow(KeyId key, KeyState& ks, const TimeWindow& w, const Record& record,
                   WindowOutput& out);
  bool AddToMergingWindow(KeyId key, KeyState& ks, const TimeWindow& w, const Record& record,
                          WindowOutput& out);
  void MergeWindows(KeyId key, KeyState& ks, const TimeWindow& result,
                    std::span<const MergingWindowSet::Entry> merged);
  void OnTimer(const Timer<TimeWindow>& timer, TimeDomain domain, WindowOutput& out);

  void AddElement(WindowState& contents, const Record& record) const;
  // Also settles the contents' unfired records: a result carries them.
  void Emit(KeyId key, const TimeWindow& w, WindowState& contents, FiringKind kind,
            WindowOutput& out) const;
  FiringKind ElementFiringKind(const TimeWindow& w) const;
  static void ClearContents(WindowState& state);
  static void Prune(KeyState& ks, WindowMap::iterator it);
  static void Prune(KeyState& ks, const TimeWindow& w);

  std::unique_ptr<WindowAssigner> assigner_;
  const bool event_time_;
  const bool merging_;
  Trigger trigger_;
  const Duration allowed_lateness_;
  const LateDataMode late_data_;
  const std::optional<size_t> key_field_;
  const Value all_key_{};  // windowAll: NullByteKeySelector, one key for everything
  const Aggregator aggregator_;
  const bool track_unfired_;

  // The state of `key`, copied first if a snapshot shares it.
  KeyState& MutableKeyState(KeyId key);
  // `key`'s id; a new key copies the table first if a snapshot shares it.
  KeyId InternKey(const Value& key);

  // Append-only, and shared with snapshots like key_states_.
  std::shared_ptr<KeyTable> keys_ = std::make_shared<KeyTable>();
  // By KeyId. Shared with the copies a checkpoint takes (copy-on-write): a
  // snapshot copies pointers, and a key's state is copied only when it
  // changes while a snapshot still holds it (docs/checkpoints.md, "What a
  // snapshot holds").
  std::vector<std::shared_ptr<KeyState>> key_states_;
  TimerService<TimeWindow> timers_;
  uint64_t num_late_records_dropped_ = 0;

  std::vector<TimeWindow> assigned_;  // scratch, reused per element
  // Scratch per element (§1.13): whether it joins some window on time, and the
  // state of the last window that took it without firing or purging.
  bool joins_on_time_ = false;
  WindowState* unfired_owner_ = nullptr;
  ElementDecision decision_;  // reused per element
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WINDOW_OPERATOR_H_
