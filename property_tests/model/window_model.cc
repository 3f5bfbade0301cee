#include "property_tests/model/window_model.h"

#include <algorithm>

namespace tidemark::props::model {

int64_t FloorDiv(int64_t n, int64_t d) {
  int64_t q = n / d;
  if (n % d != 0 && n < 0) --q;  // C++ truncates toward zero
  return q;
}

std::vector<Interval> WindowModel::Assign(int64_t t) const {
  std::vector<Interval> out;
  switch (config_.kind) {
    case WindowKind::kTumbling: {
      // The one start = offset (mod size) with start <= t < start + size.
      const int64_t start =
          config_.offset_ms + FloorDiv(t - config_.offset_ms, config_.size_ms) * config_.size_ms;
      out.push_back({start, start + config_.size_ms});
      break;
    }
    case WindowKind::kSliding: {
      // Every start = offset (mod slide) with start <= t < start + size.
      const int64_t last =
          config_.offset_ms + FloorDiv(t - config_.offset_ms, config_.slide_ms) * config_.slide_ms;
      for (int64_t s = last; s + config_.size_ms > t; s -= config_.slide_ms) {
        out.push_back({s, s + config_.size_ms});
      }
      break;
    }
    case WindowKind::kSession: out.push_back({t, t + config_.gap_ms}); break;
  }
  std::sort(out.begin(), out.end());
  return out;
}

int64_t WindowModel::CleanupTime(const Interval& w) const {
  return w.max_timestamp() + config_.allowed_lateness_ms;
}

bool WindowModel::WindowLate(const Interval& w) const {
  if (bug_ == ModelBug::kWindowLateStrict) return CleanupTime(w) < watermark_;
  return CleanupTime(w) <= watermark_;
}

bool WindowModel::ElementLate(int64_t t) const {
  if (watermark_ == INT64_MIN) return false;  // nothing is behind "no watermark yet"
  if (bug_ == ModelBug::kElementLateStrict) return t + config_.allowed_lateness_ms < watermark_;
  return t + config_.allowed_lateness_ms <= watermark_;
}

Admission WindowModel::AdmissionOf(const Interval& w) const {
  if (WindowLate(w)) return Admission::kLate;
  if (watermark_ < w.max_timestamp()) return Admission::kOnTime;
  return Admission::kWithinLateness;
}

size_t WindowModel::AddTo(const std::string& key, const Interval& w, int64_t value, int64_t id) {
  for (size_t i = 0; i < windows_.size(); ++i) {
    Window& window = windows_[i];
    if (window.key == key && window.interval == w) {
      ++window.count;
      window.sum += value;
      // maxBy, first on ties: a later element wins only when strictly greater.
      const bool wins =
          bug_ == ModelBug::kMaxByLastOnTies ? value >= window.best_v : value > window.best_v;
      if (wins) {
        window.best_v = value;
        window.best_id = id;
      }
      return i;
    }
  }
  windows_.push_back({key, w, 1, value, value, id});
  return windows_.size() - 1;
}

std::string WindowModel::KeyOf(const Step& step) const {
  return config_.window_all && bug_ != ModelBug::kWindowAllPerKey ? std::string() : step.key;
}

// windowAll results have no key: they are named "" (also under
// kWindowAllPerKey, whose windows are nonetheless kept per key).
Firing WindowModel::FiringOf(const Window& w, bool late) const {
  const std::string key = config_.window_all ? std::string() : w.key;
  if (config_.max_by) return {key, w.interval, w.count, 0, late, w.best_v, w.best_id};
  return {key, w.interval, w.count, w.sum, late, 0, 0};
}

Interval WindowModel::MergeSession(const std::string& key, const Interval& fresh) {
  Interval cover = fresh;
  int64_t count = 0;
  int64_t sum = 0;
  bool merged = false;
  std::vector<Window> kept;
  for (Window& w : windows_) {
    const bool touches = bug_ == ModelBug::kSessionsDoNotTouch
                             ? w.interval.start < fresh.end && fresh.start < w.interval.end
                             : w.interval.start <= fresh.end && fresh.start <= w.interval.end;
    const bool absorb = touches && !(merged && bug_ == ModelBug::kMergeFirstTouchOnly);
    if (w.key == key && absorb) {
      cover.start = std::min(cover.start, w.interval.start);
      cover.end = std::max(cover.end, w.interval.end);
      count += w.count;
      sum += w.sum;
      merged = true;
    } else {
      kept.push_back(std::move(w));
    }
  }
  windows_ = std::move(kept);
  if (merged) windows_.push_back({key, cover, count, sum, 0, 0});
  return cover;
}

StepOutcome WindowModel::Apply(const Step& step) {
  if (step.kind == Step::Kind::kWatermark) return ApplyWatermark(step.time_ms);
  return ApplyElement(step);
}

StepOutcome WindowModel::ApplyElement(const Step& step) {
  StepOutcome out;
  const int64_t t = step.time_ms;
  const std::string key = KeyOf(step);
  const int64_t id = next_id_++;
  bool taken = false;
  for (const Interval& assigned : Assign(t)) {
    const Interval window =
        config_.kind == WindowKind::kSession ? MergeSession(key, assigned) : assigned;
    const Admission admission = AdmissionOf(window);
    out.element.windows.push_back({assigned, window, admission});
    if (admission == Admission::kLate) continue;
    taken = true;
    const Window& w = windows_[AddTo(key, window, step.value, id)];
    // A window whose max timestamp the watermark has passed fires at once with
    // everything it holds (§1.7).
    if (admission == Admission::kWithinLateness && bug_ != ModelBug::kNoLateFiring) {
      out.firings.push_back(FiringOf(w, /*late=*/true));
    }
  }
  if (taken) {
    out.element.fate = Fate::kAccepted;
  } else if (!ElementLate(t)) {
    out.element.fate = Fate::kDiscarded;
  } else if (config_.late_output) {
    out.element.fate = Fate::kLateToSideOutput;
  } else {
    out.element.fate = Fate::kDroppedLate;
    ++late_dropped_;
  }
  std::sort(out.element.windows.begin(), out.element.windows.end());
  std::sort(out.firings.begin(), out.firings.end());
  return out;
}

StepOutcome WindowModel::ApplyWatermark(int64_t w) {
  StepOutcome out;
  if (w <= watermark_) {
    out.applied = false;
    return out;
  }
  const int64_t previous = watermark_;
  watermark_ = w;
  std::vector<Window> kept;
  for (Window& window : windows_) {
    // The on-time firing: the watermark passes the max timestamp now. A window
    // first filled when its max timestamp was already passed fired at once
    // instead and has no timer.
    const int64_t max_ts = window.interval.max_timestamp();
    if (previous < max_ts && max_ts <= w) {
      out.firings.push_back(FiringOf(window, /*late=*/false));
    }
    if (CleanupTime(window.interval) > w) kept.push_back(std::move(window));
  }
  windows_ = std::move(kept);
  std::sort(out.firings.begin(), out.firings.end());
  return out;
}

std::ostream& operator<<(std::ostream& os, const Interval& w) {
  return os << "[" << w.start << ", " << w.end << ")";
}

std::ostream& operator<<(std::ostream& os, const Firing& f) {
  os << "R(" << f.key << " " << f.window << " n=" << f.count << " sum=" << f.sum;
  if (f.best_id != 0 || f.best_v != 0) os << " max_by=(v " << f.best_v << ", #" << f.best_id << ")";
  return os << (f.late ? " late" : " on_time") << ")";
}

std::ostream& operator<<(std::ostream& os, Admission a) {
  switch (a) {
    case Admission::kOnTime: return os << "on_time";
    case Admission::kWithinLateness: return os << "within_lateness";
    case Admission::kLate: return os << "late";
  }
  return os;
}

std::ostream& operator<<(std::ostream& os, Fate f) {
  switch (f) {
    case Fate::kAccepted: return os << "accepted";
    case Fate::kLateToSideOutput: return os << "late_to_side_output";
    case Fate::kDroppedLate: return os << "dropped_late";
    case Fate::kDiscarded: return os << "discarded";
  }
  return os;
}

std::ostream& operator<<(std::ostream& os, const WindowVerdict& v) {
  os << v.assigned;
  if (v.window != v.assigned) os << "->" << v.window;
  return os << ":" << v.admission;
}

std::ostream& operator<<(std::ostream& os, const ElementVerdict& v) {
  os << v.fate << " {";
  for (size_t i = 0; i < v.windows.size(); ++i) os << (i ? " " : "") << v.windows[i];
  return os << "}";
}

}  // namespace tidemark::props::model
