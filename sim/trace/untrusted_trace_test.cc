// Traces as they come from production dumps: blank key cells, lines of only
// spaces, lines without end. Each is an error at its place, or a dead letter
// when the source routes bad rows; none is silently dropped or read whole.
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "sim/trace/csv_line_reader.h"
#include "sim/trace/csv_test_file.h"
#include "sim/trace/csv_trace_reader.h"

namespace tidemark::sim {
namespace {

using engine::ValueType;

TraceOptions KeyedSensorOptions(TraceOptions::OnBadRow on_bad_row, bool one_pass = true) {
  return {.schema = engine::Schema({{"sensor_id", ValueType::kString},
                                    {"ts", ValueType::kInt},
                                    {"temperature", ValueType::kDouble}}),
          .event_time_field = "ts",
          .on_bad_row = on_bad_row,
          .one_pass_plain_rows = one_pass,
          .key_fields = {{.field = 0, .keyed_stream = "counts"}}};
}

// The first line of the error reading `contents` raises, the path shown as "trace.csv".
std::string FirstErrorLine(std::string_view contents, TraceOptions options) {
  const CsvTestFile file(boost::unit_test::framework::current_test_case().p_name.get(), contents);
  try {
    ReadCsvTrace(file.path(), std::move(options));
  } catch (const engine::InputError& e) {
    const std::string text = e.what();
    return "trace.csv" + text.substr(file.path().size(), text.find('\n') - file.path().size());
  }
  return "no error";
}

BOOST_AUTO_TEST_SUITE(untrusted_trace)

// Line 3's key cell is empty, line 4's only spaces (trimmed to empty): both
// null keys. The error points at the cell: line 3 column 1, where the empty
// cell starts; on line 4 column 4, after the three spaces. Both ways of
// reading a plain line (one pass, and the general path) say the same.
BOOST_AUTO_TEST_CASE(a_blank_key_cell_is_a_located_error) {
  for (const bool one_pass : {true, false}) {
    const auto options = KeyedSensorOptions(TraceOptions::OnBadRow::kFail, one_pass);
    BOOST_TEST(FirstErrorLine("sensor_id,ts,temperature\ns1,1,1\n,2,2\n", options) ==
               "trace.csv:3:1: error: key field 'sensor_id' is empty: stream 'counts' keys by "
               "it, and Flink refuses a null key (KeyGroupRangeAssignment.assignToKeyGroup: "
               "\"Assigned key must not be null!\")");
    BOOST_TEST(FirstErrorLine("sensor_id,ts,temperature\ns1,1,1\n   ,2,2\n", options)
                   .starts_with("trace.csv:3:4: error: key field 'sensor_id' is empty"));
  }
}

// A key field need not be filled on watermark and idle rows, which carry no record.
BOOST_AUTO_TEST_CASE(rows_without_a_record_need_no_key) {
  const CsvTestFile file("no_key_needed",
                         "sensor_id,ts,temperature,@kind\ns1,1,1,\n,5,,watermark\n,,,idle\n");
  const std::vector<TraceRow> rows =
      ReadCsvTrace(file.path(), KeyedSensorOptions(TraceOptions::OnBadRow::kFail));
  BOOST_TEST_REQUIRE(rows.size() == 3u);
  BOOST_TEST((rows[1].kind == TraceRowKind::kWatermark));
  BOOST_TEST((rows[2].kind == TraceRowKind::kIdle));
}

// Routed, the blank-key row becomes a parse failure with its line and text;
// the rows around it flow on with their ids (0, 1, 2 in file order).
BOOST_AUTO_TEST_CASE(a_blank_key_row_is_a_dead_letter_when_routed) {
  const CsvTestFile file("null_key_routed", "sensor_id,ts,temperature\ns1,1,1\n  ,2,2\ns2,3,3\n");
  const std::vector<TraceRow> rows =
      ReadCsvTrace(file.path(), KeyedSensorOptions(TraceOptions::OnBadRow::kRoute));
  BOOST_TEST_REQUIRE(rows.size() == 3u);
  BOOST_TEST((rows[1].kind == TraceRowKind::kParseFailure));
  BOOST_TEST(rows[1].line == 3);
  BOOST_TEST(rows[1].raw == "  ,2,2");
  BOOST_TEST(rows[1].error.find(":3:3: error: key field 'sensor_id' is empty") !=
             std::string::npos);
  BOOST_TEST((rows[2].kind == TraceRowKind::kEvent));
  BOOST_TEST(rows[2].record.id == 2u);
}

// A line of only spaces and tabs (line 3) was once skipped like an empty line,
// losing a row without a word; it is a bad row now. Empty lines (line 4) are
// still skipped.
BOOST_AUTO_TEST_CASE(a_line_of_only_spaces_is_a_bad_row) {
  const auto fail = KeyedSensorOptions(TraceOptions::OnBadRow::kFail);
  BOOST_TEST(FirstErrorLine("sensor_id,ts,temperature\ns1,1,1\n \t \n\ns2,2,2\n", fail) ==
             "trace.csv:3:1: error: the line holds only spaces or tabs");
  const CsvTestFile file("spaces_routed", "sensor_id,ts,temperature\ns1,1,1\n \t \n\ns2,2,2\n");
  const std::vector<TraceRow> rows =
      ReadCsvTrace(file.path(), KeyedSensorOptions(TraceOptions::OnBadRow::kRoute));
  BOOST_TEST_REQUIRE(rows.size() == 3u);
  BOOST_TEST((rows[1].kind == TraceRowKind::kParseFailure));
  BOOST_TEST(rows[1].line == 3);
  BOOST_TEST(rows[2].line == 5);
}

// A line over 1 MiB stops reading at the limit with its line number: here
// line 2 is 2 MiB of 'x' with no line break.
BOOST_AUTO_TEST_CASE(a_line_over_the_limit_is_a_located_error) {
  const std::string contents =
      "sensor_id,ts,temperature\n" + std::string(2 * CsvLineReader::kMaxLineBytes, 'x');
  BOOST_TEST(FirstErrorLine(contents, KeyedSensorOptions(TraceOptions::OnBadRow::kRoute)) ==
             "trace.csv:2:1: error: line is longer than 1 MiB");
  // Just at the limit is still a line (then a bad row for its cell count).
  const std::string at_limit =
      "sensor_id,ts,temperature\n" + std::string(CsvLineReader::kMaxLineBytes, 'x') + "\n";
  BOOST_TEST(FirstErrorLine(at_limit, KeyedSensorOptions(TraceOptions::OnBadRow::kFail)) ==
             "trace.csv:2:1: error: row has 1 field, the header has 3");
}

// The header line too; /dev/zero, which never ends a line, fails the same
// way after reading about a megabyte instead of growing without bound.
BOOST_AUTO_TEST_CASE(a_file_without_line_breaks_fails_fast) {
  BOOST_TEST(FirstErrorLine(std::string(CsvLineReader::kMaxLineBytes + 1, 'a'),
                            KeyedSensorOptions(TraceOptions::OnBadRow::kFail)) ==
             "trace.csv:1:1: error: line is longer than 1 MiB");
  try {
    CsvTraceReader reader("/dev/zero", KeyedSensorOptions(TraceOptions::OnBadRow::kFail));
    BOOST_FAIL("/dev/zero was read as a trace");
  } catch (const engine::InputError& e) {
    BOOST_TEST(
        std::string(e.what()).starts_with("/dev/zero:1:1: error: line is longer than 1 MiB"));
  }
}

// Every bad row at once: lines 3, 5 and 6 are bad (a bad int, a blank key, a
// missing cell), and the error lists the three in file order.
BOOST_AUTO_TEST_CASE(reports_every_bad_row_in_one_error) {
  const CsvTestFile file("every_bad_row",
                         "sensor_id,ts,temperature\ns1,1,1\ns1,x,1\ns2,2,2\n,3,3\ns3,4\n");
  try {
    ReadCsvTrace(file.path(), KeyedSensorOptions(TraceOptions::OnBadRow::kFail));
    BOOST_FAIL("no error");
  } catch (const engine::InputError& e) {
    std::string text = e.what();
    for (size_t at; (at = text.find(file.path())) != std::string::npos;) {
      text.replace(at, file.path().size(), "t");
    }
    BOOST_TEST(text ==
               "t:3:4: error: column 'ts' expects an int, got 'x'\n"
               "  hint: an int is an optional sign and decimal digits, such as -42; leave the "
               "cell empty for null\n"
               "t:5:1: error: key field 'sensor_id' is empty: stream 'counts' keys by it, and "
               "Flink refuses a null key (KeyGroupRangeAssignment.assignToKeyGroup: \"Assigned "
               "key must not be null!\")\n"
               "  hint: fill the cell, filter such rows out before the key_by, or give the source "
               "a 'dead_letter' tag to route them there\n"
               "t:6:1: error: row has 2 fields, the header has 3\n"
               "  hint: each row has a cell, perhaps empty, for every header column");
  }
}

// 30 bad rows (lines 2..31): the first 20 are shown, the other 10 counted.
BOOST_AUTO_TEST_CASE(shows_twenty_bad_rows_and_counts_the_rest) {
  std::string contents = "sensor_id,ts,temperature\n";
  for (int i = 0; i < 30; ++i) contents += "s,x,1\n";
  const CsvTestFile file("thirty_bad_rows", contents);
  try {
    ReadCsvTrace(file.path(), KeyedSensorOptions(TraceOptions::OnBadRow::kFail));
    BOOST_FAIL("no error");
  } catch (const engine::InputError& e) {
    const std::string text = e.what();
    BOOST_TEST(text.find(file.path() + ":21:3: error:") != std::string::npos);
    BOOST_TEST(text.find(file.path() + ":22:3: error:") == std::string::npos);
    BOOST_TEST(text.substr(text.rfind('\n') + 1) == "and 10 more errors");
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
