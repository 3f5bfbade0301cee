#include "reports/story/idle_spans.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tidemark::reports {

using engine::Timestamp;
using sim::ScheduleStep;

Timestamp LastStepTime(const RunStory& story) {
  Timestamp last = Timestamp::Min();
  for (const ScheduleStep& s : story.result().schedule) last = std::max(last, s.time);
  return last;
}

std::vector<IdleSpan> FindIdleSpans(const RunStory& story) {
  using Where = std::tuple<sim::NodeIndex, uint32_t, int32_t>;
  std::map<Where, Timestamp> open;
  std::vector<IdleSpan> out;
  for (const ScheduleStep& s : story.result().schedule) {
    const bool partition = s.kind == ScheduleStep::Kind::kPartitionIdle ||
                           s.kind == ScheduleStep::Kind::kPartitionActive;
    const bool idle =
        s.kind == ScheduleStep::Kind::kIdle || s.kind == ScheduleStep::Kind::kPartitionIdle;
    const bool active =
        s.kind == ScheduleStep::Kind::kActive || s.kind == ScheduleStep::Kind::kPartitionActive;
    if (!idle && !active) continue;
    const Where where{s.node, s.subtask, partition ? s.partition : -1};
    if (idle) {
      open.try_emplace(where, s.time);  // a repeated idle step keeps the first
    } else if (auto it = open.find(where); it != open.end()) {
      out.push_back({.node = s.node,
                     .subtask = s.subtask,
                     .partition = std::get<2>(where),
                     .from = it->second,
                     .to = s.time,
                     .until_end = false});
      open.erase(it);
    }
  }
  const Timestamp end = LastStepTime(story);
  for (const auto& [where, from] : open) {
    out.push_back({.node = std::get<0>(where),
                   .subtask = std::get<1>(where),
                   .partition = std::get<2>(where),
                   .from = from,
                   .to = end,
                   .until_end = true});
  }
  std::stable_sort(out.begin(), out.end(), [](const IdleSpan& a, const IdleSpan& b) {
    return std::tie(a.node, a.subtask, a.partition, a.from) <
           std::tie(b.node, b.subtask, b.partition, b.from);
  });
  return out;
}

}  // namespace tidemark::reports
