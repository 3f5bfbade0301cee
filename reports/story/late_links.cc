#include "reports/story/late_links.h"

#include <algorithm>
#include <cstdint>
#include <tuple>

#include <fmt/format.h>

namespace tidemark::reports {

using engine::ElementOutcome;
using engine::Timestamp;
using engine::WindowAdmission;
using sim::ScheduleStep;

namespace {

using engine::FormatTimestamp;

bool LateOutcome(ElementOutcome outcome) {
  return outcome == ElementOutcome::kLateToSideOutput || outcome == ElementOutcome::kDroppedLate;
}

bool Within(const sim::WindowDecisionRecord& d) {
  if (d.decision.outcome != ElementOutcome::kAccepted) return false;
  return std::any_of(d.decision.windows.begin(), d.decision.windows.end(),
                     [](const auto& w) { return w.admission == WindowAdmission::kWithinLateness; });
}

// The decision that made the record late: a late one first, else one within lateness.
std::optional<size_t> LateDecision(const RunStory& story, const RecordStory& r) {
  const auto& decisions = story.result().window_decisions;
  for (size_t d : r.decisions) {
    if (LateOutcome(decisions[d].decision.outcome)) return d;
  }
  for (size_t d : r.decisions) {
    if (Within(decisions[d])) return d;
  }
  return std::nullopt;
}

// Of the windows not on time, the one closing last: the record's last chance.
engine::WindowDecision LastChance(const engine::ElementDecision& decision) {
  const WindowAdmission wanted =
      LateOutcome(decision.outcome) ? WindowAdmission::kLate : WindowAdmission::kWithinLateness;
  const engine::WindowDecision* best = nullptr;
  for (const engine::WindowDecision& w : decision.windows) {
    if (w.admission != wanted) continue;
    if (best == nullptr ||
        std::tuple(w.cleanup_time, w.window) > std::tuple(best->cleanup_time, best->window)) {
      best = &w;
    }
  }
  return *best;
}

std::optional<size_t> StepReaching(const RunStory& story, const sim::WindowDecisionRecord& d,
                                   Timestamp threshold) {
  const auto& schedule = story.result().schedule;
  for (const WatermarkLine& line : story.watermark_lines()) {
    if (line.node != d.node || line.subtask != d.subtask) continue;
    for (size_t s : line.steps) {
      if (schedule[s].time > d.time) break;
      if (schedule[s].kind == ScheduleStep::Kind::kWatermark &&
          schedule[s].watermark >= threshold) {
        return s;
      }
    }
  }
  return std::nullopt;
}

bool Overlaps(const engine::TimeWindow& a, const engine::TimeWindow& b) {
  if (a.is_global() || b.is_global()) return a == b;
  return a.start() < b.end() && b.start() < a.end();
}

// The window's last firing for the record's key at the deciding subtask before
// the decision; a firing of an overlapping window (sessions merge) when none
// of the same window.
// Where firings and decisions sit in the schedule: at one processing time a
// window can fire on time, take a record within lateness and fire again, and
// only the order of their steps says which firing came before the record.
struct ScheduleOrder {
  std::vector<size_t> decision_step;  // per window decision: its record's step (SIZE_MAX: none)
  std::vector<size_t> firing_step;    // per firing: its kFiring step (SIZE_MAX: none)

  explicit ScheduleOrder(const RunStory& story)
      : decision_step(story.result().window_decisions.size(), SIZE_MAX),
        firing_step(story.result().firings.size(), SIZE_MAX) {
    const auto& schedule = story.result().schedule;
    for (size_t i = 0; i < schedule.size(); ++i) {
      for (size_t d : story.StepDecisions(i)) decision_step[d] = std::min(decision_step[d], i);
      if (schedule[i].kind == ScheduleStep::Kind::kFiring &&
          schedule[i].firing < firing_step.size()) {
        firing_step[schedule[i].firing] = i;
      }
    }
  }
  bool Before(const RunStory& story, size_t firing, size_t decision) const {
    if (firing_step[firing] != SIZE_MAX && decision_step[decision] != SIZE_MAX) {
      return firing_step[firing] < decision_step[decision];
    }
    return story.result().firings[firing].time <= story.result().window_decisions[decision].time;
  }
};

std::optional<size_t> MissedFiring(const RunStory& story, const ScheduleOrder& order,
                                   const RecordStory& r, size_t decision,
                                   const engine::TimeWindow& window) {
  const sim::WindowDecisionRecord& d = story.result().window_decisions[decision];
  const auto& firings = story.result().firings;
  const auto key_field = story.KeyFieldInSource(d.node, r.source);
  const bool keyed = story.plan().nodes[d.node].key_field.has_value();
  if (keyed && !key_field) return std::nullopt;  // the key cannot be read: any firing could be it
  std::optional<size_t> same, overlapping;
  for (size_t f = 0; f < firings.size(); ++f) {
    const sim::FiringRecord& firing = firings[f];
    if (firing.node != d.node || firing.subtask != d.subtask || !order.Before(story, f, decision)) {
      continue;
    }
    if (keyed && engine::CompareValues(firing.result.key, r.record.values[*key_field]) != 0)
      continue;
    if (firing.result.window == window) same = f;
    if (Overlaps(firing.result.window, window)) overlapping = f;
  }
  return same ? same : overlapping;
}

std::string LateFateText(const RunStory& story, const LateLink& link) {
  const sim::WindowDecisionRecord& d = story.result().window_decisions[link.decision];
  const sim::PlannedNode& node = story.plan().nodes[d.node];
  switch (d.decision.outcome) {
    case ElementOutcome::kLateToSideOutput:
      return node.side_outputs.empty()
                 ? std::string("is late and goes to the late output")
                 : fmt::format("is late and goes to '{}'", node.side_outputs.front().id);
    case ElementOutcome::kDroppedLate: return "is late and dropped";
    default: return "is late but within allowed lateness";
  }
}

// " for key sensor_1", or "" when the operator has no key or it cannot be read.
std::string KeyClause(const RunStory& story, const RecordStory& r,
                      const sim::WindowDecisionRecord& d) {
  if (!story.plan().nodes[d.node].key_field) return "";
  const auto field = story.KeyFieldInSource(d.node, r.source);
  return field ? " for key " + engine::FormatValue(r.record.values[*field]) : std::string();
}

}  // namespace

Timestamp LateThreshold(const LateLink& link) {
  return link.window.admission == WindowAdmission::kLate ? link.window.cleanup_time
                                                         : link.window.window.max_timestamp();
}

std::vector<LateLink> FindLateLinks(const RunStory& story) {
  std::vector<LateLink> out;
  const ScheduleOrder order(story);
  const auto& records = story.records();
  for (size_t i = 0; i < records.size(); ++i) {
    const RecordStory& r = records[i];
    if (r.kind != sim::TraceRowKind::kEvent) continue;
    const auto decision = LateDecision(story, r);
    if (!decision) continue;
    const sim::WindowDecisionRecord& d = story.result().window_decisions[*decision];
    LateLink link{.record = i, .decision = *decision, .window = LastChance(d.decision)};
    link.step = StepReaching(story, d, LateThreshold(link));
    link.firing = MissedFiring(story, order, r, *decision, link.window.window);
    out.push_back(std::move(link));
  }
  return out;
}

std::string LateLinkText(const RunStory& story, const LateLink& link) {
  const RecordStory& r = story.records()[link.record];
  const sim::WindowDecisionRecord& d = story.result().window_decisions[link.decision];
  const bool late = link.window.admission == WindowAdmission::kLate;
  std::string out = fmt::format("{} (ts {}, arrived at {}) {}", story.RecordName(r),
                                FormatTimestamp(r.record.timestamp), FormatTimestamp(r.arrival),
                                LateFateText(story, link));
  const std::string window = link.window.window.ToString();
  const std::string who = story.SubtaskName(d.node, d.subtask);
  if (link.step) {
    const ScheduleStep& s = story.result().schedule[*link.step];
    out +=
        fmt::format(": the watermark of {} rose to {} at {}, reaching window {}'s {} {}", who,
                    FormatTimestamp(s.watermark), FormatTimestamp(s.time), window,
                    late ? "cleanup time" : "max timestamp", FormatTimestamp(LateThreshold(link)));
  } else {
    out +=
        fmt::format(": the watermark of {} was {}, past window {}'s {} {}", who,
                    FormatTimestamp(d.decision.watermark), window,
                    late ? "cleanup time" : "max timestamp", FormatTimestamp(LateThreshold(link)));
  }
  const std::string key = KeyClause(story, r, d);
  if (link.firing) {
    const sim::FiringRecord& f = story.result().firings[*link.firing];
    out += fmt::format(
        "; the window fired{} at {} ({}, {} element{}), {} ms before the record "
        "reached {}",
        key, FormatTimestamp(f.time), engine::FiringKindName(f.result.kind), f.result.element_count,
        f.result.element_count == 1 ? "" : "s", (d.time - f.time).millis(), who);
    if (!late) out += "; it joins the window, which fires again";
  } else {
    out += fmt::format("; no firing of the window{} came before it", key);
  }
  return out + ".";
}

}  // namespace tidemark::reports
