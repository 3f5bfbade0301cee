#include "sim/trace/csv_trace_reader.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/record.h"
#include "sim/trace/csv_test_file.h"
#include "sim/trace/trace_input.h"

namespace tidemark::sim {
namespace {

using engine::Timestamp;
using engine::Value;
using engine::ValueType;

TraceOptions SensorOptions(TraceOptions::OnBadRow on_bad_row = TraceOptions::OnBadRow::kFail) {
  return {.schema = engine::Schema({{"sensor_id", ValueType::kString},
                                    {"ts", ValueType::kInt},
                                    {"temperature", ValueType::kDouble}}),
          .event_time_field = "ts",
          .on_bad_row = on_bad_row};
}

// The error reading `contents` to the end raises, as printed: "file:line:col: error: ...",
// with the temporary file's path replaced by "trace.csv".
std::string CsvError(std::string_view contents, TraceOptions options = SensorOptions()) {
  const CsvTestFile file(boost::unit_test::framework::current_test_case().p_name.get(), contents);
  try {
    ReadCsvTrace(file.path(), std::move(options));
  } catch (const engine::InputError& e) {
    std::string text = e.what();
    BOOST_TEST(text.rfind(file.path(), 0) == 0u);
    return "trace.csv" + text.substr(file.path().size());
  }
  return "no error";
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

BOOST_AUTO_TEST_SUITE(csv_trace_reader)

// A schema built in code may hold a null-typed field (scenario files cannot
// declare one): an empty cell is its null, anything else a bad row, read the
// same with and without the one-pass parser of plain lines.
BOOST_AUTO_TEST_CASE(a_null_typed_field_reads_alike_with_and_without_the_one_pass_parser) {
  const CsvTestFile file("null_typed", "ts,nothing\n1000,\n2000,x\n");
  for (const bool one_pass : {true, false}) {
    TraceOptions options{
        .schema = engine::Schema({{"ts", ValueType::kInt}, {"nothing", ValueType::kNull}}),
        .event_time_field = "ts",
        .on_bad_row = TraceOptions::OnBadRow::kRoute,
        .one_pass_plain_rows = one_pass};
    const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), options);
    BOOST_TEST_REQUIRE(rows.size() == 2u);
    BOOST_TEST((rows[0].record.values == std::vector<Value>{int64_t{1000}, Value()}));
    BOOST_TEST((rows[1].kind == TraceRowKind::kParseFailure));
    BOOST_TEST(rows[1].error.find("column 'nothing' expects a null, got 'x'") != std::string::npos);
  }
}

// Ids name the source as well as the row (engine/core/record.h): source 3's
// rows are MakeRecordId(3, n), whichever path reads them — the one-pass
// parser (row 0), the general one (row 1, quoted) or a routed bad row (row 2).
BOOST_AUTO_TEST_CASE(ids_name_the_source_given_by_the_trace_source) {
  const CsvTestFile file("source_index",
                         "sensor_id,ts,temperature\ns1,1000,20\n\"s2\",2000,21\n"
                         "s3,soon,22\n");
  TraceSource source{.source_name = "r",
                     .path = file.path(),
                     .path_where = {},
                     .rows = {},
                     .schema = SensorOptions().schema,
                     .event_time_field = "ts",
                     .on_bad_row = TraceOptions::OnBadRow::kRoute};
  source.source_index = 3;
  const std::unique_ptr<TraceInput> input = OpenTrace(source);
  std::vector<TraceRow> rows;
  while (std::optional<TraceRow> row = input->Next()) rows.push_back(std::move(*row));
  BOOST_TEST_REQUIRE(rows.size() == 3u);
  for (uint64_t r = 0; r < 3; ++r) {
    BOOST_TEST(rows[r].record.id == engine::MakeRecordId(3, r));
    BOOST_TEST(engine::RecordSource(rows[r].record.id) == 3u);
    BOOST_TEST(engine::RecordRow(rows[r].record.id) == r);
  }
  BOOST_TEST((rows[2].kind == TraceRowKind::kParseFailure));
}

BOOST_AUTO_TEST_CASE(reads_typed_values_in_schema_order_with_ids_from_zero) {
  const CsvTestFile file("typed", "ts,temperature,sensor_id\n1000,21.5,s1\n2000,-3,\"s,2\"\n");
  const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), SensorOptions());
  BOOST_TEST_REQUIRE(rows.size() == 2u);
  BOOST_TEST(rows[0].record.id == 0u);
  BOOST_TEST(rows[1].record.id == 1u);
  BOOST_TEST((rows[0].record.values == std::vector<Value>{std::string("s1"), int64_t{1000}, 21.5}));
  BOOST_TEST(
      (rows[1].record.values == std::vector<Value>{std::string("s,2"), int64_t{2000}, -3.0}));
  BOOST_TEST((rows[1].record.timestamp == Timestamp::Millis(2000)));
  BOOST_TEST(rows[0].line == 2);
  BOOST_TEST(rows[1].line == 3);
  BOOST_TEST((rows[0].kind == TraceRowKind::kEvent));
  BOOST_TEST(!rows[0].arrival.has_value());
  BOOST_TEST(!rows[0].partition.has_value());
}

BOOST_AUTO_TEST_CASE(reads_arrival_partition_and_kind_columns) {
  const CsvTestFile file("reserved",
                         "@kind,sensor_id,ts,temperature,@arrival,@partition\n"
                         ",s1,5,1.0,100,0\n"
                         "event,s1,6,2.0,,3\n"
                         "watermark,,4000,,110,1\n"
                         "idle,,,,120,2\n"
                         "active,,,,,2\n");
  const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), SensorOptions());
  BOOST_TEST_REQUIRE(rows.size() == 5u);
  BOOST_TEST((rows[0].kind == TraceRowKind::kEvent));
  BOOST_TEST((rows[0].arrival == Timestamp::Millis(100)));
  BOOST_TEST((rows[0].partition == 0));
  BOOST_TEST((rows[1].kind == TraceRowKind::kEvent));
  BOOST_TEST(!rows[1].arrival.has_value());
  BOOST_TEST((rows[1].partition == 3));
  BOOST_TEST((rows[2].kind == TraceRowKind::kWatermark));
  BOOST_TEST((rows[2].watermark == Timestamp::Millis(4000)));
  BOOST_TEST((rows[2].record.values[0] == Value()));
  BOOST_TEST((rows[3].kind == TraceRowKind::kIdle));
  BOOST_TEST((rows[3].partition == 2));
  BOOST_TEST(rows[3].record.timestamp.is_min());
  BOOST_TEST((rows[4].kind == TraceRowKind::kActive));
  // Ids count data rows of every kind.
  BOOST_TEST(rows[4].record.id == 4u);
}

BOOST_AUTO_TEST_CASE(empty_unquoted_cell_is_null_and_quoted_empty_is_the_empty_string) {
  const CsvTestFile file("nulls", "sensor_id,ts,temperature\n,1,\n\"\",2, \n  \"\" ,3,\"\"\n");
  CsvTraceReader reader(file.path(), SensorOptions());
  const TraceRow a = *reader.Next();
  BOOST_TEST((a.record.values[0] == Value()));
  BOOST_TEST((a.record.values[2] == Value()));
  const TraceRow b = *reader.Next();
  BOOST_TEST((b.record.values[0] == Value(std::string())));
  BOOST_TEST((b.record.values[2] == Value()));  // spaces around a cell are ignored
  // "" is the empty string only where a string can be; elsewhere it is null,
  // as writers that quote every cell write a null.
  const TraceRow c = *reader.Next();
  BOOST_TEST((c.record.values[0] == Value(std::string())));
  BOOST_TEST((c.record.values[2] == Value()));
  BOOST_TEST(!reader.Next().has_value());
}

BOOST_AUTO_TEST_CASE(skips_blank_lines_but_counts_them) {
  // Line 4 is empty here; with spaces on it, it is an error (below).
  const CsvTestFile file("blank", "\nsensor_id,ts,temperature\n\n\ns1,1,1\n\r\n\ns2,2,2\n\n");
  const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), SensorOptions());
  BOOST_TEST_REQUIRE(rows.size() == 2u);
  BOOST_TEST(rows[0].line == 5);
  BOOST_TEST(rows[1].line == 8);
  BOOST_TEST(rows[1].record.id == 1u);
}

BOOST_AUTO_TEST_CASE(reads_a_last_row_without_a_final_newline) {
  const CsvTestFile file("no_newline", "sensor_id,ts,temperature\ns1,1,1.5");
  const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), SensorOptions());
  BOOST_TEST_REQUIRE(rows.size() == 1u);
  BOOST_TEST((rows[0].record.values[2] == Value(1.5)));
}

BOOST_AUTO_TEST_CASE(reads_crlf_files_and_keeps_line_numbers) {
  const CsvTestFile file("crlf", "sensor_id,ts,temperature\r\ns1,1,1\r\n\r\ns2,2,2\r\n");
  const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), SensorOptions());
  BOOST_TEST_REQUIRE(rows.size() == 2u);
  BOOST_TEST((rows[1].record.values[0] == Value(std::string("s2"))));
  BOOST_TEST((rows[1].record.values[2] == Value(2.0)));
  BOOST_TEST(rows[1].line == 4);
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\r\ns1,1,1\r\ns2,x,2\r\n")) ==
             "trace.csv:3:4: error: column 'ts' expects an int, got 'x'");
}

BOOST_AUTO_TEST_CASE(drops_a_utf8_byte_order_mark_and_counts_columns_after_it) {
  const CsvTestFile file("bom", "\xEF\xBB\xBFsensor_id,ts,temperature\ns1,1,1\n");
  BOOST_TEST(ReadCsvTrace(file.path(), SensorOptions()).size() == 1u);
  BOOST_TEST(FirstLine(CsvError("\xEF\xBB\xBFsensor_id,tz,temperature\n")) ==
             "trace.csv:1:11: error: unknown column 'tz'");
}

BOOST_AUTO_TEST_CASE(keeps_line_breaks_inside_quotes_and_counts_them) {
  const CsvTestFile file("multiline", "sensor_id,ts,temperature\n\"a\nb\",1,1\ns2,2,2\n");
  const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), SensorOptions());
  BOOST_TEST_REQUIRE(rows.size() == 2u);
  BOOST_TEST((rows[0].record.values[0] == Value(std::string("a\nb"))));
  BOOST_TEST(rows[1].line == 4);
  // The error on the row after a two-line row is on line 4.
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\n\"a\nb\",1,1\ns2,2,hot\n")) ==
             "trace.csv:4:6: error: column 'temperature' expects a double, got 'hot'");
  // A cell after the quoted line break is located on the record's second line.
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\n\"a\nb\",x,1\n")) ==
             "trace.csv:3:4: error: column 'ts' expects an int, got 'x'");
}

BOOST_AUTO_TEST_CASE(reads_rows_across_read_blocks_and_lines_longer_than_a_block) {
  std::string contents = "sensor_id,ts,temperature\n";
  for (int i = 0; i < 20000; ++i)
    contents += "s" + std::to_string(i) + "," + std::to_string(i) + ",0.5\n";
  const std::string long_id(200000, 'x');
  contents += long_id + ",20000,1\n";
  const CsvTestFile file("blocks", contents);
  const std::vector<TraceRow> rows = ReadCsvTrace(file.path(), SensorOptions());
  BOOST_TEST_REQUIRE(rows.size() == 20001u);
  BOOST_TEST((rows[12345].record.values[0] == Value(std::string("s12345"))));
  BOOST_TEST(rows[12345].line == 12347);
  BOOST_TEST((rows[20000].record.values[0] == Value(long_id)));
}

BOOST_AUTO_TEST_CASE(reports_a_non_number_in_a_double_column_at_its_cell) {
  BOOST_TEST(CsvError("sensor_id,ts,temperature\ns1,1,1\ns1,2,hot\n") ==
             "trace.csv:3:6: error: column 'temperature' expects a double, got 'hot'\n"
             "  hint: a double is written like 21.5, -3 or 1e-3; leave the cell empty for null");
}

BOOST_AUTO_TEST_CASE(reports_int_overflow_with_the_range) {
  BOOST_TEST(CsvError("sensor_id,ts,temperature\ns1,9223372036854775808,1\n") ==
             "trace.csv:2:4: error: column 'ts' expects an int, got '9223372036854775808', "
             "which is out of range\n"
             "  hint: ints are 64-bit: -9223372036854775808 to 9223372036854775807");
}

BOOST_AUTO_TEST_CASE(reports_surplus_cells_at_the_first_surplus_cell) {
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\ns1,1,1\ns1,2,3,4\n")) ==
             "trace.csv:3:8: error: row has 4 fields, the header has 3");
}

BOOST_AUTO_TEST_CASE(reports_missing_cells_at_the_start_of_the_row) {
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\ns1,1,1\ns1,2\n")) ==
             "trace.csv:3:1: error: row has 2 fields, the header has 3");
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\nsolo\n")) ==
             "trace.csv:2:1: error: row has 1 field, the header has 3");
}

BOOST_AUTO_TEST_CASE(reports_an_unknown_column_with_the_nearest_schema_name) {
  BOOST_TEST(CsvError("sensor_id,ts,temprature\n") ==
             "trace.csv:1:14: error: unknown column 'temprature'\n"
             "  hint: did you mean 'temperature'?");
}

BOOST_AUTO_TEST_CASE(reports_header_problems_at_the_offending_cell) {
  BOOST_TEST(CsvError("sensor_id,ts\n") ==
             "trace.csv:1:1: error: the header has no column for schema field 'temperature'\n"
             "  hint: the header names every field of the schema {sensor_id: string, ts: int, "
             "temperature: double}; @arrival, @partition and @kind are optional");
  BOOST_TEST(CsvError("ts,sensor_id,temperature,ts\n") ==
             "trace.csv:1:26: error: column 'ts' appears twice in the header\n"
             "  hint: the first 'ts' is at column 1");
  BOOST_TEST(CsvError("sensor_id,ts,temperature,@arival\n") ==
             "trace.csv:1:26: error: unknown reserved column '@arival'\n"
             "  hint: did you mean '@arrival'?");
  BOOST_TEST(FirstLine(CsvError("sensor_id,,ts,temperature\n")) ==
             "trace.csv:1:11: error: header cell 2 has no column name");
  BOOST_TEST(FirstLine(CsvError("")) == "trace.csv:1:1: error: the trace is empty: no header row");
  BOOST_TEST(FirstLine(CsvError("\n\n")) ==
             "trace.csv:1:1: error: the trace is empty: no header row");
}

BOOST_AUTO_TEST_CASE(reports_a_missing_file_at_the_file_with_a_path_hint) {
  const std::string path = "no/such/dir/trace.csv";
  try {
    CsvTraceReader reader(path, SensorOptions());
    BOOST_FAIL("expected an InputError");
  } catch (const engine::InputError& e) {
    BOOST_TEST(e.where().file == path);
    BOOST_TEST(e.where().line == 0);
    BOOST_TEST(e.message() ==
               "cannot open trace file 'no/such/dir/trace.csv': No such file or directory");
    BOOST_TEST(e.hint() == "trace paths are relative to the scenario file that names them");
  }
}

// Refused when it is opened, so that the error is reported at the line of
// the scenario that names it (a read error comes later, without it).
BOOST_AUTO_TEST_CASE(reports_a_directory_as_unreadable_when_it_is_opened) {
  const CsvTestFile file("directory", "");
  try {
    ReadCsvTrace(file.dir(), SensorOptions());
    BOOST_FAIL("expected an InputError");
  } catch (const engine::InputError& e) {
    BOOST_TEST(e.message().find("cannot open trace file") == 0u, e.message());
    BOOST_TEST(e.message().find("Is a directory") != std::string::npos, e.message());
  }
}

BOOST_AUTO_TEST_CASE(reports_a_bad_kind_with_the_expected_names) {
  BOOST_TEST(CsvError("sensor_id,ts,temperature,@kind\ns1,1,1,watermrk\n") ==
             "trace.csv:2:8: error: column '@kind' expects event, watermark, idle or active, "
             "got 'watermrk'\n"
             "  hint: did you mean 'watermark'?");
}

BOOST_AUTO_TEST_CASE(reports_a_negative_partition) {
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature,@partition\ns1,1,1,-1\n")) ==
             "trace.csv:2:8: error: column '@partition' expects a partition number, got '-1'");
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature,@partition\ns1,1,1,2147483648\n")) ==
             "trace.csv:2:8: error: column '@partition' expects a partition number, "
             "got '2147483648'");
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature,@arrival\ns1,1,1,soon\n")) ==
             "trace.csv:2:8: error: column '@arrival' expects an int, got 'soon'");
}

BOOST_AUTO_TEST_CASE(requires_event_time_on_events_and_watermark_rows) {
  BOOST_TEST(CsvError("sensor_id,ts,temperature\ns1,,1\n") ==
             "trace.csv:2:4: error: event-time field 'ts' is empty\n"
             "  hint: every event needs its event time in 'ts'");
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature,@kind\n,,,watermark\n")) ==
             "trace.csv:2:2: error: watermark row has an empty 'ts'");
}

BOOST_AUTO_TEST_CASE(reports_quote_errors_where_they_are) {
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\ns\"1,1,1\n")) ==
             "trace.csv:2:2: error: unexpected '\"' inside an unquoted cell");
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\n\"s1\"x,1,1\n")) ==
             "trace.csv:2:5: error: unexpected 'x' after the closing quote of a cell");
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\ns1,1,1\ns2,2, \"2\n\n\n")) ==
             "trace.csv:3:7: error: quoted cell is never closed");
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\ns1,1,1\rs2,2,2\n")) ==
             "trace.csv:2:7: error: carriage return in the middle of a line");
}

BOOST_AUTO_TEST_CASE(stops_a_runaway_quote_instead_of_holding_the_file) {
  std::string contents = "sensor_id,ts,temperature\ns1,1,1\ns2,2,\"open\n";
  const std::string filler(1000, 'x');
  while (contents.size() < (17u << 20)) contents += filler + "\n";
  BOOST_TEST(FirstLine(CsvError(contents)) ==
             "trace.csv:3:6: error: quoted cell runs on for more than 16 MiB");
}

BOOST_AUTO_TEST_CASE(counts_columns_in_characters_not_bytes) {
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\n\xC3\xA9t\xC3\xA9,1,hot\n")) ==
             "trace.csv:2:7: error: column 'temperature' expects a double, got 'hot'");
}

BOOST_AUTO_TEST_CASE(rejects_an_event_time_field_that_is_not_an_int_field) {
  TraceOptions options = SensorOptions();
  options.event_time_field = "temperature";
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temperature\n", options)) ==
             "trace.csv: error: event-time field 'temperature' is not an int field of the "
             "schema {sensor_id: string, ts: int, temperature: double}");
}

BOOST_AUTO_TEST_CASE(routes_bad_rows_as_parse_failures_and_goes_on) {
  const CsvTestFile file("route",
                         "sensor_id,ts,temperature\n"
                         "s1,1,1\n"
                         "s2,2,hot\n"
                         "s3,\"3\"x,3\n"
                         "s4,4\n"
                         "s5,5,5\n"
                         "s6,6,\"6\n");
  const std::vector<TraceRow> rows =
      ReadCsvTrace(file.path(), SensorOptions(TraceOptions::OnBadRow::kRoute));
  BOOST_TEST_REQUIRE(rows.size() == 6u);
  BOOST_TEST((rows[0].kind == TraceRowKind::kEvent));
  BOOST_TEST((rows[1].kind == TraceRowKind::kParseFailure));
  BOOST_TEST(rows[1].raw == "s2,2,hot");
  BOOST_TEST(rows[1].line == 3);
  BOOST_TEST(rows[1].record.id == 1u);
  BOOST_TEST(FirstLine(rows[1].error) ==
             file.path() + ":3:6: error: column 'temperature' expects a double, got 'hot'");
  BOOST_TEST((rows[2].kind == TraceRowKind::kParseFailure));
  BOOST_TEST(rows[2].raw == "s3,\"3\"x,3");
  BOOST_TEST((rows[3].kind == TraceRowKind::kParseFailure));
  BOOST_TEST(rows[3].raw == "s4,4");
  BOOST_TEST((rows[4].kind == TraceRowKind::kEvent));
  BOOST_TEST((rows[4].record.values[0] == Value(std::string("s5"))));
  BOOST_TEST(rows[4].record.id == 4u);
  BOOST_TEST((rows[5].kind == TraceRowKind::kParseFailure));
  BOOST_TEST(rows[5].raw == "s6,6,\"6");
}

BOOST_AUTO_TEST_CASE(routing_still_throws_for_header_errors) {
  BOOST_TEST(FirstLine(CsvError("sensor_id,ts,temprature\n",
                                SensorOptions(TraceOptions::OnBadRow::kRoute))) ==
             "trace.csv:1:14: error: unknown column 'temprature'");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
