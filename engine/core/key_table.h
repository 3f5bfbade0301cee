// KeyTable: interns the key values of one keyed operator into dense KeyIds.
//
// Keyed state and timers are indexed by KeyId instead of the key Value, so the
// hot path hashes the key once per record and never copies or compares key
// strings afterwards. KeyIds are handed out in first-seen order, which makes
// them the deterministic tie-breaker for timers with equal timestamps (§10.3).
// The hash table is used for lookup only; nothing iterates it. It is open
// addressing over a power-of-two table (no division per lookup), since every
// keyed record looks its key up.
//
// String keys (the common case) take a path without variant dispatch: their
// bytes are hashed a word at a time and kept in one contiguous buffer, and a
// slot carries 32 bits of the hash, so a probe touches the slot array, then
// the bytes of a key whose hash bits already matched.
//
// Key equality is Java's equals() on the boxed key: doubles compare by bit
// pattern with one canonical NaN (so NaN is one key, and 0.0 and -0.0 are two),
// and values of different types are different keys (int 1 is not double 1.0).
#ifndef TIDEMARK_ENGINE_KEY_TABLE_H_
#define TIDEMARK_ENGINE_KEY_TABLE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/value.h"

namespace tidemark::engine {

using KeyId = uint32_t;

class KeyTable {
 public:
  KeyTable();

  // The id of `key`, assigning the next id if it is new.
  KeyId Intern(const Value& key);
  std::optional<KeyId> Find(const Value& key) const;

  // REQUIRES: id was returned by Intern.
  const Value& key(KeyId id) const { return keys_[id]; }
  size_t size() const { return keys_.size(); }

 private:
  struct Slot {
    KeyId id_plus_one = 0;  // 0: empty
    uint32_t hash = 0;      // low 32 bits of the key's hash
  };
  // Where a key's bytes lie in bytes_; size kNotString for non-string keys.
  struct Bytes {
    uint32_t offset = 0;
    uint32_t size = 0;
  };
  static constexpr uint32_t kNotString = UINT32_MAX;
  static constexpr size_t kInitialSlots = 64;
  struct Location {
    size_t slot;
    uint32_t hash;
  };

  bool StoredStringIs(KeyId id, std::string_view s) const;
  // The slot holding the key, or the empty slot where it would go; `is_key`
  // decides equality for an id whose hash bits match.
  template <typename IsKey>
  size_t Probe(uint32_t hash, IsKey&& is_key) const;
  // The slot of `key` (or where it would go) and its hash.
  Location Locate(const Value& key) const;
  Location LocateString(std::string_view key) const;
  Location LocateOther(const Value& key) const;
  // Gives `key`, absent and to go at `at`, the next id.
  KeyId Add(const Value& key, Location at);
  void Grow();

  std::vector<Slot> slots_;      // size a power of two, at most half full
  std::vector<Bytes> bytes_of_;  // by id
  std::string bytes_;            // string keys' bytes, back to back
  std::vector<Value> keys_;      // by id
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_KEY_TABLE_H_
