#include "sim/trace/csv_writer.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(csv_writer)

BOOST_AUTO_TEST_CASE(quotes_only_what_the_reader_would_misread) {
  BOOST_TEST(CsvCell("plain") == "plain");
  BOOST_TEST(CsvCell("a,b") == "\"a,b\"");
  BOOST_TEST(CsvCell("say \"hi\"") == "\"say \"\"hi\"\"\"");
  BOOST_TEST(CsvCell("two\nlines") == "\"two\nlines\"");
  BOOST_TEST(CsvCell(" padded") == "\" padded\"");
  BOOST_TEST(CsvCell("") == "\"\"");  // the empty string, not null
}

BOOST_AUTO_TEST_CASE(writes_null_as_an_empty_cell_and_doubles_shortest) {
  const engine::Record record{.id = 0,
                              .timestamp = engine::Timestamp::Millis(5),
                              .values = {engine::Value{}, 21.75, int64_t{3}, std::string("x,y")}};
  BOOST_TEST(CsvRow(record) == ",21.75,3,\"x,y\"");
  const engine::Schema schema(
      {{"a", engine::ValueType::kInt}, {"b c", engine::ValueType::kString}});
  BOOST_TEST(CsvHeader(schema) == "a,b c");
}

BOOST_AUTO_TEST_CASE(neutralises_text_a_spreadsheet_would_run_as_a_formula) {
  BOOST_TEST(NeutraliseCsvFormula("=HYPERLINK(\"http://x\")") == "'=HYPERLINK(\"http://x\")");
  for (const char* formula : {"+1", "-1+2", "@SUM(A1)", "\tx", "\rx"}) {
    BOOST_TEST(NeutraliseCsvFormula(formula) == std::string("'") + formula);
  }
  BOOST_TEST(NeutraliseCsvFormula("a=b") == "a=b");
  BOOST_TEST(NeutraliseCsvFormula("") == "");
}

BOOST_AUTO_TEST_CASE(neutralises_strings_and_names_but_not_numbers_and_only_when_asked) {
  const engine::Record record{
      .id = 0,
      .timestamp = engine::Timestamp::Millis(5),
      .values = {int64_t{-5}, -1.5, std::string("=1+1"), std::string("-x,y")}};
  // Numbers are never formulas; strings get the apostrophe, then CSV quoting.
  BOOST_TEST(CsvRow(record, CsvFormulas::kNeutralise) == "-5,-1.5,'=1+1,\"'-x,y\"");
  BOOST_TEST(CsvRow(record) == "-5,-1.5,=1+1,\"-x,y\"");
  const engine::Schema schema({{"=a", engine::ValueType::kInt}, {"b", engine::ValueType::kString}});
  BOOST_TEST(CsvHeader(schema, CsvFormulas::kNeutralise) == "'=a,b");
  BOOST_TEST(CsvHeader(schema) == "=a,b");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
