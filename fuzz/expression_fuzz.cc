// Fuzz target: an expression's text (a `when:`, `select:` or aggregate
// argument) compiled against a fixed schema; one that compiles is evaluated
// on records with ordinary, extreme and null values.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/expressions/expression.h"
#include "fuzz/fuzz_target.h"

namespace {

using tidemark::engine::Record;
using tidemark::engine::Value;
using tidemark::engine::ValueType;

const tidemark::engine::Schema& FuzzSchema() {
  static const tidemark::engine::Schema schema({{"sensor_id", ValueType::kString},
                                                {"ts", ValueType::kInt},
                                                {"temperature", ValueType::kDouble},
                                                {"ok", ValueType::kBool}});
  return schema;
}

std::vector<Record> FuzzRecords() {
  const auto ts = tidemark::engine::Timestamp::Millis(0);
  return {
      Record{.id = 1, .timestamp = ts, .values = {std::string("s1"), int64_t{1000}, 20.5, true}},
      Record{.id = 2,
             .timestamp = ts,
             .values = {std::string(""), std::numeric_limits<int64_t>::min(),
                        std::numeric_limits<double>::infinity(), false}},
      Record{.id = 3,
             .timestamp = ts,
             .values = {std::string("\xff\0x", 3), std::numeric_limits<int64_t>::max(),
                        std::nan(""), true}},
      Record{.id = 4, .timestamp = ts, .values = {Value{}, Value{}, Value{}, Value{}}},
  };
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static const std::vector<Record> records = FuzzRecords();
  try {
    const auto expression =
        tidemark::engine::Expression::Compile(text, FuzzSchema(), {"fuzz.yaml", 1, 1});
    for (const Record& record : records) (void)expression.Evaluate(record);
  } catch (const tidemark::engine::InputError& error) {
    tidemark::fuzz::CheckLocated(error, text, "fuzz.yaml");
  }
  return 0;
}
