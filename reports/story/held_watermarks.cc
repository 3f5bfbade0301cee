#include "reports/story/held_watermarks.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include <fmt/format.h>

namespace tidemark::reports {

using engine::Timestamp;
using sim::ScheduleStep;

namespace {

// A hold in progress at one place: a source subtask (its partitions), or an
// operator subtask (its input channels from source subtasks).
struct Hold {
  int64_t holder = -1;  // a partition, or an upstream subtask's key (SubtaskKey)
  Timestamp watermark = Timestamp::Min();
  std::optional<Timestamp> start;
  uint64_t other_rows = 0;
};

int64_t SubtaskKey(uint32_t node, uint32_t subtask) {
  return (static_cast<int64_t>(node) << 32) | subtask;
}

bool LongEnough(const sim::JobPlan& plan, sim::NodeIndex source_node, const Hold& hold,
                Timestamp at) {
  const sim::SourcePlan& source = plan.sources[plan.nodes[source_node].source];
  const int64_t interval = std::max<int64_t>(1, source.watermarks.interval.millis());
  return hold.other_rows >= kMinOtherRows &&
         (at - *hold.start).millis() >= kMinIntervals * interval;
}

}  // namespace

std::vector<HeldWatermark> FindHeldWatermarks(const RunStory& story) {
  const sim::JobPlan& plan = story.plan();
  const std::vector<ScheduleStep>& schedule = story.result().schedule;
  auto is_source = [&](uint32_t node) {
    return plan.nodes[node].kind == sim::PlannedNode::Kind::kSource;
  };
  // Operators with several inputs: two different source subtasks held them.
  std::map<int64_t, std::set<int64_t>> feeders;
  for (const ScheduleStep& step : schedule) {
    if (step.kind != ScheduleStep::Kind::kWatermark || step.held_by_node < 0) continue;
    if (!is_source(static_cast<uint32_t>(step.held_by_node))) continue;
    feeders[SubtaskKey(step.node, step.subtask)].insert(SubtaskKey(
        static_cast<uint32_t>(step.held_by_node), static_cast<uint32_t>(step.held_by_subtask)));
  }
  std::erase_if(feeders, [](const auto& f) { return f.second.size() < 2; });

  std::vector<HeldWatermark> partitions, channels;
  std::map<int64_t, Hold> source_holds, operator_holds;
  std::map<std::pair<int64_t, int32_t>, Timestamp> last_partition_row;
  std::map<int64_t, Timestamp> last_subtask_row;
  auto close_partition = [&](int64_t where, Hold& h, Timestamp at, bool until_end) {
    const auto node = static_cast<uint32_t>(where >> 32);
    if (h.holder >= 0 && h.start && LongEnough(plan, node, h, at)) {
      partitions.push_back({.node = node,
                            .subtask = static_cast<uint32_t>(where & 0xffffffff),
                            .partition = static_cast<int32_t>(h.holder),
                            .from = *h.start,
                            .to = at,
                            .until_end = until_end,
                            .watermark = h.watermark,
                            .other_rows = h.other_rows});
    }
    h.start.reset();
    h.other_rows = 0;
  };
  auto close_channel = [&](int64_t where, Hold& h, Timestamp at, bool until_end) {
    const auto source_node = static_cast<uint32_t>(h.holder >> 32);
    if (h.holder >= 0 && h.start && LongEnough(plan, source_node, h, at)) {
      channels.push_back({.node = source_node,
                          .subtask = static_cast<uint32_t>(h.holder & 0xffffffff),
                          .partition = -1,
                          .held_node = static_cast<uint32_t>(where >> 32),
                          .held_subtask = static_cast<uint32_t>(where & 0xffffffff),
                          .from = *h.start,
                          .to = at,
                          .until_end = until_end,
                          .watermark = h.watermark,
                          .other_rows = h.other_rows});
    }
    h.start.reset();
    h.other_rows = 0;
  };
  Timestamp end = Timestamp::Min();
  for (const ScheduleStep& step : schedule) {
    end = std::max(end, step.time);
    const int64_t where = SubtaskKey(step.node, step.subtask);
    if (step.kind == ScheduleStep::Kind::kArrival) {
      last_partition_row[{where, step.partition}] = step.time;
      last_subtask_row[where] = step.time;
      Hold& s = source_holds[where];
      if (step.partition == s.holder) {
        close_partition(where, s, step.time, false);
        s.start = step.time;  // it may hold again after this row
      } else if (s.start) {
        ++s.other_rows;
      }
      for (auto& [op, h] : operator_holds) {
        if (!feeders[op].count(where)) continue;
        if (h.holder == where) {
          close_channel(op, h, step.time, false);
          h.start = step.time;
        } else if (h.start) {
          ++h.other_rows;
        }
      }
    } else if (step.kind == ScheduleStep::Kind::kOutputWatermark) {
      Hold& s = source_holds[where];
      if (step.watermark.is_max()) {
        close_partition(where, s, step.time, true);  // the end of the input
        s.holder = -1;
      } else if (step.partition != s.holder) {
        close_partition(where, s, step.time, false);
        s.holder = step.partition;
        if (s.holder >= 0) {
          const auto last = last_partition_row.find({where, step.partition});
          s.start =
              last == last_partition_row.end() ? step.time : std::max(step.time, last->second);
        }
      }
      s.watermark = step.watermark;  // after closing: a hold reports the value it held
    } else if (step.kind == ScheduleStep::Kind::kWatermark && feeders.count(where)) {
      Hold& h = operator_holds[where];
      const int64_t holder =
          step.held_by_node >= 0 && is_source(static_cast<uint32_t>(step.held_by_node))
              ? SubtaskKey(static_cast<uint32_t>(step.held_by_node),
                           static_cast<uint32_t>(step.held_by_subtask))
              : -1;
      if (step.watermark.is_max()) {
        close_channel(where, h, step.time, true);
        h.holder = -1;
      } else if (holder != h.holder) {
        close_channel(where, h, step.time, false);
        h.holder = holder;
        if (holder >= 0) {
          const auto last = last_subtask_row.find(holder);
          h.start = last == last_subtask_row.end() ? step.time : std::max(step.time, last->second);
        }
      }
      h.watermark = step.watermark;
    }
  }
  for (auto& [where, h] : source_holds) close_partition(where, h, end, true);
  for (auto& [where, h] : operator_holds) close_channel(where, h, end, true);
  // A channel held by a source subtask that one of its partitions held at
  // the same time says the same thing again: the partition is the cause.
  std::erase_if(channels, [&](const HeldWatermark& c) {
    return std::any_of(partitions.begin(), partitions.end(), [&](const HeldWatermark& p) {
      return p.node == c.node && p.subtask == c.subtask && p.from < c.to && c.from < p.to;
    });
  });
  std::vector<HeldWatermark> found = std::move(partitions);
  found.insert(found.end(), channels.begin(), channels.end());
  std::sort(found.begin(), found.end(), [](const HeldWatermark& a, const HeldWatermark& b) {
    return std::tie(a.node, a.subtask, a.from, a.partition, a.held_node, a.held_subtask) <
           std::tie(b.node, b.subtask, b.from, b.partition, b.held_node, b.held_subtask);
  });
  return found;
}

std::string HeldWatermarkText(const sim::JobPlan& plan, const HeldWatermark& held) {
  const sim::PlannedNode& node = plan.nodes[held.node];
  const sim::SourcePlan& source = plan.sources[node.source];
  const int64_t ms = (held.to - held.from).millis();
  const std::string to = held.until_end
                             ? fmt::format("the end, {}", engine::FormatTimestamp(held.to))
                             : engine::FormatTimestamp(held.to);
  const std::string rows =
      fmt::format("{} row{}", held.other_rows, held.other_rows == 1 ? "" : "s");
  std::string out =
      held.partition >= 0
          ? fmt::format(
                "{}[{}] partition {} held the watermark at {} from processing time {} to {} "
                "({} ms) while its other partitions received {}",
                node.name, held.subtask, held.partition, engine::FormatTimestamp(held.watermark),
                engine::FormatTimestamp(held.from), to, ms, rows)
          : fmt::format(
                "{}[{}] held the watermark of {}[{}] at {} from processing time {} to {} "
                "({} ms), with no row of its own, while the other subtasks feeding it "
                "received {}",
                node.name, held.subtask, plan.nodes[held.held_node].name, held.held_subtask,
                engine::FormatTimestamp(held.watermark), engine::FormatTimestamp(held.from), to, ms,
                rows);
  // A timeout well inside the quiet stretch, in whole seconds where it can be.
  const int64_t suggest = ms >= 2000 ? ms / 2 / 1000 * 1000 : std::max<int64_t>(1, ms / 2);
  const std::string timeout =
      suggest % 1000 == 0 ? fmt::format("{}s", suggest / 1000) : fmt::format("{}ms", suggest);
  if (!source.watermarks.idleness) {
    out += fmt::format(
        "; add 'idleness: {}' to the watermarks of '{}' so that a partition "
        "quiet for that long leaves the minimum (WatermarksWithIdleness)",
        timeout, plan.sources[node.source].name());
  } else {
    out += fmt::format(
        "; its idleness of {} ms is longer than this quiet stretch: a shorter "
        "timeout, such as 'idleness: {}', lets the other partitions move it on",
        source.watermarks.idleness->millis(), timeout);
  }
  return out;
}

}  // namespace tidemark::reports
