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

size_t KeyTable::Hash::operator()(const Value& v) const {
  if (const auto* d = std::get_if<double>(&v)) {
    return std::hash<uint64_t>{}(JavaDoubleBits(*d)) ^ 0x9e3779b97f4a7c15ULL;
  }
  return std::hash<Value>{}(v);
}

bool KeyTable::Equal::operator()(const Value& a, const Value& b) const {
  const auto* x = std::get_if<double>(&a);
  const auto* y = std::get_if<double>(&b);
  if (x != nullptr && y != nullptr) return JavaDoubleBits(*x) == JavaDoubleBits(*y);
  return a == b;
}

KeyId KeyTable::Intern(const Value& key) {
  if (const auto it = ids_.find(key); it != ids_.end()) return it->second;
  TIDEMARK_CHECK(keys_.size() < UINT32_MAX);
  const auto id = static_cast<KeyId>(keys_.size());
  ids_.emplace(key, id);
  keys_.push_back(key);
  return id;
}

std::optional<KeyId> KeyTable::Find(const Value& key) const {
  if (const auto it = ids_.find(key); it != ids_.end()) return it->second;
  return std::nullopt;
}

}  // namespace tidemark::engine
