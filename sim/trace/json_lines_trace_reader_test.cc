// The JSON-lines and Kafka-dump readers: rows typed as the CSV reader types
// them, fields by path, the reserved keys, and errors at their place.
#include "sim/trace/json_lines_trace_reader.h"

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "sim/trace/csv_test_file.h"
#include "sim/trace/kafka_dump_trace_reader.h"

namespace tidemark::sim {
namespace {

using engine::Value;
using engine::ValueType;

TraceOptions JsonlOptions(TraceOptions::OnBadRow on_bad_row = TraceOptions::OnBadRow::kFail) {
  return {.schema = engine::Schema({{"user.id", ValueType::kString},
                                    {"ts", ValueType::kInt},
                                    {"temperature", ValueType::kDouble}}),
          .event_time_field = "ts",
          .on_bad_row = on_bad_row,
          .key_fields = {{.field = 0, .keyed_stream = "counts"}}};
}

template <typename Reader>
std::vector<TraceRow> ReadRows(const std::string& path, TraceOptions options) {
  Reader reader(path, std::move(options));
  std::vector<TraceRow> rows;
  TraceRow row;
  while (reader.Next(row)) rows.push_back(row);
  return rows;
}

std::vector<TraceRow> ReadJsonl(std::string_view contents, TraceOptions options = JsonlOptions()) {
  const CsvTestFile file("jsonl", contents, "trace.jsonl");
  return ReadRows<JsonLinesTraceReader>(file.path(), std::move(options));
}

// Every line of the error reading `contents` raises, the path shown as its file name.
template <typename Reader>
std::string ReaderError(std::string_view contents, std::string_view name,
                        TraceOptions options = JsonlOptions()) {
  const CsvTestFile file("json-error", contents, name);
  try {
    ReadRows<Reader>(file.path(), std::move(options));
  } catch (const engine::InputError& e) {
    std::string text = e.what();
    for (size_t at = text.find(file.path()); at != std::string::npos; at = text.find(file.path())) {
      text.replace(at, file.path().size(), name);
    }
    return text;
  }
  return "no error";
}

std::string JsonlError(std::string_view contents, TraceOptions options = JsonlOptions()) {
  const std::string text =
      ReaderError<JsonLinesTraceReader>(contents, "t.jsonl", std::move(options));
  return text.substr(0, text.find('\n'));
}

BOOST_AUTO_TEST_SUITE(json_lines_trace)

// A nested field by its path, a top-level key with a dot, numbers for a
// double, strings holding numbers (read by the CSV cell rules), the reserved
// keys, keys not in the schema skipped whatever they hold.
BOOST_AUTO_TEST_CASE(rows_are_typed_by_the_schema_and_fields_are_read_by_path) {
  const auto rows = ReadJsonl(
      "{\"user\": {\"id\": \"u1\", \"name\": \"x\"}, \"ts\": 1000, \"temperature\": 21.5, "
      "\"extra\": [1, {\"a\": 2}], \"@arrival\": 5, \"@partition\": 1}\n"
      "\n"
      "  {\"user.id\": 7, \"ts\": \"2000\", \"temperature\": 3}\r\n"
      "{\"@kind\": \"watermark\", \"ts\": 1500}\n"
      "{\"user\": {\"id\": \"u2\"}, \"ts\": 3000, \"temperature\": null}");
  BOOST_TEST_REQUIRE(rows.size() == 4u);
  BOOST_TEST((rows[0].record.values[0] == Value(std::string("u1"))));
  BOOST_TEST(rows[0].record.timestamp.millis() == 1000);
  BOOST_TEST((rows[0].record.values[2] == Value(21.5)));
  BOOST_TEST(rows[0].arrival->millis() == 5);
  BOOST_TEST(*rows[0].partition == 1);
  BOOST_TEST(rows[0].line == 1);
  // A number for a string field is its text; "2000" parses as the int 2000;
  // the int 3 is the double 3.
  BOOST_TEST((rows[1].record.values[0] == Value(std::string("7"))));
  BOOST_TEST(rows[1].record.timestamp.millis() == 2000);
  BOOST_TEST((rows[1].record.values[2] == Value(3.0)));
  BOOST_TEST(!rows[1].arrival.has_value());
  BOOST_TEST(rows[1].line == 3);  // the blank line 2 is counted
  BOOST_TEST(rows[1].record.id == 1u);
  BOOST_TEST((rows[2].kind == TraceRowKind::kWatermark));
  BOOST_TEST(rows[2].watermark.millis() == 1500);
  BOOST_TEST(std::holds_alternative<std::monostate>(rows[2].record.values[0]));
  BOOST_TEST(std::holds_alternative<std::monostate>(rows[3].record.values[2]));
}

BOOST_AUTO_TEST_CASE(a_list_field_takes_an_array_of_strings) {
  TraceOptions options{
      .schema = engine::Schema({{"ts", ValueType::kInt}, {"tags", ValueType::kList}}),
      .event_time_field = "ts"};
  const auto rows = ReadJsonl("{\"ts\": 1, \"tags\": [\"a\", 2, true]}\n", options);
  BOOST_TEST_REQUIRE(rows.size() == 1u);
  BOOST_TEST((rows[0].record.values[1] == Value(engine::StringList{"a", "2", "true"})));
}

// Columns count characters: "é" is two bytes, one column.
BOOST_AUTO_TEST_CASE(errors_name_the_line_and_column_of_the_value) {
  BOOST_TEST(JsonlError("{\"user.id\": \"é\", \"ts\": 1000, \"temperature\": \"hot\"}\n") ==
             "t.jsonl:1:45: error: field 'temperature' expects a double, got 'hot'");
  BOOST_TEST(JsonlError("{\"user\": {\"id\": \"a\"}, \"ts\": 1.5, \"temperature\": 1}\n") ==
             "t.jsonl:1:29: error: field 'ts' expects an int, got '1.5'");
  BOOST_TEST(JsonlError("{\"user\": {\"id\": null}, \"ts\": 1, \"temperature\": 1}\n")
                 .starts_with("t.jsonl:1:17: error: key field 'user.id' is empty"));
  BOOST_TEST(JsonlError("{\"user\": {\"id\": \"a\"}, \"ts\": null, \"temperature\": 1}\n") ==
             "t.jsonl:1:29: error: event-time field 'ts' is null");
  // The second "ts" key is the duplicate: column 11 (one error a row).
  BOOST_TEST(JsonlError("{\"ts\": 1, \"ts\": 2, \"ts\": 3}") ==
             "t.jsonl:1:11: error: field 'ts' appears twice");
  BOOST_TEST(JsonlError("{\"@arival\": 1}") ==
             "t.jsonl:1:2: error: unknown reserved key '@arival'");
  // "user" names no field (the field is user.id), so it is skipped, and the
  // event lacks user.id: at the start of the line.
  BOOST_TEST(JsonlError("{\"user\": \"a\", \"ts\": 1}") ==
             "t.jsonl:1:1: error: the event has no field 'user.id'");
}

BOOST_AUTO_TEST_CASE(syntax_errors_point_at_the_offending_character) {
  BOOST_TEST(JsonlError("{\"ts\": x}") ==
             "t.jsonl:1:8: error: invalid JSON: syntax error while parsing value - invalid "
             "literal; last read '\"ts\": x'");
  BOOST_TEST(JsonlError("[1, 2]").starts_with(
      "t.jsonl:1:1: error: a row is one JSON object, got an array"));
}

// A misspelt key: the missing field is reported with the key that is near it.
BOOST_AUTO_TEST_CASE(a_missing_field_suggests_the_key_written_instead) {
  const std::string text = ReaderError<JsonLinesTraceReader>(
      "{\"user\": {\"id\": \"a\"}, \"ts\": 1, \"temprature\": 1}\n", "t.jsonl");
  BOOST_TEST(text ==
             "t.jsonl:1:1: error: the event has no field 'temperature'\n"
             "  hint: did you mean 'temprature'? an event names every schema field; write null "
             "for no value");
}

// Every bad line of the file in one error, in file order.
BOOST_AUTO_TEST_CASE(every_bad_line_is_reported_at_once) {
  const std::string text = ReaderError<JsonLinesTraceReader>(
      "{\"user.id\": \"a\", \"ts\": \"x\", \"temperature\": 1}\n"
      "{\"user.id\": \"a\", \"ts\": 2, \"temperature\": 1}\n"
      "not json\n",
      "t.jsonl");
  BOOST_TEST(text.find("t.jsonl:1:24: error:") != std::string::npos);
  BOOST_TEST(text.find("t.jsonl:3:") != std::string::npos);
  BOOST_TEST(text.find("invalid JSON") != std::string::npos);
  BOOST_TEST(text.find("t.jsonl:2:") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_lines_become_dead_letters_when_routed) {
  const auto rows = ReadJsonl("{\"user.id\": \"a\", \"ts\": 1, \"temperature\": 1}\n{oops\n",
                              JsonlOptions(TraceOptions::OnBadRow::kRoute));
  BOOST_TEST_REQUIRE(rows.size() == 2u);
  BOOST_TEST((rows[1].kind == TraceRowKind::kParseFailure));
  BOOST_TEST(rows[1].raw == "{oops");
  BOOST_TEST(rows[1].line == 2);
  BOOST_TEST(rows[1].record.id == 1u);
  BOOST_TEST(rows[1].error.find(":2:2: error: invalid JSON") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(kafka_dump_trace)

std::vector<TraceRow> ReadKafka(std::string_view contents) {
  const CsvTestFile file("kafka", contents, "topic.kafka");
  return ReadRows<KafkaDumpTraceReader>(file.path(), JsonlOptions());
}

std::string KafkaError(std::string_view contents) {
  const std::string text = ReaderError<KafkaDumpTraceReader>(contents, "t.kafka");
  return text.substr(0, text.find('\n'));
}

// The timestamp is @arrival, the partition @partition; the key is not read
// and NO_TIMESTAMP leaves the arrival to the source's pace.
BOOST_AUTO_TEST_CASE(timestamp_and_partition_come_from_the_record) {
  const auto rows = ReadKafka(
      "CreateTime:1700000000000\tPartition:2\tOffset:5\tu1\t{\"user\": {\"id\": \"u1\"}, \"ts\": "
      "10, \"temperature\": 1.5}\n"
      "LogAppendTime:1700000000001\tPartition:0\tOffset:6\tnull\t{\"user.id\": \"u2\", \"ts\": "
      "20, \"temperature\": 2}\n"
      "NO_TIMESTAMP\tPartition:1\tOffset:0\tk\t{\"user.id\": \"u3\", \"ts\": 30, "
      "\"temperature\": 3}\n");
  BOOST_TEST_REQUIRE(rows.size() == 3u);
  BOOST_TEST(rows[0].arrival->millis() == 1700000000000);
  BOOST_TEST(*rows[0].partition == 2);
  BOOST_TEST((rows[0].record.values[0] == Value(std::string("u1"))));
  BOOST_TEST(rows[0].record.timestamp.millis() == 10);
  BOOST_TEST(rows[1].arrival->millis() == 1700000000001);
  BOOST_TEST(*rows[1].partition == 0);
  BOOST_TEST(!rows[2].arrival.has_value());
  BOOST_TEST(*rows[2].partition == 1);
}

// Columns count from the start of the line: "CreateTime:1<TAB>" is 13
// characters, "Partition:0<TAB>" 12, "Offset:0<TAB>" 9, "k<TAB>" 2, so the key
// starts at column 35 and the value at 37; "ts"'s value is its 24th character.
BOOST_AUTO_TEST_CASE(errors_are_located_in_the_line) {
  BOOST_TEST(KafkaError("Time:1\tPartition:0\tOffset:0\tk\t{}\n") ==
             "t.kafka:1:1: error: expected the record's timestamp, as in "
             "CreateTime:1700000000000, got 'Time:1'");
  BOOST_TEST(KafkaError("CreateTime:1\tPartition:-1\tOffset:0\tk\t{}\n") ==
             "t.kafka:1:14: error: expected the record's partition, as in Partition:0, got "
             "'Partition:-1'");
  BOOST_TEST(KafkaError("CreateTime:1\tPartition:0\tOffset:0\tk\t{\"user.id\": \"a\", \"ts\": "
                        "\"x\", \"temperature\": 1}\n") ==
             "t.kafka:1:60: error: field 'ts' expects an int, got 'x'");
  BOOST_TEST(KafkaError("CreateTime:1\tPartition:0\tOffset:0\tk\t{\"@arrival\": 1}\n") ==
             "t.kafka:1:38: error: a Kafka record's value cannot set '@arrival'");
  BOOST_TEST(KafkaError("CreateTime:1\tPartition:0\tOffset:0\tk\n") ==
             "t.kafka:1:35: error: the record has no key and value after its offset");
}

// A value that is not a JSON object is CSV: the schema's fields in order
// (user.id, ts, temperature), quoted as in a CSV trace.
BOOST_AUTO_TEST_CASE(a_csv_value_holds_the_schema_fields_in_order) {
  const auto rows = ReadKafka(
      "CreateTime:1700000000000\tPartition:1\tOffset:0\tk\tu1,10,1.5\n"
      "CreateTime:1700000000001\tPartition:0\tOffset:1\tk\t\"u,1\",  20 , 2.5\n"
      "NO_TIMESTAMP\tPartition:0\tOffset:2\tk\t\"\",30,\n");
  BOOST_TEST_REQUIRE(rows.size() == 3u);
  BOOST_TEST(rows[0].arrival->millis() == 1700000000000);
  BOOST_TEST(*rows[0].partition == 1);
  BOOST_TEST((rows[0].record.values[0] == Value(std::string("u1"))));
  BOOST_TEST(rows[0].record.timestamp.millis() == 10);
  BOOST_TEST((rows[0].record.values[2] == Value(1.5)));
  // Quoted commas stay in the cell; spaces around cells go.
  BOOST_TEST((rows[1].record.values[0] == Value(std::string("u,1"))));
  BOOST_TEST(rows[1].record.timestamp.millis() == 20);
  // A quoted empty cell is the empty string (so the key is not null); an
  // empty one is null.
  BOOST_TEST((rows[2].record.values[0] == Value(std::string())));
  BOOST_TEST(std::holds_alternative<std::monostate>(rows[2].record.values[2]));
  BOOST_TEST((rows[2].kind == TraceRowKind::kEvent));
}

// The value starts at column 37 (see above); a cell's error points at it.
BOOST_AUTO_TEST_CASE(csv_value_errors_point_at_the_cell) {
  const std::string prefix = "CreateTime:1\tPartition:0\tOffset:0\tk\t";
  BOOST_TEST(KafkaError(prefix + "u1,x,1.5\n") ==
             "t.kafka:1:40: error: field 'ts' expects an int, got 'x'");
  BOOST_TEST(KafkaError(prefix + "u1,10\n") ==
             "t.kafka:1:37: error: the CSV value has 2 cells, the schema 3 fields");
  BOOST_TEST(KafkaError(prefix + "u1,10,1,9\n") ==
             "t.kafka:1:45: error: the CSV value has 4 cells, the schema 3 fields");
  BOOST_TEST(KafkaError(prefix + "u1,,1.5\n") ==
             "t.kafka:1:40: error: event-time field 'ts' is empty");
  BOOST_TEST(KafkaError(prefix + "\"u1,10,1.5\n") ==
             "t.kafka:1:37: error: a quoted cell is not closed");
  BOOST_TEST(
      KafkaError(prefix + ",10,1.5\n")
          .starts_with(
              "t.kafka:1:37: error: key field 'user.id' is empty: stream 'counts' keys by it"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
