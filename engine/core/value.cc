#include "engine/core/value.h"

#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace tidemark::engine {

std::string_view TypeName(ValueType type) {
  switch (type) {
    case ValueType::kNull: return "null";
    case ValueType::kBool: return "bool";
    case ValueType::kInt: return "int";
    case ValueType::kDouble: return "double";
    case ValueType::kString: return "string";
    case ValueType::kList: return "list";
  }
  return "?";
}

const std::vector<std::string>& TypeNames() {
  static const std::vector<std::string> names = {"string", "int", "double", "bool", "list"};
  return names;
}

std::optional<ValueType> ParseTypeName(std::string_view name) {
  if (name == "string") return ValueType::kString;
  if (name == "int" || name == "long" || name == "int64") return ValueType::kInt;
  if (name == "double" || name == "float") return ValueType::kDouble;
  if (name == "bool" || name == "boolean") return ValueType::kBool;
  if (name == "list") return ValueType::kList;
  return std::nullopt;
}

std::string FormatValue(const Value& v) {
  switch (TypeOf(v)) {
    case ValueType::kNull: return "null";
    case ValueType::kBool: return std::get<bool>(v) ? "true" : "false";
    case ValueType::kInt: return fmt::format("{}", std::get<int64_t>(v));
    case ValueType::kDouble: return fmt::format("{}", std::get<double>(v));
    case ValueType::kString: return std::get<std::string>(v);
    case ValueType::kList: return fmt::format("[{}]", fmt::join(std::get<StringList>(v), ", "));
  }
  return "?";
}

std::optional<double> AsDouble(const Value& v) {
  if (const auto* i = std::get_if<int64_t>(&v)) return static_cast<double>(*i);
  if (const auto* d = std::get_if<double>(&v)) return *d;
  return std::nullopt;
}

namespace {
int CompareDoubles(double a, double b) {
  const bool a_nan = std::isnan(a);
  const bool b_nan = std::isnan(b);
  if (a_nan || b_nan) return static_cast<int>(a_nan) - static_cast<int>(b_nan);
  return (a > b) - (a < b);
}
int Rank(ValueType t) {
  return t == ValueType::kDouble ? static_cast<int>(ValueType::kInt) : static_cast<int>(t);
}
}  // namespace

int CompareValues(const Value& a, const Value& b) {
  const ValueType ta = TypeOf(a);
  const ValueType tb = TypeOf(b);
  if (Rank(ta) != Rank(tb)) return Rank(ta) < Rank(tb) ? -1 : 1;
  switch (ta) {
    case ValueType::kNull: return 0;
    case ValueType::kBool:
      return static_cast<int>(std::get<bool>(a)) - static_cast<int>(std::get<bool>(b));
    case ValueType::kString:
      return std::get<std::string>(a).compare(std::get<std::string>(b)) < 0
                 ? -1
                 : (std::get<std::string>(a) == std::get<std::string>(b) ? 0 : 1);
    case ValueType::kList: {
      const StringList& x = std::get<StringList>(a);
      const StringList& y = std::get<StringList>(b);
      return x < y ? -1 : (x == y ? 0 : 1);
    }
    case ValueType::kInt:
    case ValueType::kDouble:
      if (ta == ValueType::kInt && tb == ValueType::kInt) {
        const int64_t x = std::get<int64_t>(a);
        const int64_t y = std::get<int64_t>(b);
        return (x > y) - (x < y);
      }
      return CompareDoubles(*AsDouble(a), *AsDouble(b));
  }
  return 0;
}

}  // namespace tidemark::engine
