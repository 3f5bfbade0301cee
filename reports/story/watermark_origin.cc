#include "reports/story/watermark_origin.h"

#include <optional>

#include <fmt/format.h>

namespace tidemark::reports {

using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;
using sim::ScheduleStep;
using Strategy = sim::WatermarkPlan::Strategy;

namespace {

using engine::FormatTimestamp;

// The last step of `kind` at (node, subtask) with watermark `w` at or before `time`.
std::optional<size_t> LastStep(const RunStory& story, ScheduleStep::Kind kind, NodeIndex node,
                               uint32_t subtask, Timestamp w, Timestamp time) {
  const auto& schedule = story.result().schedule;
  std::optional<size_t> found;
  for (size_t i = 0; i < schedule.size() && schedule[i].time <= time; ++i) {
    const ScheduleStep& s = schedule[i];
    if (s.kind == kind && s.node == node && s.subtask == subtask && s.watermark == w) found = i;
  }
  return found;
}

// The first row of the source subtask (and partition, when known) with event
// time `ts` that arrived at or before `time`.
const RecordStory* RowWith(const RunStory& story, const ScheduleStep& emitted, Timestamp ts) {
  const RecordStory* best = nullptr;
  const uint32_t source = static_cast<uint32_t>(story.plan().nodes[emitted.node].source);
  for (const RecordStory& r : story.records()) {
    if (r.source != source || r.kind != sim::TraceRowKind::kEvent || !r.arrived) continue;
    if (r.subtask != emitted.subtask || r.arrival > emitted.time || r.record.timestamp != ts)
      continue;
    if (emitted.partition >= 0 && r.partition != emitted.partition) continue;
    if (best == nullptr || r.arrival < best->arrival) best = &r;
  }
  return best;
}

}  // namespace

std::string WatermarkOrigin(const RunStory& story, const sim::WindowDecisionRecord& d) {
  return WatermarkOrigin(story, d.node, d.subtask, d.decision.watermark, d.time);
}

std::string WatermarkOrigin(const RunStory& story, NodeIndex node, uint32_t subtask, Timestamp w,
                            Timestamp time) {
  if (w.is_min() || w.is_max()) return "";
  const sim::JobPlan& plan = story.plan();
  // Down the chain of operator subtasks, each taking w from the input holding its minimum.
  std::vector<std::string> hops;
  while (plan.nodes[node].kind != PlannedNode::Kind::kSource) {
    const auto step = LastStep(story, ScheduleStep::Kind::kWatermark, node, subtask, w, time);
    if (!step) return "";
    const ScheduleStep& s = story.result().schedule[*step];
    if (s.held_by_node < 0) return "";
    const auto from_node = static_cast<NodeIndex>(s.held_by_node);
    const auto from_subtask = static_cast<uint32_t>(s.held_by_subtask);
    const int channels = story.InputChannels(node);
    hops.push_back(fmt::format("{} took it {} {} at {}", story.SubtaskName(node, subtask),
                               channels > 1 ? fmt::format("as the minimum over its {} input "
                                                          "channels, held by",
                                                          channels)
                                            : std::string("from"),
                               story.SubtaskName(from_node, from_subtask),
                               FormatTimestamp(s.time)));
    node = from_node;
    subtask = from_subtask;
    time = s.time;
  }
  const auto emitted_at =
      LastStep(story, ScheduleStep::Kind::kOutputWatermark, node, subtask, w, time);
  if (!emitted_at) return "";
  const ScheduleStep& emitted = story.result().schedule[*emitted_at];
  const sim::SourcePlan& source = plan.sources[plan.nodes[node].source];
  const std::string who = story.SubtaskName(node, subtask);
  std::string head;
  const Strategy strategy = source.watermarks.strategy;
  if (strategy == Strategy::kBoundedOutOfOrderness || strategy == Strategy::kMonotonous) {
    const int64_t bound =
        strategy == Strategy::kMonotonous ? 0 : source.watermarks.max_out_of_orderness.millis();
    const Timestamp ts = w + engine::Duration::Millis(bound + 1);
    const RecordStory* row = RowWith(story, emitted, ts);
    if (row == nullptr) return "";
    const std::string formula = bound == 0 ? fmt::format("{} - 1", FormatTimestamp(ts))
                                           : fmt::format("{} - {} - 1", FormatTimestamp(ts), bound);
    head = fmt::format(
        "{} (ts {}, arrived at {}) raised the highest timestamp of {}{} to {}: {} "
        "= {}, emitted on its periodic tick at {}",
        story.RecordName(*row), FormatTimestamp(ts), FormatTimestamp(row->arrival), who,
        emitted.partition >= 0 && source.partitions > 1
            ? fmt::format(" partition {}", emitted.partition)
            : std::string(),
        FormatTimestamp(ts), formula, FormatTimestamp(w), FormatTimestamp(emitted.time));
  } else {
    head = fmt::format("{} emitted it at {}", who, FormatTimestamp(emitted.time));
  }
  for (auto it = hops.rbegin(); it != hops.rend(); ++it) head += "; " + *it;
  return head;
}

}  // namespace tidemark::reports
