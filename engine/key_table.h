// KeyTable: interns the key values of one keyed operator into dense KeyIds.
//
// Keyed state and timers are indexed by KeyId instead of the key Value, so the
// hot path hashes the key once per record and never copies or compares key
// strings afterwards. KeyIds are handed out in first-seen order, which makes
// them the deterministic tie-breaker for timers with equal timestamps (§10.3).
// The hash map is used for lookup only; nothing iterates it.
//
// Key equality is Java's equals() on the boxed key: doubles compare by bit
// pattern with one canonical NaN (so NaN is one key, and 0.0 and -0.0 are two),
// and values of different types are different keys (int 1 is not double 1.0).
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
  struct Hash {
    size_t operator()(const Value& v) const;
  };
  struct Equal {
    bool operator()(const Value& a, const Value& b) const;
  };

  std::unordered_map<Value, KeyId, Hash, Equal> ids_;
  std::vector<Value> keys_;  // by id
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_KEY_TABLE_H_
