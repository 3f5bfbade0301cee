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
  const engine::Schema schema({{"a", engine::ValueType::kInt}, {"b c", engine::ValueType::kString}});
  BOOST_TEST(CsvHeader(schema) == "a,b c");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
