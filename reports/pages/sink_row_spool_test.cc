#include "reports/pages/sink_row_spool.h"

#include <cstdio>
#include <string>

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

// What CopyTo writes, read back from a temporary file.
std::string Copied(SinkRowSpool& spool, size_t sink) {
  std::FILE* out = std::tmpfile();
  spool.CopyTo(sink, out);
  std::rewind(out);
  std::string text;
  for (int c = std::fgetc(out); c != EOF; c = std::fgetc(out)) text += static_cast<char>(c);
  std::fclose(out);
  return text;
}

engine::Record Row(int64_t n, std::string s) {
  return {.id = 0, .timestamp = engine::Timestamp::Millis(n), .values = {n, std::move(s)}};
}

BOOST_AUTO_TEST_SUITE(sink_row_spool)

BOOST_AUTO_TEST_CASE(each_sink_gets_its_rows_back_in_order_as_csv) {
  SinkRowSpool spool(2);
  spool.Add(0, Row(1, "a"));
  spool.Add(1, Row(2, "b,c"));
  spool.Add(0, Row(3, ""));
  BOOST_TEST(Copied(spool, 0) == "1,a\n3,\"\"\n");
  BOOST_TEST(Copied(spool, 1) == "2,\"b,c\"\n");
}

BOOST_AUTO_TEST_CASE(a_sink_without_rows_copies_nothing) {
  SinkRowSpool spool(1);
  BOOST_TEST(Copied(spool, 0).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
