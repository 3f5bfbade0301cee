#include "reports/held_watermarks.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include <fmt/format.h>

namespace tidemark::reports {

using engine::Timestamp;
using sim::ScheduleStep;

namespace {

// What is known of one source subtask while its steps are read.
struct SubtaskState {
  int32_t holder = -1;                  // from the last output-watermark step
  Timestamp watermark = Timestamp::Min();
  std::optional<Timestamp> hold_start;  // of the holder's current hold
  uint64_t other_rows = 0;              // since hold_start
  std::map<int32_t, Timestamp> last_row;
};

}  // namespace

std::vector<HeldWatermark> FindHeldWatermarks(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  const sim::RunResult& result = story.result();
  std::map<std::pair<sim::NodeIndex, uint32_t>, SubtaskState> states;
  std::vector<HeldWatermark> found;
  auto close = [&](sim::NodeIndex node, uint32_t subtask, SubtaskState& s, Timestamp at,
                   bool until_end) {
    if (s.holder < 0 || !s.hold_start) return;
    const sim::SourcePlan& source = plan.sources[plan.nodes[node].source];
    const int64_t interval = std::max<int64_t>(1, source.watermarks.interval.millis());
    if (s.other_rows >= kMinOtherRows && (at - *s.hold_start).millis() >= kMinIntervals * interval) {
      found.push_back({.node = node,
                       .subtask = subtask,
                       .partition = s.holder,
                       .from = *s.hold_start,
                       .to = at,
                       .until_end = until_end,
                       .watermark = s.watermark,
                       .other_rows = s.other_rows});
    }
    s.hold_start.reset();
    s.other_rows = 0;
  };
  Timestamp end = Timestamp::Min();
  for (const ScheduleStep& step : result.schedule) {
    end = std::max(end, step.time);
    if (plan.nodes[step.node].kind != sim::PlannedNode::Kind::kSource) continue;
    SubtaskState& s = states[{step.node, step.subtask}];
    switch (step.kind) {
      case ScheduleStep::Kind::kArrival:
        s.last_row[step.partition] = step.time;
        if (step.partition == s.holder) {
          close(step.node, step.subtask, s, step.time, false);
          s.hold_start = step.time;  // it may hold again after this row
        } else if (s.hold_start) {
          ++s.other_rows;
        }
        break;
      case ScheduleStep::Kind::kOutputWatermark:
        if (step.watermark.is_max()) {
          close(step.node, step.subtask, s, step.time, true);  // the end of the input
          s.holder = -1;
        } else if (step.partition != s.holder) {
          close(step.node, step.subtask, s, step.time, false);
          s.holder = step.partition;
          if (s.holder >= 0) {
            const auto last = s.last_row.find(s.holder);
            s.hold_start = last == s.last_row.end() ? step.time : std::max(step.time, last->second);
          }
        }
        s.watermark = step.watermark;  // after closing: a hold reports the value it held
        break;
      default:
        break;
    }
  }
  for (auto& [where, s] : states) close(where.first, where.second, s, end, true);
  std::sort(found.begin(), found.end(), [](const HeldWatermark& a, const HeldWatermark& b) {
    return std::tie(a.node, a.subtask, a.from) < std::tie(b.node, b.subtask, b.from);
  });
  return found;
}

std::string HeldWatermarkText(const sim::JobPlan& plan, const HeldWatermark& held) {
  const sim::PlannedNode& node = plan.nodes[held.node];
  const sim::SourcePlan& source = plan.sources[node.source];
  const int64_t ms = (held.to - held.from).millis();
  std::string out = fmt::format(
      "{}[{}] partition {} held the watermark at {} from processing time {} to {} ({} ms) "
      "while its other partitions received {} row{}",
      node.name, held.subtask, held.partition, engine::FormatTimestamp(held.watermark),
      engine::FormatTimestamp(held.from),
      held.until_end ? fmt::format("the end, {}", engine::FormatTimestamp(held.to))
                     : engine::FormatTimestamp(held.to),
      ms, held.other_rows, held.other_rows == 1 ? "" : "s");
  // A timeout well inside the quiet stretch, in whole seconds where it can be.
  const int64_t suggest = ms >= 2000 ? ms / 2 / 1000 * 1000 : std::max<int64_t>(1, ms / 2);
  const std::string timeout = suggest % 1000 == 0 ? fmt::format("{}s", suggest / 1000)
                                                  : fmt::format("{}ms", suggest);
  if (!source.watermarks.idleness) {
    out += fmt::format("; add 'idleness: {}' to the watermarks of '{}' so that a partition "
                       "quiet for that long leaves the minimum (WatermarksWithIdleness)",
                       timeout, plan.spec.sources[node.source].name);
  } else {
    out += fmt::format("; its idleness of {} ms is longer than this quiet stretch: a shorter "
                       "timeout, such as 'idleness: {}', lets the other partitions move it on",
                       source.watermarks.idleness->millis(), timeout);
  }
  return out;
}

}  // namespace tidemark::reports
