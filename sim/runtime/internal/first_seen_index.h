// FirstSeenIndex: content hash -> the index it was first seen at, for tracing
// a sink's duplicates. One record per sink record is looked up and most are
// inserted, so the table is flat (open addressing, linear probing) rather than
// a node per entry; Clear keeps its capacity for the next generation.
#ifndef TIDEMARK_SIM_RUNTIME_INTERNAL_FIRST_SEEN_INDEX_H_
#define TIDEMARK_SIM_RUNTIME_INTERNAL_FIRST_SEEN_INDEX_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/windows/timer_service.h"

namespace tidemark::sim::internal {

class FirstSeenIndex {
 public:
  std::optional<uint64_t> Find(uint64_t hash) const {
    if (size_ == 0) return std::nullopt;
    for (size_t i = Home(hash); slots_[i].index_plus_one != 0; i = (i + 1) & mask()) {
      if (slots_[i].hash == hash) return slots_[i].index_plus_one - 1;
    }
    return std::nullopt;
  }

  // REQUIRES: !Find(hash).
  void Insert(uint64_t hash, uint64_t index) {
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    size_t i = Home(hash);
    while (slots_[i].index_plus_one != 0) i = (i + 1) & mask();
    slots_[i] = {.hash = hash, .index_plus_one = index + 1};
    ++size_;
  }

  size_t size() const { return size_; }

  void Clear() {
    if (size_ == 0) return;
    std::fill(slots_.begin(), slots_.end(), Slot{});
    size_ = 0;
  }

 private:
  struct Slot {
    uint64_t hash = 0;
    uint64_t index_plus_one = 0;  // 0: empty
  };
  size_t mask() const { return slots_.size() - 1; }
  size_t Home(uint64_t hash) const { return engine::internal::Mix64(hash) & mask(); }
  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    for (const Slot& s : old) {
      if (s.index_plus_one == 0) continue;
      size_t i = Home(s.hash);
      while (slots_[i].index_plus_one != 0) i = (i + 1) & mask();
      slots_[i] = s;
    }
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_RUNTIME_INTERNAL_FIRST_SEEN_INDEX_H_
