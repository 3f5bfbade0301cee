// The end of a run: which windows are still waiting, what holds their
// watermark back, and the ledger's "in window" notes of their records turned
// into "pending" (§1.13). Runs once, after the main loop: nothing here is on
// the per-record path.
#include "sim/runtime/internal/pending_windows.h"

#include <map>
#include <tuple>

#include "engine/core/check.h"
#include "sim/runtime/internal/world.h"

namespace tidemark::sim::internal {

namespace {

// Follows the input channel at the minimum from subtask to subtask until a
// source subtask, whose partition at the minimum ends the chain.
std::vector<WatermarkHold> HoldChain(const World& world, uint32_t subtask) {
  std::vector<WatermarkHold> chain;
  uint32_t at = subtask;
  // Each step moves to an upstream subtask of a DAG: it ends.
  while (true) {
    const Subtask& s = world.subtasks[at];
    WatermarkHold hold{.node = s.node, .subtask = s.index, .watermark = s.watermark};
    if (s.source) {
      const SourceSubtask& source = *s.source;
      hold.watermark = source.current_watermark();
      hold.idle = source.idle();
      hold.finished = source.finished();
      const std::vector<SplitState> splits = source.Splits();
      hold.partitions = static_cast<int32_t>(splits.size());
      const SourceFeed* feed = nullptr;
      for (const SourceFeed& f : world.feeds) {
        if (f.node == s.node) feed = &f;
      }
      for (const SplitState& split : splits) {
        hold.splits.push_back({.partition = split.partition,
                               .watermark = split.watermark,
                               .last_row = feed->last_row_at[static_cast<size_t>(split.partition)],
                               .idle = split.idle});
      }
      const std::vector<int32_t> holding = source.HoldingPartitions();
      if (!holding.empty()) {
        hold.partition = holding.front();
        for (const WatermarkHold::Partition& split : hold.splits) {
          if (split.partition == hold.partition) {
            hold.partition_watermark = split.watermark;
            hold.last_row = split.last_row;
          }
        }
      }
      chain.push_back(hold);
      return chain;
    }
    if (!s.valve) {  // a script's consumer without channels: nothing upstream
      chain.push_back(hold);
      return chain;
    }
    hold.channels = s.valve->num_channels();
    hold.idle = s.valve->last_output_status() == engine::WatermarkStatus::kIdle;
    const std::vector<int> holding = s.valve->HoldingChannels();
    if (holding.empty()) {
      chain.push_back(hold);
      return chain;
    }
    hold.channel = holding.front();
    chain.push_back(hold);
    at = world.input_sources[at][static_cast<size_t>(hold.channel)];
  }
}

void ReclassifyPending(World& world, const PendingSubtask& pending) {
  engine::Ledger& ledger = world.result.ledger;
  if (!world.detailed()) {
    uint64_t unfired = 0;
    for (const engine::PendingWindow& w : pending.windows) unfired += w.unfired;
    ledger.MoveCount(pending.node, Fate::kInWindow, Fate::kPending, unfired);
    return;
  }
  // A record id can have several "in window" notes at one subtask (a flat_map
  // emits copies with the row's id): each unfired id takes the next one.
  std::map<engine::RecordId, std::vector<size_t>> notes;
  const auto& entries = ledger.entries();
  for (size_t e = entries.size(); e-- > 0;) {
    const engine::LedgerEntry& entry = entries[e];
    if (entry.node == pending.node && entry.subtask == pending.subtask &&
        entry.fate == Fate::kInWindow) {
      notes[entry.record].push_back(e);  // latest first: popped from the back, earliest first
    }
  }
  for (const engine::PendingWindow& w : pending.windows) {
    for (engine::RecordId id : w.unfired_ids) {
      if (id == engine::kNoRecordId || engine::RecordRow(id) >= world.options.detail_rows) {
        // No row's, or its entries were not kept: only its count moves.
        ledger.MoveCount(pending.node, Fate::kInWindow, Fate::kPending, 1);
        continue;
      }
      auto it = notes.find(id);
      TIDEMARK_CHECK(it != notes.end() && !it->second.empty());
      ledger.SetEntryFate(it->second.back(), Fate::kPending);
      it->second.pop_back();
    }
  }
}

}  // namespace

void CollectPending(World& world) {
  for (uint32_t i = 0; i < world.subtasks.size(); ++i) {
    const Subtask& s = world.subtasks[i];
    if (!s.op) continue;
    std::vector<engine::PendingWindow> windows = s.op->PendingWindows();
    if (windows.empty()) continue;
    PendingSubtask pending{.node = s.node,
                           .subtask = s.index,
                           .watermark = s.op->CurrentWatermark(),
                           .processing_time = world.now,
                           .windows = std::move(windows),
                           .chain = HoldChain(world, i)};
    ReclassifyPending(world, pending);
    world.result.pending.push_back(std::move(pending));
  }
}

}  // namespace tidemark::sim::internal
