// JsonPlainRowParser: the one-pass reading of a JSON row that uses nothing
// but the plain part of JSON: one object of keys and values without escapes,
// only ASCII in strings, values that are numbers, plain strings, true, false,
// null or nested objects, the optional @arrival and @partition as integers.
// Nearly every row of a generated or exported JSON-lines trace (and of a
// Kafka topic's JSON values) is such a row.
//
// It reads the object straight into the row by the same rules as
// JsonRowParser (json_row_parser.h), which is the only judge of what a row
// means: for any text it takes, the row it writes is the one JsonRowParser
// writes (json_plain_row_test.cc checks so over random rows). It declines,
// returning false, whatever it cannot take whole: an escape, a non-ASCII
// byte, an array, @kind, a duplicate or missing field, a value of another
// type than its field's, an out-of-range number, a null key or event time,
// invalid JSON. JsonRowParser then reads the text again and says what is
// wrong with it, so errors come from one place.
#ifndef TIDEMARK_SIM_TRACE_JSON_PLAIN_ROW_H_
#define TIDEMARK_SIM_TRACE_JSON_PLAIN_ROW_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/schema.h"
#include "sim/trace/null_key.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

class JsonPlainRowParser {
 public:
  // As JsonRowParser::Options: `timing_keys` says whether @arrival and
  // @partition may be written.
  JsonPlainRowParser(const engine::Schema& schema, size_t event_time_field,
                     const std::vector<KeyField>& key_fields, bool timing_keys);

  // Fills every typed part of `row` from `text` and returns true; or returns
  // false with `row` partly written.
  bool Parse(std::string_view text, TraceRow& row);

 private:
  // `depth` 0 is the row's object; deeper objects than kMaxDepth are left to
  // the general path, whose parser keeps its own stack (no recursion to
  // overflow on a line of a million '{').
  bool Object(size_t path_length, int depth);
  bool Value(size_t field, int depth);  // field: a schema index, or kSkip, kArrival, kPartition
  bool String(std::string_view& out);
  bool Number(std::string_view& out, bool& integral);
  bool Literal(std::string_view word);
  void SkipSpace();

  static constexpr int kMaxDepth = 16;
  static constexpr size_t kSkip = static_cast<size_t>(-1);
  static constexpr size_t kArrival = static_cast<size_t>(-2);
  static constexpr size_t kPartition = static_cast<size_t>(-3);

  std::vector<std::string> names_;
  std::vector<engine::ValueType> types_;
  size_t event_time_field_;
  std::vector<size_t> key_fields_;
  bool timing_keys_;

  // The row being read.
  std::string_view text_;
  size_t at_ = 0;
  TraceRow* row_ = nullptr;
  std::vector<bool> seen_;
  bool seen_arrival_ = false;
  bool seen_partition_ = false;
  std::string path_;  // the current key's path
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_JSON_PLAIN_ROW_H_
