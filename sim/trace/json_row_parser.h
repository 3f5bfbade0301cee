// JsonRowParser: one JSON object — a row of a JSON-lines trace, or the value
// of a record in a Kafka dump — read into a TraceRow by the source schema.
//
// Keys name fields by path: the keys from the top object down to a value,
// joined by '.', so the schema field `user.id` is read from
// {"user": {"id": 7}} (and also from a top-level key "user.id"). Keys that name
// no field are skipped, whatever they hold; arrays are read only as the value
// of a `list` field. Values are typed as a CSV cell is (csv_cell.h), with what
// JSON adds, as Flink's JSON format converts them
// (flink-formats/flink-json/.../JsonToRowDataConverters.java):
//   int     a JSON integer, or a string holding one ("42");
//   double  any JSON number, or a string holding one;
//   bool    true or false, or a string holding one;
//   string  a string; a number or a bool is taken as its text;
//   list    an array of strings (numbers and bools by their text), or a
//           string written as a list cell ("[a, b]");
//   null    null, for a field of any type.
// The top object's `@arrival`, `@partition` and `@kind` keys are the CSV
// reader's reserved columns (trace_header.h), each optional, null meaning
// absent; any other top-level '@' key is an error. An event names every schema
// field (null for no value); a watermark, idle or active row may leave fields
// out. A key named twice, an object or array where a value belongs, and
// anything the CSV reader refuses (an empty event time, a null key field) are
// errors at the key or value, as a byte offset into the text.
//
// A plain row is read in one pass by JsonPlainRowParser (json_plain_row.h);
// any other goes through nlohmann's SAX interface straight into the row, with
// no document built; an error's position is found by scanning the text again,
// which only errors pay for.
#ifndef TIDEMARK_SIM_TRACE_JSON_ROW_PARSER_H_
#define TIDEMARK_SIM_TRACE_JSON_ROW_PARSER_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/schema.h"
#include "sim/trace/json_plain_row.h"
#include "sim/trace/null_key.h"
#include "sim/trace/trace_row.h"

namespace tidemark::sim {

// Why a row was refused: `offset` is the byte of `text` the error points at.
struct RowError {
  size_t offset = 0;
  std::string message;
  std::string hint;
};

// Sets `error` and returns false, for a parser's refusals.
inline bool RefuseRow(RowError& error, size_t offset, std::string message, std::string hint) {
  error.offset = offset;
  error.message = std::move(message);
  error.hint = std::move(hint);
  return false;
}

class JsonRowParser {
 public:
  struct Options {
    engine::Schema schema;
    size_t event_time_field = 0;  // an int field of the schema
    std::vector<KeyField> key_fields = {};
    bool dead_letter = false;  // whether bad rows are routed (for the null-key hint)
    // Whether @arrival and @partition may be written. A Kafka record's value
    // may not: the record's timestamp and partition are those.
    bool timing_keys = true;
    // Plain rows are read in one pass. Both ways give the same rows; false
    // exists so that tests can check that they do.
    bool plain_rows = true;
  };

  explicit JsonRowParser(Options options);
  ~JsonRowParser();
  JsonRowParser(const JsonRowParser&) = delete;
  JsonRowParser& operator=(const JsonRowParser&) = delete;

  // Fills every typed part of `row` (kind, values, timestamp, arrival,
  // partition, watermark) from `text` and returns true; or returns false with
  // `error` set and `row` partly written.
  bool Parse(std::string_view text, TraceRow& row, RowError& error);

 private:
  struct Handler;
  std::unique_ptr<Handler> handler_;
  JsonPlainRowParser plain_;  // tried first; the handler reads what it declines
  bool plain_rows_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_JSON_ROW_PARSER_H_
