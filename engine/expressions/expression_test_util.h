// Shared fixtures for the expression tests: a schema with a field of every
// type (and some that hold null), and a row of known values.
#ifndef TIDEMARK_ENGINE_EXPRESSION_TEST_UTIL_H_
#define TIDEMARK_ENGINE_EXPRESSION_TEST_UTIL_H_

#include <string>
#include <string_view>

#include <fmt/format.h>

#include "engine/expressions/expression.h"

namespace tidemark::engine::testing {

inline const Schema& SensorSchema() {
  static const Schema schema({{"sensor_id", ValueType::kString},
                              {"ts", ValueType::kInt},
                              {"temperature", ValueType::kDouble},
                              {"city", ValueType::kString},
                              {"is_test", ValueType::kBool},
                              {"count", ValueType::kInt},
                              {"client_ip", ValueType::kString},
                              {"odd name", ValueType::kInt},
                              {"maybe_int", ValueType::kInt},
                              {"maybe_double", ValueType::kDouble},
                              {"maybe_string", ValueType::kString},
                              {"maybe_bool", ValueType::kBool}});
  return schema;
}

// sensor_id "s-1", ts 1000, temperature 31.5, city "Berlin", is_test false,
// count 7, client_ip "10.0.0.17", `odd name` 3, and the maybe_* fields null.
inline Record SensorRow() {
  return Record{.id = 1,
                .timestamp = Timestamp::Min(),
                .values = {std::string("s-1"), int64_t{1000}, 31.5, std::string("Berlin"), false,
                           int64_t{7}, std::string("10.0.0.17"), int64_t{3}, std::monostate{},
                           std::monostate{}, std::monostate{}, std::monostate{}}};
}

inline const SourceLocation& TestOrigin() {
  static const SourceLocation origin{.file = "s.yaml", .line = 12, .column = 9};
  return origin;
}

// "int 3", "string abc", "null null": the type and value, for readable asserts.
inline std::string Show(const Value& value) {
  return fmt::format("{} {}", TypeName(TypeOf(value)), FormatValue(value));
}

// Compiles `text` against SensorSchema and evaluates it on SensorRow.
inline std::string Eval(std::string_view text) {
  return Show(Expression::Compile(text, SensorSchema(), TestOrigin()).Evaluate(SensorRow()));
}

}  // namespace tidemark::engine::testing

#endif  // TIDEMARK_ENGINE_EXPRESSION_TEST_UTIL_H_
