#include "sim/random/prng.h"

#include "engine/core/check.h"

namespace tidemark::sim {

namespace {
uint64_t SplitMix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// FNV-1a: a fixed, documented hash of the component name.
uint64_t HashName(std::string_view name) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : name) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}
}  // namespace

Prng::Prng(uint64_t seed) {
  uint64_t x = seed;
  for (uint64_t& word : state_) word = SplitMix64(x);
}

Prng Prng::ForComponent(uint64_t seed, std::string_view component) {
  uint64_t x = seed ^ HashName(component);
  return Prng(SplitMix64(x));
}

uint64_t Prng::Below(uint64_t bound) {
  TIDEMARK_CHECK(bound > 0);
  // Lemire's rejection keeps every value equally likely.
  const uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const uint64_t r = Next();
    if (r >= threshold) return r % bound;
  }
}

int64_t Prng::Between(int64_t low, int64_t high) {
  TIDEMARK_CHECK(low <= high);
  const uint64_t span = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  if (span == ~uint64_t{0}) return static_cast<int64_t>(Next());
  return static_cast<int64_t>(static_cast<uint64_t>(low) + Below(span + 1));
}

}  // namespace tidemark::sim
