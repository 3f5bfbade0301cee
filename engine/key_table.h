// KeyTable: interns the key values of one keyed operator into dense KeyIds.
//
// Keyed state and timers are indexed by KeyId instead of the key Value, so the
// hot path hashes the key once per record and never copies or compares key
// strings afterwards. KeyIds are handed out in first-seen order, which makes
// them the deterministic tie-breaker for timers with equal timestamps (§10.3).
// The hash map is used for lookup only; nothing iterates it.
#ifndef TIDEMARK_ENGINE_KEY_TABLE_H_
#define TIDEMARK_ENGINE_KEY_TABLE_H_

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/value.h"

namespace tidemark::engine {

using KeyId = uint32_t;

class KeyTable {
 public:
  // The id of `key`, assigning the next id if it is new.
  KeyId Intern(const Value& key);
  std::optional<KeyId> Find(const Value& key) const;

  // REQUIRES: id was returned by Intern.
  const Value& key(KeyId id) const { return keys_[id]; }
  size_t size() const { return keys_.size(); }

 private:
  std::unordered_map<Value, KeyId> ids_;
  std::vector<Value> keys_;  // by id
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_KEY_TABLE_H_
