#include "engine/ledger.h"

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
  }
  return "?";
}

bool IsTerminal(Fate fate) {
  switch (fate) {
    case Fate::kEmitted:
    case Fate::kRoutedToTag:
    case Fate::kLateToTag:
      return false;
    default:
      return true;
  }
}

uint64_t Ledger::Count(uint32_t node, Fate fate, uint32_t tag) const {
  auto it = counts_.find({node, fate, tag});
  return it == counts_.end() ? 0 : it->second;
}

uint64_t Ledger::Total(Fate fate) const {
  uint64_t total = 0;
  for (const auto& [key, count] : counts_) {
    if (std::get<1>(key) == fate) total += count;
  }
  return total;
}

}  // namespace tidemark::engine
