#include "reports/story/counterfactual.h"

#include <algorithm>

#include <fmt/format.h>

namespace tidemark::reports {

using engine::Duration;
using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;
using Strategy = sim::WatermarkPlan::Strategy;

namespace {

// The bound D every source reaching `node` shares (monotonous: 0), when all
// have one and nothing upstream fires on the watermark; else nullopt.
std::optional<Duration> SharedBound(const RunStory& story, NodeIndex node) {
  const sim::JobPlan& plan = story.plan();
  std::optional<Duration> bound;
  for (uint32_t s : story.SourcesReaching(node)) {
    const sim::WatermarkPlan& w = plan.sources[s].watermarks;
    if (plan.sources[s].script) return std::nullopt;
    Duration d = Duration::Zero();
    if (w.strategy == Strategy::kBoundedOutOfOrderness) {
      d = w.max_out_of_orderness;
    } else if (w.strategy != Strategy::kMonotonous) {
      return std::nullopt;
    }
    if (bound && *bound != d) return std::nullopt;
    bound = d;
  }
  for (const RecordStory& r : story.records()) {
    if (r.kind == sim::TraceRowKind::kWatermark) return std::nullopt;  // not shifted by D
  }
  // Windows and timers upstream fire on the watermark: shifting it would move
  // their outputs in processing time, and with them this node's inputs.
  std::vector<bool> upstream(plan.nodes.size(), false);
  upstream[node] = true;
  for (NodeIndex n = node + 1; n-- > 0;) {
    if (!upstream[n]) continue;
    for (const sim::NodeInput& in : plan.nodes[n].inputs) upstream[in.node] = true;
    const PlannedNode::Kind kind = plan.nodes[n].kind;
    if (n != node &&
        (kind == PlannedNode::Kind::kWindow || kind == PlannedNode::Kind::kKeyedProcess)) {
      return std::nullopt;
    }
  }
  return bound;
}

using engine::FormatTimestamp;

}  // namespace

std::optional<LateCounterfactual> LateCounterfactualOf(const RunStory& story,
                                                       const sim::WindowDecisionRecord& d) {
  const PlannedNode& node = story.plan().nodes[d.node];
  if (node.kind != PlannedNode::Kind::kWindow) return std::nullopt;
  const engine::WindowAssigner& assigner = *node.window->assigner;
  if (!assigner.IsEventTime() || assigner.IsMerging() || d.decision.windows.empty()) {
    return std::nullopt;
  }
  const Timestamp watermark = d.decision.watermark;
  if (watermark.is_min() || watermark.is_max()) return std::nullopt;
  bool on_time = false;
  Timestamp newest = Timestamp::Min();
  for (const engine::WindowDecision& w : d.decision.windows) {
    on_time |= w.admission == engine::WindowAdmission::kOnTime;
    newest = std::max(newest, w.window.max_timestamp());
  }
  const engine::ElementOutcome outcome = d.decision.outcome;
  const bool late = outcome == engine::ElementOutcome::kLateToSideOutput ||
                    outcome == engine::ElementOutcome::kDroppedLate;
  if (on_time || (!late && outcome != engine::ElementOutcome::kAccepted)) return std::nullopt;
  // W - M + 1: how far the watermark is past the newest window's max timestamp.
  const Duration past = Duration::Millis(watermark.millis() - newest.millis() + 1);
  LateCounterfactual c;
  if (late) c.allowed_lateness = past;
  if (auto bound = SharedBound(story, d.node)) {
    c.max_out_of_orderness = Duration::Millis(bound->millis() + past.millis());
  }
  if (!c.allowed_lateness && !c.max_out_of_orderness) return std::nullopt;
  return c;
}

std::string LateCounterfactualText(const LateCounterfactual& c) {
  std::vector<std::string> parts;
  if (c.max_out_of_orderness) {
    parts.push_back(
        fmt::format("on time with max_out_of_orderness >= {}ms", c.max_out_of_orderness->millis()));
  }
  if (c.allowed_lateness) {
    parts.push_back(
        fmt::format("a late firing with allowed_lateness >= {}ms", c.allowed_lateness->millis()));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

std::string PendingCounterfactualText(const sim::JobPlan& plan, const sim::PendingSubtask& pending,
                                      const engine::PendingWindow& window) {
  const sim::WindowPlan& w = *plan.nodes[pending.node].window;
  const engine::TriggerSpec trigger = w.trigger.value_or(w.assigner->DefaultTrigger());
  if (!w.assigner->IsEventTime() || trigger.kind != engine::TriggerKind::kEventTime ||
      window.fired || pending.chain.empty()) {
    return "";
  }
  const sim::WatermarkHold& bottom = pending.chain.back();
  const PlannedNode& source_node = plan.nodes[bottom.node];
  if (source_node.kind != PlannedNode::Kind::kSource || source_node.parallelism != 1) return "";
  // Exact only when this one source feeds the window.
  for (const PlannedNode& n : plan.nodes) {
    if (n.kind == PlannedNode::Kind::kSource && &n != &source_node) return "";
  }
  const sim::SourcePlan& source = plan.sources[source_node.source];
  Duration bound = Duration::Zero();
  if (source.watermarks.strategy == Strategy::kBoundedOutOfOrderness) {
    bound = source.watermarks.max_out_of_orderness;
  } else if (source.watermarks.strategy != Strategy::kMonotonous) {
    return "";
  }
  const Timestamp needed = window.window.max_timestamp();
  // Partitions below `needed`: with rows, and without any.
  std::vector<int32_t> low, empty;
  Timestamp others = Timestamp::Max();  // the minimum over partitions that had rows
  for (const sim::WatermarkHold::Partition& p : bottom.splits) {
    if (p.idle) continue;
    if (p.last_row.is_min()) {
      if (p.watermark < needed) empty.push_back(p.partition);
      continue;
    }
    others = std::min(others, p.watermark);
    if (p.watermark < needed) low.push_back(p.partition);
  }
  const std::string& name = source_node.name;
  if (low.empty() && !empty.empty() && !source.watermarks.idleness && !others.is_max()) {
    return fmt::format(
        "with idleness set on {}, partition{} {} (no rows at all) would stop "
        "holding it back and the watermark would reach {} >= {}",
        name, empty.size() == 1 ? "" : "s", fmt::join(empty, ", "), FormatTimestamp(others),
        FormatTimestamp(needed));
  }
  std::vector<int32_t> all = low;
  all.insert(all.end(), empty.begin(), empty.end());
  std::sort(all.begin(), all.end());
  if (all.empty()) return "";
  const Timestamp ts = needed + Duration::Millis(bound.millis() + 1);
  const std::string formula =
      bound.millis() == 0 ? std::string("ts - 1") : fmt::format("ts - {} - 1", bound.millis());
  if (all.size() == 1) {
    return fmt::format("it would fire with a row of ts >= {} on {} partition {} (watermark = {})",
                       FormatTimestamp(ts), name, all.front(), formula);
  }
  return fmt::format(
      "it would fire with a row of ts >= {} on each of {} partitions {} "
      "(watermark = {})",
      FormatTimestamp(ts), name, fmt::join(all, ", "), formula);
}

}  // namespace tidemark::reports
