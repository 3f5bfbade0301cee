#include "engine/windows/window_operator.h"

#include <map>
#include <set>
#include <type_traits>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/input_error.h"

namespace tidemark::engine {

namespace {
std::string FlinkWindowString(const TimeWindow& w) {
  if (w.is_global()) return "GlobalWindow";
  return fmt::format("TimeWindow{{start={}, end={}}}", w.start().millis(), w.end().millis());
}
}  // namespace

std::optional<std::string> WindowOperator::Validate(const WindowOperatorOptions& options) {
  TIDEMARK_CHECK(options.assigner != nullptr);
  TIDEMARK_CHECK(!options.key_field || *options.key_field < options.input_schema.size());
  if (options.allowed_lateness.millis() < 0) return "The allowed lateness cannot be negative.";
  const TriggerSpec trigger = options.trigger.value_or(options.assigner->DefaultTrigger());
  if (auto error = trigger.Validate()) return error;
  if (options.assigner->IsMerging() && !trigger.CanMerge()) {
    return "A merging window assigner cannot be used with a trigger that does not support "
           "merging.";
  }
  if (options.reduce) return Reducer::Validate(*options.reduce);
  return ValidateWindowAggregates(options.input_schema, options.aggregates);
}

WindowOperator::WindowOperator(WindowOperatorOptions options)
    : assigner_(std::move(options.assigner)),
      event_time_(assigner_->IsEventTime()),
      merging_(assigner_->IsMerging()),
      trigger_(options.trigger.value_or(assigner_->DefaultTrigger())),
      allowed_lateness_(options.allowed_lateness),
      late_data_(options.late_data),
      key_field_(options.key_field),
      aggregator_(options.reduce ? Aggregator(std::move(*options.reduce))
                                 : Aggregator(options.input_schema, std::move(options.aggregates))),
      track_unfired_(options.track_unfired_records) {
  TIDEMARK_CHECK(allowed_lateness_.millis() >= 0);
  TIDEMARK_CHECK(!merging_ || trigger_.spec().CanMerge());
}

WindowOperator::WindowOperator(const WindowOperator& other)
    : assigner_(other.assigner_->Clone()),
      event_time_(other.event_time_),
      merging_(other.merging_),
      trigger_(other.trigger_),
      allowed_lateness_(other.allowed_lateness_),
      late_data_(other.late_data_),
      key_field_(other.key_field_),
      aggregator_(other.aggregator_),
      track_unfired_(other.track_unfired_),
      keys_(other.keys_),
      key_states_(other.key_states_),
      timers_(other.timers_),
      num_late_records_dropped_(other.num_late_records_dropped_) {}

KeyId WindowOperator::InternKey(const Value& key) {
  if (keys_.use_count() == 1) return keys_->Intern(key);
  if (const std::optional<KeyId> known = keys_->Find(key)) return *known;
  if (keys_.use_count() > 1) keys_ = std::make_shared<KeyTable>(*keys_);
  return keys_->Intern(key);
}

WindowOperator::KeyState& WindowOperator::MutableKeyState(KeyId key) {
  std::shared_ptr<KeyState>& state = key_states_[key];
  if (state.use_count() > 1) state = std::make_shared<KeyState>(*state);
  return *state;
}

void WindowOperator::RestoreFrom(const WindowOperator& snapshot) {
  keys_ = snapshot.keys_;
  key_states_ = snapshot.key_states_;
  timers_ = snapshot.timers_;
  timers_.ResetWatermarkAfterRestore();
  unfired_owner_ = nullptr;
}

size_t WindowOperator::num_window_states() const {
  size_t n = 0;
  for (const auto& ks : key_states_) n += ks->windows.size();
  return n;
}

Timestamp WindowOperator::CleanupTime(const TimeWindow& w) const {
  const Timestamp max_ts = w.max_timestamp();
  if (!event_time_) return max_ts;
  const Timestamp cleanup = max_ts + allowed_lateness_;
  return cleanup >= max_ts ? cleanup : Timestamp::Max();
}

bool WindowOperator::IsElementLate(Timestamp t) const {
  // Plain wrapping addition, no overflow guard, as Flink's isElementLate.
  return event_time_ && t + allowed_lateness_ <= timers_.current_watermark();
}

WindowAdmission WindowOperator::Admission(const TimeWindow& w, Timestamp cleanup) const {
  if (event_time_ && cleanup <= timers_.current_watermark()) return WindowAdmission::kLate;
  if (!event_time_ || timers_.current_watermark() < w.max_timestamp()) {
    return WindowAdmission::kOnTime;
  }
  return WindowAdmission::kWithinLateness;
}

void WindowOperator::RegisterCleanupTimer(KeyId key, const TimeWindow& w, Timestamp cleanup,
                                          KnownTimers& known) {
  if (cleanup.is_max()) return;  // no GC timer for the end of time
  if (event_time_) {
    // Usually registered already: by the previous element, or (no allowed
    // lateness) as the trigger's timer a moment ago.
    if (known.Contains(cleanup)) return;
    timers_.RegisterEventTimeTimer(key, w, cleanup);
    known.Add(cleanup);
  } else {
    timers_.RegisterProcessingTimeTimer(key, w, cleanup);
  }
}

void WindowOperator::DeleteCleanupTimer(KeyId key, const TimeWindow& w, KnownTimers& known) {
  const Timestamp cleanup = CleanupTime(w);
  if (cleanup.is_max()) return;
  if (event_time_) {
    known.Forget(cleanup);
    timers_.DeleteEventTimeTimer(key, w, cleanup);
  } else {
    timers_.DeleteProcessingTimeTimer(key, w, cleanup);
  }
}

const ElementDecision& WindowOperator::ProcessElement(const Record& record, WindowOutput& out) {
  const KeyId key = InternKey(key_field_ ? record.values[*key_field_] : all_key_);
  if (key == key_states_.size()) key_states_.push_back(std::make_shared<KeyState>());
  KeyState& ks = MutableKeyState(key);

  decision_.record_id = record.id;
  decision_.timestamp = record.timestamp;
  decision_.watermark = timers_.current_watermark();
  decision_.processing_time = timers_.current_processing_time();
  decision_.windows.clear();
  assigned_.clear();
  assigner_->AssignWindows(record, record.timestamp, timers_.current_processing_time(), assigned_);

  unfired_owner_ = nullptr;
  joins_on_time_ = false;
  bool skipped = true;
  for (const TimeWindow& w : assigned_) {
    const bool accepted = merging_ ? AddToMergingWindow(key, ks, w, record, out)
                                   : AddToWindow(key, ks, w, record, out);
    if (accepted) skipped = false;
  }
  // §1.13: the window the record leaves first owns it until a firing carries
  // it: the smallest max timestamp among those that took it, which is the last
  // one taken (assigners give windows newest first; late ones come last).
  if (unfired_owner_ != nullptr && joins_on_time_) {
    ++unfired_owner_->unfired;
    if (track_unfired_) [[unlikely]]
      unfired_owner_->unfired_ids.push_back(record.id);
  }

  if (!skipped) {
    decision_.outcome = ElementOutcome::kAccepted;
  } else if (!IsElementLate(record.timestamp)) {
    decision_.outcome = ElementOutcome::kDiscarded;
  } else if (late_data_ == LateDataMode::kSideOutput) {
    decision_.outcome = ElementOutcome::kLateToSideOutput;
    out.EmitLateRecord(record);
  } else {
    decision_.outcome = ElementOutcome::kDroppedLate;
    ++num_late_records_dropped_;
  }
  return decision_;
}

// §1.3 steps 3a-g for one window of a non-merging assigner.
bool WindowOperator::AddToWindow(KeyId key, KeyState& ks, const TimeWindow& w, const Record& record,
                                 WindowOutput& out) {
  const Timestamp cleanup = CleanupTime(w);
  const WindowAdmission admission = Admission(w, cleanup);
  decision_.windows.push_back({w, w, cleanup, admission});
  if (admission == WindowAdmission::kLate) return false;

  const auto it = FindOrAddWindow(ks, w);
  WindowState& state = it->second;
  AddElement(state, record);
  if (admission == WindowAdmission::kOnTime) joins_on_time_ = true;
  TriggerContext ctx(timers_, key, w, state.known_event_timers);
  const TriggerResult result = trigger_.OnElement(record.timestamp, state.trigger, ctx);
  if (IsFire(result) && state.element_count > 0) {
    Emit(key, w, state, ElementFiringKind(w), out);
  }
  if (IsPurge(result)) ClearContents(state);
  // Fired or purged, the window no longer holds the record waiting (and a
  // purged, empty state may go below).
  unfired_owner_ = IsFire(result) || IsPurge(result) ? nullptr : &state;
  RegisterCleanupTimer(key, w, cleanup, state.known_event_timers);
  Prune(ks, it);
  return true;
}

// §1.4 for one window of a merging assigner.
bool WindowOperator::AddToMergingWindow(KeyId key, KeyState& ks, const TimeWindow& w,
                                        const Record& record, WindowOutput& out) {
  const TimeWindow actual = ks.merging.AddWindow(
      w, [&](const TimeWindow& result, std::span<const MergingWindowSet::Entry> merged) {
        MergeWindows(key, ks, result, merged);
      });
  const Timestamp cleanup = CleanupTime(actual);
  const WindowAdmission admission = Admission(actual, cleanup);
  decision_.windows.push_back({w, actual, cleanup, admission});
  if (admission == WindowAdmission::kLate) {
    ks.merging.RetireWindow(actual);
    return false;
  }

  const std::optional<TimeWindow> state_window = ks.merging.StateWindow(actual);
  TIDEMARK_CHECK(state_window.has_value());
  const auto contents_it = ks.windows.try_emplace(*state_window).first;
  AddElement(contents_it->second, record);
  if (admission == WindowAdmission::kOnTime) joins_on_time_ = true;
  const auto trigger_it = ks.windows.try_emplace(actual).first;
  WindowState& trigger_window = trigger_it->second;
  TriggerContext ctx(timers_, key, actual, trigger_window.known_event_timers);
  const TriggerResult result = trigger_.OnElement(record.timestamp, trigger_window.trigger, ctx);
  if (IsFire(result) && contents_it->second.element_count > 0) {
    Emit(key, actual, contents_it->second, ElementFiringKind(actual), out);
  }
  if (IsPurge(result)) ClearContents(contents_it->second);
  unfired_owner_ = IsFire(result) || IsPurge(result) ? nullptr : &contents_it->second;
  RegisterCleanupTimer(key, actual, cleanup, trigger_window.known_event_timers);
  if (trigger_it != contents_it) Prune(ks, trigger_it);
  Prune(ks, contents_it);
  return true;
}

// Flink's merge function (§1.4 step 1), called before the merging set changes.
void WindowOperator::MergeWindows(KeyId key, KeyState& ks, const TimeWindow& result,
                                  std::span<const MergingWindowSet::Entry> merged) {
  if (event_time_ && result.max_timestamp() + allowed_lateness_ <= timers_.current_watermark()) {
    throw InputError({},
                     fmt::format("The end timestamp of an event-time window cannot become "
                                 "earlier than the current watermark by merging. Current "
                                 "watermark: {} window: {}",
                                 timers_.current_watermark().millis(), FlinkWindowString(result)));
  }
  if (!event_time_ && result.max_timestamp() <= timers_.current_processing_time()) {
    throw InputError(
        {}, fmt::format("The end timestamp of a processing-time window cannot "
                        "become earlier than the current processing time by "
                        "merging. Current processing time: {} window: {}",
                        timers_.current_processing_time().millis(), FlinkWindowString(result)));
  }
  // Trigger state moves from the merged windows to the result window
  // (mergePartitionedState), then onMerge, then each merged window is cleared.
  const auto result_it = ks.windows.try_emplace(result).first;
  for (const auto& m : merged) {
    const auto it = ks.windows.find(m.window);
    if (it == ks.windows.end() || it == result_it) continue;
    result_it->second.trigger.MergeFrom(it->second.trigger);
    it->second.trigger = TriggerState{};
  }
  {
    TriggerContext ctx(timers_, key, result, result_it->second.known_event_timers);
    trigger_.OnMerge(result_it->second.trigger, ctx);
  }
  for (const auto& m : merged) {
    WindowState& state = ks.windows.try_emplace(m.window).first->second;
    TriggerContext ctx(timers_, key, m.window, state.known_event_timers);
    trigger_.Clear(state.trigger, ctx);
    DeleteCleanupTimer(key, m.window, state.known_event_timers);
  }
  // Contents of the other members' state windows fold into the first member's,
  // in ascending start order.
  const auto target_it = ks.windows.try_emplace(merged.front().state_window).first;
  for (const auto& m : merged.subspan(1)) {
    const auto it = ks.windows.find(m.state_window);
    if (it == ks.windows.end() || it == target_it) continue;
    aggregator_.Merge(target_it->second.accs, it->second.accs);
    WindowState& target = target_it->second;
    target.element_count += it->second.element_count;
    target.unfired += it->second.unfired;
    target.unfired_ids.insert(target.unfired_ids.end(), it->second.unfired_ids.begin(),
                              it->second.unfired_ids.end());
    target.fired = target.fired || it->second.fired;
    ClearContents(it->second);
  }
  for (const auto& m : merged) {
    Prune(ks, m.window);
    Prune(ks, m.state_window);
  }
  Prune(ks, result);
}

void WindowOperator::AdvanceWatermark(Timestamp watermark, WindowOutput& out) {
  timers_.AdvanceWatermark(watermark, [&](const Timer<TimeWindow>& timer) {
    OnTimer(timer, TimeDomain::kEventTime, out);
  });
}

void WindowOperator::AdvanceProcessingTime(Timestamp now, WindowOutput& out) {
  timers_.AdvanceProcessingTime(now, [&](const Timer<TimeWindow>& timer) {
    OnTimer(timer, TimeDomain::kProcessingTime, out);
  });
}

// §1.5 onEventTime / onProcessingTime: trigger first, then cleanup.
void WindowOperator::OnTimer(const Timer<TimeWindow>& timer, TimeDomain domain, WindowOutput& out) {
  KeyState& ks = MutableKeyState(timer.key);
  const TimeWindow& w = timer.ns;
  TimeWindow state_window = w;
  if (merging_) {
    const std::optional<TimeWindow> found = ks.merging.StateWindow(w);
    if (!found) {
      // Merged away or retired: the trigger is not called.
      if (domain == TimeDomain::kEventTime) {
        const auto it = ks.windows.find(w);
        if (it != ks.windows.end()) it->second.known_event_timers.Forget(timer.timestamp);
      }
      return;
    }
    state_window = *found;
  }
  const auto trigger_it = ks.windows.try_emplace(w).first;
  KnownTimers& known = trigger_it->second.known_event_timers;
  if (domain == TimeDomain::kEventTime) known.Forget(timer.timestamp);  // it fired
  TriggerContext ctx(timers_, timer.key, w, known);
  const TriggerResult result =
      domain == TimeDomain::kEventTime
          ? trigger_.OnEventTime(timer.timestamp, trigger_it->second.trigger, ctx)
          : trigger_.OnProcessingTime(timer.timestamp, trigger_it->second.trigger, ctx);
  const auto contents_it = ks.windows.try_emplace(state_window).first;
  if (IsFire(result) && contents_it->second.element_count > 0) {
    const Timestamp max_ts = w.max_timestamp();
    const FiringKind kind = timer.timestamp == max_ts  ? FiringKind::kOnTime
                            : timer.timestamp < max_ts ? FiringKind::kEarly
                                                       : FiringKind::kLate;
    Emit(timer.key, w, contents_it->second, kind, out);
  }
  if (IsPurge(result)) ClearContents(contents_it->second);
  const bool cleanup_domain = (domain == TimeDomain::kEventTime) == event_time_;
  if (cleanup_domain && timer.timestamp == CleanupTime(w)) {
    // clearAllState: contents, trigger state and timers, merging metadata.
    ClearContents(contents_it->second);
    trigger_.Clear(trigger_it->second.trigger, ctx);
    trigger_it->second.trigger = TriggerState{};
    if (merging_) ks.merging.RetireWindow(w);
  }
  if (trigger_it != contents_it) Prune(ks, trigger_it);
  Prune(ks, contents_it);
}

void WindowOperator::AddElement(WindowState& contents, const Record& record) const {
  aggregator_.Add(contents.accs, record);
  ++contents.element_count;
}

void WindowOperator::Emit(KeyId key, const TimeWindow& w, WindowState& contents, FiringKind kind,
                          WindowOutput& out) const {
  contents.unfired = 0;
  contents.unfired_ids.clear();
  contents.fired = true;
  out.EmitResult(WindowResult{
      .key = keys_->key(key),
      .keyed = key_field_.has_value(),
      .window = w,
      .aggregates = aggregator_.Results(contents.accs),
      .kind = kind,
      .timestamp = w.max_timestamp(),
      .element_count = contents.element_count,
  });
}

FiringKind WindowOperator::ElementFiringKind(const TimeWindow& w) const {
  const Timestamp clock =
      event_time_ ? timers_.current_watermark() : timers_.current_processing_time();
  return w.max_timestamp() <= clock ? FiringKind::kLate : FiringKind::kEarly;
}

void WindowOperator::ClearContents(WindowState& state) {
  state.element_count = 0;
  state.accs.clear();
  // Purged or cleaned up: gone, no longer waiting for a firing.
  state.unfired = 0;
  state.unfired_ids.clear();
}

std::vector<PendingWindow> WindowOperator::PendingWindows() const {
  struct Timers {
    std::vector<Timestamp> event, processing;
  };
  std::map<KeyId, std::map<TimeWindow, Timers>> timers;
  for (const auto& t : timers_.event_timers()) timers[t.key][t.ns].event.push_back(t.timestamp);
  for (const auto& t : timers_.processing_timers()) {
    timers[t.key][t.ns].processing.push_back(t.timestamp);
  }
  std::vector<PendingWindow> out;
  for (KeyId key = 0; key < key_states_.size(); ++key) {
    const KeyState& ks = *key_states_[key];
    // Visible windows: the ones triggers and timers see.
    std::set<TimeWindow> visible;
    if (merging_) {
      for (const MergingWindowSet::Entry& e : ks.merging.entries()) visible.insert(e.window);
    } else {
      for (const auto& entry : ks.windows) visible.insert(entry.first);
    }
    const auto key_timers = timers.find(key);
    if (key_timers != timers.end()) {
      for (const auto& entry : key_timers->second) visible.insert(entry.first);
    }
    for (const TimeWindow& w : visible) {
      PendingWindow p{.key = keys_->key(key),
                      .keyed = key_field_.has_value(),
                      .window = w,
                      .cleanup_time = CleanupTime(w)};
      bool trigger_state = false;
      if (const auto it = ks.windows.find(w); it != ks.windows.end()) {
        trigger_state = !it->second.trigger.empty();
      }
      TimeWindow state_window = w;
      if (merging_) {
        if (auto found = ks.merging.StateWindow(w)) state_window = *found;
      }
      if (const auto it = ks.windows.find(state_window); it != ks.windows.end()) {
        p.element_count = it->second.element_count;
        p.unfired = it->second.unfired;
        p.unfired_ids = it->second.unfired_ids;
        p.fired = it->second.fired;
      }
      if (key_timers != timers.end()) {
        if (const auto it = key_timers->second.find(w); it != key_timers->second.end()) {
          p.event_timers = it->second.event;
          p.processing_timers = it->second.processing;
        }
      }
      if (p.element_count == 0 && !trigger_state && p.event_timers.empty() &&
          p.processing_timers.empty()) {
        continue;
      }
      out.push_back(std::move(p));
    }
  }
  return out;
}

WindowOperator::WindowMap::iterator WindowOperator::FindOrAddWindow(KeyState& ks,
                                                                    const TimeWindow& w) {
  // last_window points into ks.windows: a KeyState copied for
  // copy-on-write starts without it (KeyState's copy constructor).
  if (ks.has_last_window && ks.last_window->first == w) return ks.last_window;
  ks.last_window = ks.windows.try_emplace(w).first;
  ks.has_last_window = true;
  return ks.last_window;
}

void WindowOperator::Prune(KeyState& ks, WindowMap::iterator it) {
  if (!it->second.empty()) return;
  if (ks.has_last_window && ks.last_window == it) ks.has_last_window = false;
  ks.windows.erase(it);
}

void WindowOperator::Prune(KeyState& ks, const TimeWindow& w) {
  const auto it = ks.windows.find(w);
  if (it != ks.windows.end()) Prune(ks, it);
}

}  // namespace tidemark::engine
