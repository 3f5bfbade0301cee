// The simulator's only source of randomness: xoshiro256** seeded through
// SplitMix64, with an integer-only API (no std::*_distribution, whose output
// differs between standard libraries).
//
// Components draw from their own stream, derived from (run seed, component
// name), so adding a component never shifts the numbers another one sees.
#ifndef TIDEMARK_SIM_RANDOM_PRNG_H_
#define TIDEMARK_SIM_RANDOM_PRNG_H_

#include <cstdint>
#include <string_view>

namespace tidemark::sim {

class Prng {
 public:
  explicit Prng(uint64_t seed);
  // A generator for `component`, independent of every other component's.
  static Prng ForComponent(uint64_t seed, std::string_view component);

  // xoshiro256**; inline: the scheduler draws a few numbers per record.
  uint64_t Next() {
    const uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, bound) without modulo bias. REQUIRES bound > 0.
  uint64_t Below(uint64_t bound);
  // Uniform in [low, high]. REQUIRES low <= high.
  int64_t Between(int64_t low, int64_t high);

 private:
  static constexpr uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  uint64_t state_[4];
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RANDOM_PRNG_H_
