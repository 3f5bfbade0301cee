// ShardTally: the shard files given to `--merge`, checked to be every shard
// I/K of one K, each once, before their runs are merged. Shared by explore's
// and sweep's merges.
#ifndef TIDEMARK_SIM_EXPLORE_SHARD_TALLY_H_
#define TIDEMARK_SIM_EXPLORE_SHARD_TALLY_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/explore/explore.h"

namespace tidemark::sim {

class ShardTally {
 public:
  explicit ShardTally(size_t files) : files_(files) {}

  // Counts `shard`, read from `file`. Throws engine::InputError located at
  // the file when its K differs from the first file's, it repeats a shard,
  // or K exceeds the files given (which can only be missing shards, and is
  // refused before anything is allocated for it).
  void Add(const Shard& shard, const std::string& file);

  // Throws engine::InputError naming --merge when a shard is missing.
  void CheckComplete() const;

 private:
  size_t files_;
  uint64_t count_ = 0;
  std::vector<bool> seen_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_SHARD_TALLY_H_
