#include "engine/core/ledger.h"

#include "engine/core/check.h"

namespace tidemark::engine {

std::string_view FateName(Fate fate) {
  switch (fate) {
    case Fate::kEmitted: return "emitted";
    case Fate::kRoutedToTag: return "routed to tag";
    case Fate::kFiltered: return "filtered";
    case Fate::kUnrouted: return "unrouted";
    case Fate::kInWindow: return "in window";
    case Fate::kInWindowLate: return "in window within allowed lateness";
    case Fate::kLateToTag: return "late to side output";
    case Fate::kDroppedLate: return "dropped late";
    case Fate::kDiscarded: return "discarded";
    case Fate::kUnconsumed: return "unconsumed side output";
    case Fate::kSunk: return "sunk";
    case Fate::kPending: return "pending";
  }
  return "?";
}

bool IsTerminal(Fate fate) {
  switch (fate) {
    case Fate::kEmitted:
    case Fate::kRoutedToTag:
    case Fate::kLateToTag: return false;
    default: return true;
  }
}

void Ledger::AddSlow(const LedgerEntry& entry) {
  const size_t slot = Slot(entry.node, entry.fate, entry.tag);
  if (slot == SIZE_MAX) {
    ++overflow_[{entry.node, entry.fate, entry.tag}];
    return;
  }
  flat_.resize((static_cast<size_t>(entry.node) + 1) * kFates * kFlatTags, 0);
  ++flat_[slot];
}

const std::map<Ledger::CountKey, uint64_t>& Ledger::counts() const {
  if (!counts_stale_) return counts_;
  counts_ = overflow_;
  for (size_t slot = 0; slot < flat_.size(); ++slot) {
    if (flat_[slot] == 0) continue;
    const size_t tag = slot % kFlatTags;
    const size_t fate = slot / kFlatTags % kFates;
    const size_t node = slot / kFlatTags / kFates;
    counts_[{static_cast<uint32_t>(node), static_cast<Fate>(fate), static_cast<uint32_t>(tag)}] =
        flat_[slot];
  }
  counts_stale_ = false;
  return counts_;
}

void Ledger::MoveCount(uint32_t node, Fate from, Fate to, uint64_t n) {
  if (n == 0) return;
  const size_t slot = Slot(node, from, 0);
  TIDEMARK_CHECK(slot < flat_.size() && flat_[slot] >= n);
  flat_[slot] -= n;
  const size_t to_slot = Slot(node, to, 0);
  flat_[to_slot] += n;  // the same node's row: flat_ holds it already
  counts_stale_ = true;
}

void Ledger::SetEntryFate(size_t index, Fate fate) {
  TIDEMARK_CHECK(detail_ == Detail::kEveryRecord && index < entries_.size());
  LedgerEntry& entry = entries_[index];
  const size_t from = Slot(entry.node, entry.fate, entry.tag);
  const size_t to = Slot(entry.node, fate, entry.tag);
  TIDEMARK_CHECK(from < flat_.size() && to < flat_.size() && flat_[from] > 0);
  --flat_[from];
  ++flat_[to];
  entry.fate = fate;
  counts_stale_ = true;
}

uint64_t Ledger::Count(uint32_t node, Fate fate, uint32_t tag) const {
  const size_t slot = Slot(node, fate, tag);
  if (slot < flat_.size()) return flat_[slot];
  auto it = overflow_.find({node, fate, tag});
  return it == overflow_.end() ? 0 : it->second;
}

uint64_t Ledger::Total(Fate fate) const {
  uint64_t total = 0;
  for (const auto& [key, count] : counts()) {
    if (std::get<1>(key) == fate) total += count;
  }
  return total;
}

}  // namespace tidemark::engine
