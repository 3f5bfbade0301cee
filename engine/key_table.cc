#include "engine/key_table.h"

#include <bit>
#include <cmath>
#include <functional>
#include <limits>

#include "engine/check.h"

namespace tidemark::engine {

namespace {
// Java's Double.doubleToLongBits: the bit pattern, every NaN collapsed to one.
uint64_t JavaDoubleBits(double d) {
  if (std::isnan(d)) return std::bit_cast<uint64_t>(std::numeric_limits<double>::quiet_NaN());
  return std::bit_cast<uint64_t>(d);
}
}  // namespace

uint64_t KeyTable::Hash(const Value& v) {
  // Murmur3's finalizer over a per-type seed and the value's bits; strings by
  // FNV-1a first. Equal keys (Java equals) hash equal.
  uint64_t h = 0;
  switch (TypeOf(v)) {
    case ValueType::kNull:
      h = 0x1234;
      break;
    case ValueType::kBool:
      h = std::get<bool>(v) ? 0x2468 : 0x1357;
      break;
    case ValueType::kInt:
      h = static_cast<uint64_t>(std::get<int64_t>(v)) ^ 0x3c6ef372fe94f82bULL;
      break;
    case ValueType::kDouble:
      h = JavaDoubleBits(std::get<double>(v)) ^ 0xa54ff53a5f1d36f1ULL;
      break;
    case ValueType::kString: {
      h = 0xcbf29ce484222325ULL;
      for (const unsigned char c : std::get<std::string>(v)) {
        h ^= c;
        h *= 0x100000001b3ULL;
      }
      break;
    }
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

bool KeyTable::Equal(const Value& a, const Value& b) {
  const auto* x = std::get_if<double>(&a);
  const auto* y = std::get_if<double>(&b);
  if (x != nullptr && y != nullptr) return JavaDoubleBits(*x) == JavaDoubleBits(*y);
  return a == b;
}

size_t KeyTable::Probe(const Value& key, uint64_t hash) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = static_cast<size_t>(hash) & mask;; i = (i + 1) & mask) {
    const KeyId slot = slots_[i];
    if (slot == 0) return i;
    if (hashes_[slot - 1] == hash && Equal(keys_[slot - 1], key)) return i;
  }
}

void KeyTable::Grow() {
  slots_.assign(slots_.empty() ? 64 : slots_.size() * 2, 0);
  const size_t mask = slots_.size() - 1;
  for (KeyId id = 0; id < keys_.size(); ++id) {
    size_t i = static_cast<size_t>(hashes_[id]) & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = id + 1;
  }
}

KeyId KeyTable::Intern(const Value& key) {
  if (slots_.empty()) Grow();
  const uint64_t hash = Hash(key);
  size_t i = Probe(key, hash);
  if (slots_[i] != 0) return slots_[i] - 1;
  TIDEMARK_CHECK(keys_.size() < UINT32_MAX - 1);
  const auto id = static_cast<KeyId>(keys_.size());
  keys_.push_back(key);
  hashes_.push_back(hash);
  if (keys_.size() * 2 > slots_.size()) {
    Grow();  // places the new key too
  } else {
    slots_[i] = id + 1;
  }
  return id;
}

std::optional<KeyId> KeyTable::Find(const Value& key) const {
  if (slots_.empty()) return std::nullopt;
  const KeyId slot = slots_[Probe(key, Hash(key))];
  if (slot == 0) return std::nullopt;
  return slot - 1;
}

}  // namespace tidemark::engine
