#include "reports/story/empty_stream.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

namespace tidemark::reports {

using engine::Fate;
using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;

namespace {

using engine::FormatTimestamp;

// A node that emits tag `id` on a port it really emits to, other than `not`.
const PlannedNode* EmitterOf(const sim::JobPlan& plan, const std::string& id, NodeIndex not_node) {
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    if (n == not_node) continue;
    const PlannedNode& node = plan.nodes[n];
    for (size_t i = 0; i < node.side_outputs.size(); ++i) {
      const auto port = static_cast<engine::Port>(i + 1);
      if (node.side_outputs[i].id == id && !node.IsUnemittedPort(port)) return &node;
    }
  }
  return nullptr;
}

// The highest watermark below +inf any subtask of `node` reached (Min: none).
Timestamp HighestFiniteWatermark(const RunStory& story, NodeIndex node) {
  Timestamp highest = Timestamp::Min();
  for (const WatermarkLine& line : story.watermark_lines()) {
    if (line.node != node) continue;
    for (size_t s : line.steps) {
      const Timestamp w = story.result().schedule[s].watermark;
      if (!w.is_max()) highest = std::max(highest, w);
    }
  }
  return highest;
}

// The window's late output: the record every window of which came nearest
// to its cleanup time, and by how much.
std::string ClosestCall(const RunStory& story, NodeIndex window) {
  const sim::WindowDecisionRecord* closest = nullptr;
  int64_t margin = 0;
  Timestamp cleanup;
  for (const sim::WindowDecisionRecord& d : story.result().window_decisions) {
    if (d.node != window || d.decision.outcome != engine::ElementOutcome::kAccepted) continue;
    if (d.decision.watermark.is_min()) continue;
    // Late only when every window is: the newest window's cleanup decides.
    Timestamp latest = Timestamp::Min();
    for (const engine::WindowDecision& w : d.decision.windows)
      latest = std::max(latest, w.cleanup_time);
    if (latest.is_max()) continue;
    const int64_t m = latest.millis() - d.decision.watermark.millis();
    if (closest == nullptr || m < margin) {
      closest = &d;
      margin = m;
      cleanup = latest;
    }
  }
  if (closest == nullptr || story.Find(closest->decision.record_id) == nullptr) return "";
  return fmt::format(
      " The closest call: {} (ts {}) met watermark {} with its window's cleanup time at {}: "
      "{}ms more of watermark would have made it late.",
      story.RecordName(closest->decision.record_id), FormatTimestamp(closest->decision.timestamp),
      FormatTimestamp(closest->decision.watermark), FormatTimestamp(cleanup), margin);
}

}  // namespace

std::string WhyEmpty(const RunStory& story, NodeIndex node) {
  const sim::JobPlan& plan = story.plan();
  const PlannedNode& n = plan.nodes[node];
  if (n.kind != PlannedNode::Kind::kSideOutput || n.inputs.size() != 1) return "";
  const NodeIndex from = n.inputs[0].node;
  const engine::Port port = n.inputs[0].port;
  const PlannedNode& upstream = plan.nodes[from];
  const std::string tag = upstream.side_outputs[port - 1].id;
  const sim::RunResult& result = story.result();
  if (result.ledger.Count(from, Fate::kLateToTag, port) > 0 ||
      result.ledger.Count(from, Fate::kRoutedToTag, port) > 0) {
    return "";
  }
  const std::string head = fmt::format("'{}' is empty: it takes side output '{}' of '{}', and ",
                                       n.name, tag, upstream.name);
  if (upstream.IsUnemittedPort(port)) {
    if (const PlannedNode* emitter = EmitterOf(plan, tag, from)) {
      return head + fmt::format(
                        "'{}' never emits it: the tag is taken from the wrong stream. "
                        "'{}' emits '{}' (side outputs are not forwarded downstream, "
                        "§7.2): write 'from: {}'.",
                        upstream.name, emitter->name, tag, emitter->name);
    }
    return head + fmt::format(
                      "nobody emits it: no rule of any stream sends a record to '{}', "
                      "and no window has it as its late_output.",
                      tag);
  }
  const bool window = upstream.kind == PlannedNode::Kind::kWindow;
  const bool late_tag =
      window && port == 1 && upstream.window->late_data == engine::LateDataMode::kSideOutput;
  if (window && !late_tag) {
    // A window function's tag: emitted only when the window fires (§11.3).
    size_t firings = 0;
    for (const sim::FiringRecord& f : result.firings) firings += f.node == from;
    if (firings == 0) {
      return head + fmt::format("the window of '{}' never fired, so its function never ran.{}",
                                upstream.name,
                                result.pending.empty() ? ""
                                                       : " Its windows are still pending at the "
                                                         "end of the run (below).");
    }
    return head + fmt::format("no firing of '{}' routed a result to it.", upstream.name);
  }
  if (late_tag) {
    const Timestamp highest = HighestFiniteWatermark(story, from);
    if (highest.is_min()) {
      return head + fmt::format(
                        "the watermark of '{}' never advanced (it stayed -inf until the "
                        "end{}), so no record could be late: a record is late only once "
                        "the watermark has passed its window's cleanup time (§1.2).",
                        upstream.name, result.pending.empty() ? ", then jumped to +inf" : "");
    }
    size_t firings = 0;
    for (const sim::FiringRecord& f : result.firings) firings += f.node == from;
    if (firings == 0) {
      return head + fmt::format(
                        "the window of '{}' never fired: its watermark reached only {}, "
                        "before any window's cleanup time, so no record was late.",
                        upstream.name, FormatTimestamp(highest));
    }
    return head + fmt::format(
                      "nothing was late: every record reached '{}' before its windows' "
                      "cleanup time (§1.2).{}",
                      upstream.name, ClosestCall(story, from));
  }
  return head + fmt::format("no record of '{}' matched a rule that emits it.", upstream.name);
}

}  // namespace tidemark::reports
