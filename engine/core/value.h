// Typed field values: null, bool, int64, double, string, and a list of
// strings (what `split` gives, as a Java String[], §11.5).
//
// A Value's alternative index equals its ValueType, so TypeOf is O(1). Doubles
// print in their shortest round-trip form, locale-free, so that reports are
// byte-identical across machines.
#ifndef TIDEMARK_ENGINE_VALUE_H_
#define TIDEMARK_ENGINE_VALUE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tidemark::engine {

enum class ValueType { kNull = 0, kBool = 1, kInt = 2, kDouble = 3, kString = 4, kList = 5 };

using StringList = std::vector<std::string>;
using Value = std::variant<std::monostate, bool, int64_t, double, std::string, StringList>;

inline ValueType TypeOf(const Value& v) { return static_cast<ValueType>(v.index()); }

// The scenario-file spelling: "null", "bool", "int", "double", "string", "list".
std::string_view TypeName(ValueType type);
// Parses a scenario-file type name; accepts "long"/"int64" and "float" as aliases.
std::optional<ValueType> ParseTypeName(std::string_view name);
// Every accepted spelling, for error hints.
const std::vector<std::string>& TypeNames();

// Human/CSV form: null -> "null", bools "true"/"false", doubles shortest
// round-trip ("35.7", "2", "1e+21"), strings as they are, lists as
// "[a, b, c]" (as collect() prints its values).
std::string FormatValue(const Value& v);

// Numeric view of an int or double; nullopt for other types.
std::optional<double> AsDouble(const Value& v);

// Total order used for sorting outputs: by type first, then by value (NaN last
// among doubles). Ints and doubles compare numerically; lists
// lexicographically.
int CompareValues(const Value& a, const Value& b);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_VALUE_H_
