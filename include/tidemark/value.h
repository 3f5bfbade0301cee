// The values a run produces: points in time, typed field values and the
// fields of a sink.
//
// Times are milliseconds, as in Flink. Timestamp::Min() is Flink's
// Long.MIN_VALUE: "no timestamp" on a record and "no watermark yet";
// Timestamp::Max() is the watermark at the end of a bounded input.
#ifndef TIDEMARK_VALUE_H_
#define TIDEMARK_VALUE_H_

#include <compare>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tidemark {

// A point in event time or processing time, in milliseconds.
class Timestamp {
 public:
  constexpr Timestamp() = default;
  static constexpr Timestamp Millis(int64_t ms) { return Timestamp(ms); }
  static constexpr Timestamp Min() { return Timestamp(std::numeric_limits<int64_t>::min()); }
  static constexpr Timestamp Max() { return Timestamp(std::numeric_limits<int64_t>::max()); }

  constexpr int64_t millis() const { return ms_; }
  constexpr bool is_min() const { return *this == Min(); }
  constexpr bool is_max() const { return *this == Max(); }
  constexpr auto operator<=>(const Timestamp&) const = default;

  // "10499"; "-inf" for Min and "+inf" for Max, as expectations write them.
  std::string ToString() const;

 private:
  constexpr explicit Timestamp(int64_t ms) : ms_(ms) {}
  int64_t ms_ = 0;
};

// The types of a scenario's schema; a Value's index() equals its Type.
enum class Type { kNull = 0, kBool = 1, kInt = 2, kDouble = 3, kString = 4, kList = 5 };

// null, bool, int, double, string, and a list of strings (what `split` gives).
using Value =
    std::variant<std::monostate, bool, int64_t, double, std::string, std::vector<std::string>>;

// The scenario-file spelling: "null", "bool", "int", "double", "string", "list".
std::string_view TypeName(Type type);

// As a trace cell or CSV output writes it: "null", "true", doubles in their
// shortest round-trip form ("21.75", "30"), strings as they are, lists as
// "[a, b]". Locale-free.
std::string FormatValue(const Value& value);

struct Field {
  std::string name = {};
  Type type = Type::kNull;
  bool operator==(const Field&) const = default;
};

}  // namespace tidemark

#endif  // TIDEMARK_VALUE_H_
