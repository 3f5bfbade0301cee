// KeyTable: interns the key values of one keyed operator into dense KeyIds.
//
// Keyed state and timers are indexed by KeyId instead of the key Value, so the
// hot path hashes the key once per record and never copies or compares key
// strings afterwards. KeyIds are handed out in first-seen order, which makes
// them the deterministic tie-breaker for timers with equal timestamps (§10.3).
// The hash table is used for lookup only; nothing iterates it. It is open
// addressing over a power-of-two table of ids (no division per lookup), since
// every keyed record looks its key up.
//
// Key equality is Java's equals() on the boxed key: doubles compare by bit
// pattern with one canonical NaN (so NaN is one key, and 0.0 and -0.0 are two),
// and values of different types are different keys (int 1 is not double 1.0).
#ifndef TIDEMARK_ENGINE_KEY_TABLE_H_
#define TIDEMARK_ENGINE_KEY_TABLE_H_

#include <cstdint>
#include <optional>
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
  static uint64_t Hash(const Value& v);
  static bool Equal(const Value& a, const Value& b);
  // The slot holding `key`, or the empty slot where it would go.
  size_t Probe(const Value& key, uint64_t hash) const;
  void Grow();

  std::vector<KeyId> slots_;      // id + 1, 0 for empty; size a power of two (or 0)
  std::vector<uint64_t> hashes_;  // by id
  std::vector<Value> keys_;       // by id
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_KEY_TABLE_H_
