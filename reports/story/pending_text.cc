#include "reports/story/pending_text.h"

#include <fmt/format.h>

#include "reports/story/counterfactual.h"

namespace tidemark::reports {

using engine::FormatTimestamp;
using engine::PendingWindow;
using engine::Timestamp;
using engine::TriggerKind;
using sim::PendingSubtask;
using sim::PlannedNode;

namespace {

std::string Records(uint64_t n) { return fmt::format("{} record{}", n, n == 1 ? "" : "s"); }

std::string Subtask(const sim::JobPlan& plan, uint32_t node, uint32_t subtask) {
  return fmt::format("{}[{}]", plan.nodes[node].name, subtask);
}

engine::TriggerSpec TriggerOf(const sim::WindowPlan& window) {
  return window.trigger.value_or(window.assigner->DefaultTrigger());
}

// "watermark held back by ..." for a source subtask at the bottom of the chain.
std::string SourceHold(const sim::JobPlan& plan, const sim::WatermarkHold& hold) {
  const PlannedNode& node = plan.nodes[hold.node];
  const sim::SourcePlan& source = plan.sources[node.source];
  const std::string who = Subtask(plan, hold.node, hold.subtask);
  if (source.script)
    return fmt::format("{} (a script: it sends only the watermarks it lists)", who);
  if (source.watermarks.strategy == sim::WatermarkPlan::Strategy::kNone) {
    return fmt::format("{} (watermark {}): the source emits no watermarks (strategy: none)", who,
                       FormatTimestamp(hold.watermark));
  }
  if (hold.partitions == 0) {
    return fmt::format(
        "{} (watermark {}): it reads no partition ({} reader subtasks, {} "
        "partition{}), so it never emits a watermark",
        who, FormatTimestamp(hold.watermark), node.parallelism, source.partitions,
        source.partitions == 1 ? "" : "s");
  }
  const std::string idleness =
      source.watermarks.idleness
          ? fmt::format("idleness {}ms has not passed", source.watermarks.idleness->millis())
          : std::string("idleness not set");
  if (hold.partition < 0) {
    return fmt::format("{} (watermark {}): every partition is idle", who,
                       FormatTimestamp(hold.watermark));
  }
  const std::string rows = hold.last_row.is_min()
                               ? std::string("no rows at all")
                               : fmt::format("no rows since t={}", FormatTimestamp(hold.last_row));
  return fmt::format("{} partition {} (watermark {}): {}; {}", who, hold.partition,
                     FormatTimestamp(hold.partition_watermark), rows, idleness);
}

}  // namespace

std::string PendingWindowName(const sim::JobPlan& plan, const PendingSubtask& pending,
                              const PendingWindow& window) {
  const std::string where = Subtask(plan, pending.node, pending.subtask);
  if (!window.keyed) return fmt::format("{} window {}", where, window.window.ToString());
  return fmt::format("{} key {} window {}", where, engine::FormatValue(window.key),
                     window.window.ToString());
}

std::string PendingContents(const PendingWindow& window) {
  if (!window.fired) return fmt::format("{}, never fired", Records(window.element_count));
  if (window.unfired > 0) {
    return fmt::format("{}, {} of them not in any result yet", Records(window.element_count),
                       window.unfired);
  }
  return fmt::format("{}, fired", Records(window.element_count));
}

std::string PendingWaitsFor(const sim::JobPlan& plan, const PendingSubtask& pending,
                            const PendingWindow& window) {
  const sim::WindowPlan& plan_window = *plan.nodes[pending.node].window;
  const engine::TriggerSpec trigger = TriggerOf(plan_window);
  const std::string wm = FormatTimestamp(pending.watermark);
  const Timestamp max_ts = window.window.max_timestamp();
  // Fired already and kept for late records (§1.2): only cleanup is left.
  if (window.fired && window.unfired == 0 && trigger.kind != TriggerKind::kCount &&
      plan_window.assigner->IsEventTime()) {
    return fmt::format(
        "kept for late records until the watermark reaches its cleanup time {}; "
        "the watermark is {}",
        FormatTimestamp(window.cleanup_time), wm);
  }
  switch (trigger.kind) {
    case TriggerKind::kEventTime:
      return fmt::format("fires when the watermark reaches {}; the watermark is {}",
                         FormatTimestamp(max_ts), wm);
    case TriggerKind::kContinuousEventTime: {
      const Timestamp next = window.event_timers.empty() ? max_ts : window.event_timers.front();
      return fmt::format("fires when the watermark reaches {}; the watermark is {}",
                         FormatTimestamp(next), wm);
    }
    case TriggerKind::kProcessingTime:
      return fmt::format(
          "fires when processing time reaches {}; the run ended at processing "
          "time {} (a finished bounded job fires no processing-time timers)",
          FormatTimestamp(max_ts), FormatTimestamp(pending.processing_time));
    case TriggerKind::kCount:
      return fmt::format("fires when it holds {} elements; it holds {}", trigger.count,
                         window.element_count);
    case TriggerKind::kNever:
      return "never fires: the global window's default trigger never fires (§2.6)";
    case TriggerKind::kEndOfStream:
      return fmt::format(
          "fires at the end of input, when the watermark reaches +inf; the "
          "watermark is {}",
          wm);
  }
  return "";
}

std::string HoldChainText(const sim::JobPlan& plan, const PendingSubtask& pending) {
  std::vector<std::string> links;
  for (const sim::WatermarkHold& hold : pending.chain) {
    if (plan.nodes[hold.node].kind == PlannedNode::Kind::kSource) {
      links.push_back(SourceHold(plan, hold));
      continue;
    }
    const std::string who = Subtask(plan, hold.node, hold.subtask);
    if (hold.channels == 0) {
      links.push_back(fmt::format("{} (no input channels)", who));
    } else if (hold.channel < 0) {
      links.push_back(fmt::format("{} (watermark {}): every input channel is idle", who,
                                  FormatTimestamp(hold.watermark)));
    } else if (hold.channels == 1) {
      links.push_back(who);
    } else {
      links.push_back(fmt::format("{} channel {} of {}", who, hold.channel, hold.channels));
    }
  }
  return fmt::format("{}", fmt::join(links, " <- "));
}

std::string FormatPendingText(const sim::JobPlan& plan, const sim::RunResult& result) {
  if (result.pending.empty()) return "";
  std::string out = fmt::format("pending at the end of the run (processing time {}):\n",
                                FormatTimestamp(result.pending.front().processing_time));
  for (const PendingSubtask& pending : result.pending) {
    const bool time_trigger = plan.nodes[pending.node].window->assigner->IsEventTime();
    for (const PendingWindow& window : pending.windows) {
      const std::string would = PendingCounterfactualText(plan, pending, window);
      out += fmt::format("  {}: {}; {}{}\n", PendingWindowName(plan, pending, window),
                         PendingContents(window), PendingWaitsFor(plan, pending, window),
                         would.empty() ? "" : "; " + would);
    }
    if (time_trigger && !pending.watermark.is_max()) {
      out += fmt::format("    watermark held back by: {}\n", HoldChainText(plan, pending));
    }
  }
  return out;
}

}  // namespace tidemark::reports
