#include "engine/key_table.h"

#include "engine/check.h"

namespace tidemark::engine {

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
