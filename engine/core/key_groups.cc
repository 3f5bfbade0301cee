#include "engine/core/key_groups.h"

#include <algorithm>
#include <bit>
#include <limits>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/java_hash.h"

namespace tidemark::engine {
namespace {

// x & (x - 1) clears the lowest set bit: zero for a power of two. (Not
// std::has_single_bit, which without -mpopcnt is a library call per record.)
bool IsPowerOfTwo(int x) { return x > 0 && (x & (x - 1)) == 0; }

uint32_t RoundUpToPowerOfTwo(uint32_t x) {
  x = x - 1;
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  return x + 1;
}

}  // namespace

int32_t MurmurHash(int32_t code) {
  uint32_t h = static_cast<uint32_t>(code);
  h *= 0xcc9e2d51u;
  h = std::rotl(h, 15);
  h *= 0x1b873593u;
  h = std::rotl(h, 13);
  h = h * 5 + 0xe6546b64u;
  h ^= 4;  // the input length in bytes
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  const int32_t signed_h = static_cast<int32_t>(h);
  if (signed_h >= 0) return signed_h;
  if (signed_h != std::numeric_limits<int32_t>::min()) return -signed_h;
  return 0;
}

int KeyGroupForHashCode(int32_t java_hash_code, int max_parallelism) {
  TIDEMARK_CHECK(max_parallelism >= 1 && max_parallelism <= kUpperBoundMaxParallelism);
  const int murmur = MurmurHash(java_hash_code);  // >= 0
  // The default max parallelism is a power of two: a mask, not a division.
  if (IsPowerOfTwo(max_parallelism)) {
    return murmur & (max_parallelism - 1);
  }
  return murmur % max_parallelism;
}

int AssignToKeyGroup(const Value& key, int max_parallelism) {
  TIDEMARK_CHECK(TypeOf(key) != ValueType::kNull);
  return KeyGroupForHashCode(JavaHashCode(key), max_parallelism);
}

int ComputeOperatorIndexForKeyGroup(int max_parallelism, int parallelism, int key_group) {
  TIDEMARK_CHECK(parallelism >= 1 && parallelism <= max_parallelism);
  TIDEMARK_CHECK(key_group >= 0 && key_group < max_parallelism);
  // kg < 2^15 and p <= 2^15, so the product fits an int as in Java; it is
  // not negative, so a power-of-two divisor is a shift.
  const int product = key_group * parallelism;
  if (IsPowerOfTwo(max_parallelism)) {
    return product >> std::countr_zero(static_cast<uint32_t>(max_parallelism));
  }
  return product / max_parallelism;
}

int AssignKeyToParallelOperator(const Value& key, int max_parallelism, int parallelism) {
  return ComputeOperatorIndexForKeyGroup(max_parallelism, parallelism,
                                         AssignToKeyGroup(key, max_parallelism));
}

KeyGroupRange ComputeKeyGroupRangeForOperatorIndex(int max_parallelism, int parallelism,
                                                   int operator_index) {
  TIDEMARK_CHECK(parallelism >= 1 && parallelism <= max_parallelism);
  TIDEMARK_CHECK(operator_index >= 0 && operator_index < parallelism);
  return KeyGroupRange{
      .start = (operator_index * max_parallelism + parallelism - 1) / parallelism,
      .end = ((operator_index + 1) * max_parallelism - 1) / parallelism,
  };
}

std::optional<std::string> ValidateParallelism(int parallelism) {
  if (parallelism > 0 && parallelism <= kUpperBoundMaxParallelism) return std::nullopt;
  return fmt::format("Operator parallelism not within bounds: {}", parallelism);
}

int ComputeDefaultMaxParallelism(int parallelism) {
  TIDEMARK_CHECK(!ValidateParallelism(parallelism).has_value());
  const uint32_t p = static_cast<uint32_t>(parallelism);
  const uint32_t rounded = RoundUpToPowerOfTwo(p + p / 2);
  return static_cast<int>(std::min<uint32_t>(
      std::max<uint32_t>(rounded, kDefaultLowerBoundMaxParallelism), kUpperBoundMaxParallelism));
}

}  // namespace tidemark::engine
