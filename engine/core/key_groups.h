// Key groups: how keyBy routes a key to a downstream subtask, exactly as
// Flink's KeyGroupRangeAssignment and MathUtils (§6).
//
//   key group = murmurHash(key.hashCode()) % maxParallelism
//   subtask   = keyGroup * parallelism / maxParallelism
// maxParallelism is the number of key groups of the CONSUMING operator; a
// subtask owns a contiguous, inclusive range of key groups. The Java hashCode of
// a key comes from java_hash.h (int64 values hash as Java Longs). Everything is
// 32-bit Java int arithmetic with wraparound.
#ifndef TIDEMARK_ENGINE_KEY_GROUPS_H_
#define TIDEMARK_ENGINE_KEY_GROUPS_H_

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/value.h"

namespace tidemark::engine {

// Flink's bounds for max parallelism: [1, 2^15]; the default is at least 2^7.
inline constexpr int kUpperBoundMaxParallelism = 1 << 15;
inline constexpr int kDefaultLowerBoundMaxParallelism = 1 << 7;

// MathUtils.murmurHash(int): MurmurHash3_x86_32 of the 4 bytes, seed 0, then
// made non-negative (INT_MIN -> 0). Result in [0, 2^31 - 1].
int32_t MurmurHash(int32_t code);

// REQUIRES: 1 <= max_parallelism <= kUpperBoundMaxParallelism.
int KeyGroupForHashCode(int32_t java_hash_code, int max_parallelism);
// REQUIRES: key is not null (Flink: "Assigned key must not be null!"); as above.
int AssignToKeyGroup(const Value& key, int max_parallelism);

// kg * parallelism / max_parallelism.
// REQUIRES: 1 <= parallelism <= max_parallelism; 0 <= key_group < max_parallelism.
int ComputeOperatorIndexForKeyGroup(int max_parallelism, int parallelism, int key_group);

// The subtask a key goes to: both steps above.
int AssignKeyToParallelOperator(const Value& key, int max_parallelism, int parallelism);

// A subtask's key groups, [start, end] inclusive.
struct KeyGroupRange {
  int start = 0;
  int end = -1;
  bool operator==(const KeyGroupRange&) const = default;
};

// REQUIRES: 1 <= parallelism <= max_parallelism; 0 <= operator_index < parallelism.
KeyGroupRange ComputeKeyGroupRangeForOperatorIndex(int max_parallelism, int parallelism,
                                                   int operator_index);

// Flink's message for an out-of-range parallelism ("Operator parallelism not
// within bounds: <p>"), or nullopt.
std::optional<std::string> ValidateParallelism(int parallelism);

// min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768), used when the job sets
// no max parallelism. REQUIRES: ValidateParallelism(parallelism) is nullopt.
int ComputeDefaultMaxParallelism(int parallelism);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_KEY_GROUPS_H_
