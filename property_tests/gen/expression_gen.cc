#include "property_tests/gen/expression_gen.h"

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <rapidcheck.h>

namespace tidemark::props {

using engine::Field;
using engine::Record;
using engine::Schema;
using engine::Value;
using engine::ValueType;

const Schema& FuzzSchema() {
  static const Schema schema({{"ts", ValueType::kInt},
                              {"count", ValueType::kInt},
                              {"temperature", ValueType::kDouble},
                              {"ratio", ValueType::kDouble},
                              {"city", ValueType::kString},
                              {"odd name", ValueType::kString},
                              {"is_test", ValueType::kBool},
                              {"flag", ValueType::kBool}});
  return schema;
}

Value RandomValue(ValueType type) {
  if (*rc::gen::inRange(0, 5) == 0) return std::monostate{};
  switch (type) {
    case ValueType::kBool: return *rc::gen::arbitrary<bool>();
    case ValueType::kInt:
      return *rc::gen::oneOf(rc::gen::inRange<int64_t>(-20, 20), rc::gen::arbitrary<int64_t>());
    case ValueType::kDouble:
      return *rc::gen::oneOf(
          rc::gen::map(rc::gen::inRange(-2000, 2000), [](int x) { return x / 8.0; }),
          rc::gen::arbitrary<double>());
    case ValueType::kString:
      return *rc::gen::oneOf(rc::gen::elementOf(std::vector<std::string>{
                                 "", "Berlin", "paris", "42", "-7", "2.5", "true", "a b"}),
                             rc::gen::string<std::string>());
    case ValueType::kNull:
    case ValueType::kList:  // FuzzSchema has no list field
      break;
  }
  return std::monostate{};
}

Record RandomRecord() {
  Record record;
  for (const Field& field : FuzzSchema().fields()) record.values.push_back(RandomValue(field.type));
  return record;
}

}  // namespace tidemark::props
