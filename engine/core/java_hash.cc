#include "engine/core/java_hash.h"

#include <bit>
#include <variant>

namespace tidemark::engine {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

uint32_t HashStep(uint32_t h, uint32_t code_unit) { return 31 * h + code_unit; }

uint32_t HashCodePoint(uint32_t h, char32_t cp) {
  if (cp < 0x10000) return HashStep(h, cp);
  const char32_t v = cp - 0x10000;
  h = HashStep(h, 0xD800 + (v >> 10));
  return HashStep(h, 0xDC00 + (v & 0x3FF));
}

bool IsContinuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// Decodes one code point at `s[i]`, advancing `i`. An ill-formed sequence
// yields U+FFFD and consumes its maximal subpart: the lead byte plus the
// continuation bytes that were still valid for it.
char32_t DecodeOne(std::string_view s, size_t& i) {
  const unsigned char lead = static_cast<unsigned char>(s[i++]);
  if (lead < 0x80) return lead;
  int length = 0;
  char32_t cp = 0;
  unsigned char low = 0x80;  // allowed range of the second byte
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, cp = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, cp = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;   // no overlongs
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, cp = lead & 0x07;
    if (lead == 0xF0) low = 0x90;   // no overlongs
    if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return kReplacement;  // stray continuation or a byte that never leads
  }
  for (int k = 1; k < length; ++k) {
    if (i >= s.size()) return kReplacement;
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const bool ok = k == 1 ? (b >= low && b <= high) : IsContinuation(b);
    if (!ok) return kReplacement;  // b is not consumed: it starts the next character
    cp = (cp << 6) | (b & 0x3F);
    ++i;
  }
  return cp;
}

}  // namespace

int32_t JavaDoubleHashCode(double v) {
  // doubleToLongBits folds every NaN into the one canonical quiet NaN.
  const uint64_t bits = v != v ? uint64_t{0x7ff8000000000000} : std::bit_cast<uint64_t>(v);
  return JavaLongHashCode(static_cast<int64_t>(bits));
}

int32_t JavaStringHashCode(std::string_view utf8) {
  uint32_t h = 0;
  size_t i = 0;
  // ASCII is one UTF-16 code unit per byte, with no decoding (most keys);
  // four at a time, h * 31^4 + c0 * 31^3 + c1 * 31^2 + c2 * 31 + c3, is the
  // same sum mod 2^32 with the multiplications independent of each other.
  const auto byte = [&](size_t k) {
    return static_cast<uint32_t>(static_cast<unsigned char>(utf8[k]));
  };
  while (i + 4 <= utf8.size() &&
         ((byte(i) | byte(i + 1) | byte(i + 2) | byte(i + 3)) & 0x80) == 0) {
    h = h * 923521u + byte(i) * 29791u + byte(i + 1) * 961u + byte(i + 2) * 31u + byte(i + 3);
    i += 4;
  }
  while (i < utf8.size() && byte(i) < 0x80) h = HashStep(h, byte(i++));
  while (i < utf8.size()) h = HashCodePoint(h, DecodeOne(utf8, i));
  return static_cast<int32_t>(h);
}

int32_t JavaHashCode(const Value& value) {
  switch (TypeOf(value)) {
    case ValueType::kNull: return 0;
    case ValueType::kBool: return JavaBooleanHashCode(std::get<bool>(value));
    case ValueType::kInt: return JavaLongHashCode(std::get<int64_t>(value));
    case ValueType::kDouble: return JavaDoubleHashCode(std::get<double>(value));
    case ValueType::kString: return JavaStringHashCode(std::get<std::string>(value));
    case ValueType::kList: break;  // a Java array hashes by identity; the planner refuses list keys
  }
  return 0;
}

int32_t JavaTupleHashCode(std::span<const Value> fields) {
  uint32_t h = 0;
  for (size_t i = 0; i < fields.size(); ++i) {
    const uint32_t field = static_cast<uint32_t>(JavaHashCode(fields[i]));
    h = i == 0 ? field : 31 * h + field;
  }
  return static_cast<int32_t>(h);
}

}  // namespace tidemark::engine
