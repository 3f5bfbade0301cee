#include "sim/recovery/sink_transactions.h"

namespace tidemark::sim {

void SinkTransactions::Write(SinkWrite&& write) {
  if (guarantee_ != SinkGuarantee::kExactlyOnce) {
    const engine::Timestamp at = write.written_at;
    visible_(std::move(write), at);
    return;
  }
  open_.push_back(std::move(write));
}

void SinkTransactions::PreCommit(uint64_t checkpoint) {
  // KafkaWriter.prepareCommit: an empty transaction yields no committable.
  if (guarantee_ != SinkGuarantee::kExactlyOnce || open_.empty()) return;
  std::vector<SinkWrite>& slot = precommitted_[checkpoint];
  for (SinkWrite& w : open_) slot.push_back(std::move(w));
  open_.clear();
}

void SinkTransactions::Commit(uint64_t checkpoint, engine::Timestamp now) {
  // CommitterOperator commits every committable up to the id notified.
  while (!precommitted_.empty() && precommitted_.begin()->first <= checkpoint) {
    std::vector<SinkWrite> writes = std::move(precommitted_.begin()->second);
    precommitted_.erase(precommitted_.begin());
    for (SinkWrite& w : writes) visible_(std::move(w), now);
  }
}

uint64_t SinkTransactions::Restore(uint64_t restored, engine::Timestamp now) {
  Commit(restored, now);
  uint64_t aborted = open_.size();
  for (const auto& [id, writes] : precommitted_) aborted += writes.size();
  open_.clear();
  precommitted_.clear();
  return aborted;
}

uint64_t SinkTransactions::Finish(bool commit, engine::Timestamp now) {
  if (commit) {
    PreCommit(UINT64_MAX);
    Commit(UINT64_MAX, now);
    return 0;
  }
  return waiting();
}

uint64_t SinkTransactions::waiting() const {
  uint64_t n = open_.size();
  for (const auto& [id, writes] : precommitted_) n += writes.size();
  return n;
}

}  // namespace tidemark::sim
