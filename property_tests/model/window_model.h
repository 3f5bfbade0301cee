// WindowModel: the reference model of ONE keyed window operator with the
// default event-time trigger, written from §1.2-1.4, 1.7,
// 1.10 and §3.1-3.7 alone, as the oracle for the late-routing properties.
//
// It is deliberately naive and shares no code with engine/: times are plain
// int64 milliseconds (generators keep them far from overflow), windows are
// (start, end) pairs, every key's windows live in a flat vector, every
// watermark scans everything, and sessions merge by "absorb every session the
// new window touches" instead of Flink's sort-and-sweep MergingWindowSet.
//
// Fed a sequence of element and watermark steps it says, for every element,
// which windows it was assigned (and, for sessions, merged into), whether each
// admitted it on time, within allowed lateness or not at all, and the
// element's fate; and which results (key, window, count, sum, on time or late)
// each step fired. Watermarks that do not increase are ignored, as the
// StatusWatermarkValve would never forward them (§5.1).
//
// A ModelBug makes a copy of the rules wrong on purpose, so the mutation tests
// can show that the properties notice.
#ifndef TIDEMARK_PROPERTY_TESTS_MODEL_WINDOW_MODEL_H_
#define TIDEMARK_PROPERTY_TESTS_MODEL_WINDOW_MODEL_H_

#include <compare>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace tidemark::props::model {

enum class WindowKind { kTumbling, kSliding, kSession };

struct WindowConfig {
  WindowKind kind = WindowKind::kTumbling;
  int64_t size_ms = 10;   // tumbling, sliding
  int64_t slide_ms = 10;  // sliding
  int64_t gap_ms = 10;    // session
  int64_t offset_ms = 0;  // tumbling: |offset| < size; sliding: |offset| < slide
  int64_t allowed_lateness_ms = 0;
  bool late_output = false;  // false: late elements are dropped and counted
  // windowAll (§11.1): one window per interval for all keys together; firings
  // name the key "".
  bool window_all = false;
  // The window reduces with maxBy(v), first on ties (§11.2), instead of
  // counting and summing: firings carry the winning element (its v and its
  // index among the elements) and the count, with sum 0. Not for sessions.
  bool max_by = false;
};

// Deliberate rule breaks, for the mutation tests only.
enum class ModelBug {
  kNone,
  kElementLateStrict,    // element late when t + AL < wm (should be <=)
  kWindowLateStrict,     // window late when cleanup < wm (should be <=)
  kNoLateFiring,         // an element within lateness does not re-fire its window
  kSessionsDoNotTouch,   // sessions merge only when they overlap, not when they touch
  kMergeFirstTouchOnly,  // a new session absorbs only the first live session it touches
  kWindowAllPerKey,      // windowAll keeps each key's windows apart
  kMaxByLastOnTies,      // maxBy keeps the newer element on a tie (should be the first)
};

struct Interval {
  int64_t start = 0;
  int64_t end = 0;
  int64_t max_timestamp() const { return end - 1; }
  auto operator<=>(const Interval&) const = default;
};

enum class Admission { kOnTime, kWithinLateness, kLate };
enum class Fate { kAccepted, kLateToSideOutput, kDroppedLate, kDiscarded };

struct WindowVerdict {
  Interval assigned;
  Interval window;  // after session merging; == assigned otherwise
  Admission admission = Admission::kOnTime;
  auto operator<=>(const WindowVerdict&) const = default;
};

struct ElementVerdict {
  Fate fate = Fate::kAccepted;
  std::vector<WindowVerdict> windows;  // sorted by (assigned, window)
  bool operator==(const ElementVerdict&) const = default;
};

struct Firing {
  std::string key;
  Interval window;
  int64_t count = 0;
  int64_t sum = 0;
  bool late = false;    // fired by an element within allowed lateness (not by the watermark)
  int64_t best_v = 0;   // max_by: v of the winning element
  int64_t best_id = 0;  // max_by: its index among the elements
  auto operator<=>(const Firing&) const = default;
};

struct Step {
  enum class Kind { kElement, kWatermark };
  Kind kind = Kind::kElement;
  std::string key;      // kElement
  int64_t time_ms = 0;  // element timestamp, or the watermark
  int64_t value = 0;    // kElement
};

// What one step did: the element's verdict (elements only) and the results it
// fired, sorted (results of one step are compared as a multiset).
struct StepOutcome {
  bool applied = true;  // false: a watermark that did not increase, ignored
  ElementVerdict element;
  std::vector<Firing> firings;
};

class WindowModel {
 public:
  explicit WindowModel(WindowConfig config, ModelBug bug = ModelBug::kNone)
      : config_(config), bug_(bug) {}

  StepOutcome Apply(const Step& step);
  int64_t watermark() const { return watermark_; }
  uint64_t late_dropped() const { return late_dropped_; }

  // The windows an element at `t` is assigned (before merging), sorted.
  std::vector<Interval> Assign(int64_t t) const;

 private:
  struct Window {
    std::string key;
    Interval interval;
    int64_t count = 0;
    int64_t sum = 0;
    int64_t best_v = 0;  // max_by
    int64_t best_id = 0;
  };

  Firing FiringOf(const Window& w, bool late) const;
  std::string KeyOf(const Step& step) const;

  StepOutcome ApplyElement(const Step& step);
  StepOutcome ApplyWatermark(int64_t w);
  int64_t CleanupTime(const Interval& w) const;
  bool WindowLate(const Interval& w) const;
  bool ElementLate(int64_t t) const;
  Admission AdmissionOf(const Interval& w) const;
  // Adds the element to (key, w), creating it; returns the window's index.
  size_t AddTo(const std::string& key, const Interval& w, int64_t value, int64_t id);
  // Session windows: merges [t, t + gap) with every live session of `key` it
  // touches; returns the merged interval without adding the element yet.
  Interval MergeSession(const std::string& key, const Interval& fresh);

  WindowConfig config_;
  ModelBug bug_;
  int64_t watermark_ = INT64_MIN;
  uint64_t late_dropped_ = 0;
  int64_t next_id_ = 0;          // index of the next element
  std::vector<Window> windows_;  // every live (key, window), unordered
};

// Floor division for any signs. REQUIRES: d > 0.
int64_t FloorDiv(int64_t n, int64_t d);

std::ostream& operator<<(std::ostream& os, const Interval& w);
std::ostream& operator<<(std::ostream& os, const Firing& f);
std::ostream& operator<<(std::ostream& os, const WindowVerdict& v);
std::ostream& operator<<(std::ostream& os, const ElementVerdict& v);
std::ostream& operator<<(std::ostream& os, Admission a);
std::ostream& operator<<(std::ostream& os, Fate f);

}  // namespace tidemark::props::model

#endif  // TIDEMARK_PROPERTY_TESTS_MODEL_WINDOW_MODEL_H_
