// The ledger: what happened to each input record at each operator it reached.
//
// Every decision an operator takes about a record is one LedgerEntry: its
// fate, the operator (node index), the tag or window involved, and the
// watermark at that moment. Counts per (node, fate, tag) are always kept —
// they are cheap and feed the run summary. Full entries are kept only with
// Detail::kEveryRecord, for `explain`, reports and the conservation property.
//
// Terminal fates end one path of a record: filtered, unrouted, dropped late,
// unconsumed, in a window, sunk. Fan-out (one rule emitting to two places, a
// sliding window) starts several paths; each ends in exactly one terminal fate.
#ifndef TIDEMARK_ENGINE_LEDGER_H_
#define TIDEMARK_ENGINE_LEDGER_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string_view>
#include <tuple>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"

namespace tidemark::engine {

enum class Fate : uint8_t {
  kEmitted,       // passed on along the main output
  kRoutedToTag,   // sent to side output `tag`
  kFiltered,      // a filter's condition was false (terminal)
  kUnrouted,      // no routing rule matched; discarded (terminal)
  kInWindow,      // added to at least one window on time (terminal)
  kInWindowLate,  // added only within allowed lateness; re-fired the window (terminal)
  kLateToTag,     // every window was late: sent to the late-data side output `tag`
  kDroppedLate,   // every window was late and no late output: dropped (terminal)
  kDiscarded,     // no window took it and it was not late (a sliding-window gap) (terminal)
  kUnconsumed,    // sent to a tag no stream consumes; Flink discards it (terminal)
  kSunk,          // reached sink `tag` (terminal)
  kPending,       // joined a window on time that never fired by the run's end (terminal,
                  // §1.13): a kInWindow note the runtime reclassifies when the run ends
};

std::string_view FateName(Fate fate);
bool IsTerminal(Fate fate);

struct LedgerEntry {
  RecordId record = kNoRecordId;
  uint32_t node = 0;
  uint32_t subtask = 0;
  Fate fate = Fate::kEmitted;
  uint32_t tag = 0;  // output port (0 main, k side output k-1), or sink index for kSunk
  Timestamp watermark = Timestamp::Min();        // the operator's, when it decided
  Timestamp processing_time = Timestamp::Min();  // the virtual clock, when it decided
};

class Ledger {
 public:
  enum class Detail { kCountsOnly, kEveryRecord };
  explicit Ledger(Detail detail = Detail::kCountsOnly) : detail_(detail) {}

  // Runs for every note of every record: one array increment when counts
  // only (entries also kept with kEveryRecord).
  void Add(const LedgerEntry& entry) {
    const size_t slot = Slot(entry.node, entry.fate, entry.tag);
    if (slot < flat_.size()) {
      ++flat_[slot];
    } else {
      AddSlow(entry);
    }
    counts_stale_ = true;
    if (detail_ == Detail::kEveryRecord && Keeps(entry.record)) entries_.push_back(entry);
  }

  // Bounds the entries a long run keeps (counts stay complete): only those of
  // the first `rows` rows of each source (RecordRow below it), and entries
  // naming no record until StopUnnamedEntries(). Reports list the first rows
  // of a long trace only.
  void LimitEntries(uint64_t rows) { entry_row_limit_ = rows; }
  void StopUnnamedEntries() { keep_unnamed_ = false; }

  // Moves `n` notes of (node, from, tag 0) to (node, to, tag 0): the run's end
  // turning "in window" into "pending" (§1.13). REQUIRES that many notes.
  void MoveCount(uint32_t node, Fate from, Fate to, uint64_t n);
  // Gives entry `index` a new fate, moving its count too.
  // REQUIRES detail() == kEveryRecord.
  void SetEntryFate(size_t index, Fate fate);

  Detail detail() const { return detail_; }
  uint64_t Count(uint32_t node, Fate fate, uint32_t tag = 0) const;
  // Sum over every node and tag.
  uint64_t Total(Fate fate) const;

  using CountKey = std::tuple<uint32_t, Fate, uint32_t>;
  // Ordered by (node, fate, tag), so iteration is deterministic; only the
  // keys noted at least once.
  const std::map<CountKey, uint64_t>& counts() const;
  // In the order decisions were taken. REQUIRES detail() == kEveryRecord.
  const std::vector<LedgerEntry>& entries() const { return entries_; }

 private:
  // Counts live in a flat array indexed by (node, fate, tag) for tags below
  // kFlatTags, and in overflow_ otherwise; counts() assembles the map view.
  static constexpr size_t kFates = static_cast<size_t>(Fate::kPending) + 1;
  static constexpr uint32_t kFlatTags = 8;
  static size_t Slot(uint32_t node, Fate fate, uint32_t tag) {
    if (tag >= kFlatTags) return SIZE_MAX;
    return (static_cast<size_t>(node) * kFates + static_cast<size_t>(fate)) * kFlatTags + tag;
  }
  void AddSlow(const LedgerEntry& entry);
  bool Keeps(RecordId record) const {
    return record == kNoRecordId ? keep_unnamed_ : RecordRow(record) < entry_row_limit_;
  }

  Detail detail_;
  uint64_t entry_row_limit_ = UINT64_MAX;
  bool keep_unnamed_ = true;
  std::vector<uint64_t> flat_;
  std::map<CountKey, uint64_t> overflow_;
  mutable std::map<CountKey, uint64_t> counts_;  // the view counts() returns
  mutable bool counts_stale_ = false;
  std::vector<LedgerEntry> entries_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_LEDGER_H_
