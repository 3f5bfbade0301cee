#include "sim/explore/shard_tally.h"

#include <fmt/format.h>

#include "engine/core/input_error.h"

namespace tidemark::sim {

void ShardTally::Add(const Shard& shard, const std::string& file) {
  if (count_ == 0) {
    if (shard.count > files_) {
      throw engine::InputError({file, 0, 0},
                               fmt::format("this shard is one of {} shards, but {} file{} given",
                                           shard.count, files_, files_ == 1 ? " is" : "s are"),
                               "give every shard's JSON file");
    }
    count_ = shard.count;
    seen_.assign(count_, false);
  }
  if (shard.count != count_ || shard.index >= count_ || seen_[shard.index]) {
    throw engine::InputError(
        {file, 0, 0},
        fmt::format("shard {}/{} does not fit the other files", shard.index, shard.count),
        "give each shard I/K of one K exactly once");
  }
  seen_[shard.index] = true;
}

void ShardTally::CheckComplete() const {
  for (uint64_t i = 0; i < count_; ++i) {
    if (!seen_[i]) {
      throw engine::InputError({"--merge", 0, 0}, fmt::format("shard {}/{} is missing", i, count_),
                               "give every shard's JSON file");
    }
  }
}

}  // namespace tidemark::sim
