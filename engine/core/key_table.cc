#include "engine/core/key_table.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine/core/check.h"

namespace tidemark::engine {

namespace {
// Java's Double.doubleToLongBits: the bit pattern, every NaN collapsed to one.
uint64_t JavaDoubleBits(double d) {
  if (std::isnan(d)) return std::bit_cast<uint64_t>(std::numeric_limits<double>::quiet_NaN());
  return std::bit_cast<uint64_t>(d);
}

// Murmur3's 64-bit finalizer: every input bit reaches the low bits.
uint64_t Mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

uint64_t Load64(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

uint32_t Load32(const char* p) {
  uint32_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// memcmp(a, b, n) == 0 without a library call for keys up to 16 bytes: two
// overlapping loads cover any length in [4, 16].
inline bool SameBytes(const char* a, const char* b, size_t n) {
  if (n >= 8 && n <= 16) {
    return Load64(a) == Load64(b) && Load64(a + n - 8) == Load64(b + n - 8);
  }
  if (n >= 4 && n < 8) return Load32(a) == Load32(b) && Load32(a + n - 4) == Load32(b + n - 4);
  return std::memcmp(a, b, n) == 0;
}

inline uint32_t HashString(std::string_view s) {
  // Eight bytes per step; the tail as two overlapping loads, so short keys
  // ("k0042") cost a couple of multiplications and no per-byte loop. Equal
  // strings hash equal; nothing depends on the values beyond lookup.
  const char* p = s.data();
  size_t n = s.size();
  uint64_t h = 0xcbf29ce484222325ULL ^ n;
  for (; n > 8; p += 8, n -= 8) h = (h ^ Load64(p)) * 0x9e3779b97f4a7c15ULL;
  uint64_t tail = 0;
  if (n >= 4) {
    tail = Load32(p) | (uint64_t{Load32(p + n - 4)} << 32);
  } else if (n > 0) {
    tail = uint64_t{static_cast<unsigned char>(p[0])} |
           (uint64_t{static_cast<unsigned char>(p[n / 2])} << 8) |
           (uint64_t{static_cast<unsigned char>(p[n - 1])} << 16);
  }
  return static_cast<uint32_t>(Mix(h ^ tail));
}

uint32_t HashOther(const Value& v) {
  // A per-type seed and the value's bits; equal keys (Java equals) hash equal.
  uint64_t h = 0;
  switch (TypeOf(v)) {
    case ValueType::kNull: h = 0x1234; break;
    case ValueType::kBool: h = std::get<bool>(v) ? 0x2468 : 0x1357; break;
    case ValueType::kInt:
      h = static_cast<uint64_t>(std::get<int64_t>(v)) ^ 0x3c6ef372fe94f82bULL;
      break;
    case ValueType::kDouble: h = JavaDoubleBits(std::get<double>(v)) ^ 0xa54ff53a5f1d36f1ULL; break;
    case ValueType::kString:
    case ValueType::kList:    // the planner refuses list keys
      TIDEMARK_CHECK(false);  // strings take HashString
  }
  return static_cast<uint32_t>(Mix(h));
}

bool EqualOther(const Value& a, const Value& b) {
  const auto* x = std::get_if<double>(&a);
  const auto* y = std::get_if<double>(&b);
  if (x != nullptr && y != nullptr) return JavaDoubleBits(*x) == JavaDoubleBits(*y);
  return a == b;
}

}  // namespace

inline bool KeyTable::StoredStringIs(KeyId id, std::string_view s) const {
  const Bytes b = bytes_of_[id];
  return b.size == s.size() && SameBytes(bytes_.data() + b.offset, s.data(), s.size());
}

template <typename IsKey>
size_t KeyTable::Probe(uint32_t hash, IsKey&& is_key) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot slot = slots_[i];
    if (slot.id_plus_one == 0) return i;
    if (slot.hash == hash && is_key(slot.id_plus_one - 1)) return i;
  }
}

inline KeyTable::Location KeyTable::LocateString(std::string_view key) const {
  const uint32_t hash = HashString(key);
  return {Probe(hash, [&](KeyId id) { return StoredStringIs(id, key); }), hash};
}

KeyTable::Location KeyTable::LocateOther(const Value& key) const {
  const uint32_t hash = HashOther(key);
  const size_t slot = Probe(hash, [&](KeyId id) {
    return bytes_of_[id].size == kNotString && EqualOther(keys_[id], key);
  });
  return {slot, hash};
}

KeyTable::Location KeyTable::Locate(const Value& key) const {
  // Only string keys are worth inlining the lookup for.
  const auto* s = std::get_if<std::string>(&key);
  return s != nullptr ? LocateString(*s) : LocateOther(key);
}

KeyTable::KeyTable() : slots_(kInitialSlots) {}

void KeyTable::Grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.size() * 2, Slot{});
  const size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.id_plus_one == 0) continue;
    size_t i = slot.hash & mask;
    while (slots_[i].id_plus_one != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

KeyId KeyTable::Intern(const Value& key) {
  const Location at = Locate(key);
  const KeyId found = slots_[at.slot].id_plus_one;
  if (found != 0) [[likely]]
    return found - 1;
  return Add(key, at);
}

KeyId KeyTable::Add(const Value& key, Location at) {
  TIDEMARK_CHECK(keys_.size() < UINT32_MAX - 1);
  const auto id = static_cast<KeyId>(keys_.size());
  Bytes bytes{.offset = 0, .size = kNotString};
  if (const auto* s = std::get_if<std::string>(&key)) {
    TIDEMARK_CHECK(bytes_.size() + s->size() < kNotString);
    bytes = Bytes{.offset = static_cast<uint32_t>(bytes_.size()),
                  .size = static_cast<uint32_t>(s->size())};
    bytes_.append(*s);
  }
  bytes_of_.push_back(bytes);
  keys_.push_back(key);
  slots_[at.slot] = Slot{.id_plus_one = id + 1, .hash = at.hash};
  if (keys_.size() * 2 > slots_.size()) Grow();
  return id;
}

std::optional<KeyId> KeyTable::Find(const Value& key) const {
  const KeyId slot = slots_[Locate(key).slot].id_plus_one;
  if (slot == 0) return std::nullopt;
  return slot - 1;
}

}  // namespace tidemark::engine
