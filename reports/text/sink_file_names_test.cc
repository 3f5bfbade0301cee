#include "reports/text/sink_file_names.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

using Names = std::vector<std::string>;

BOOST_AUTO_TEST_SUITE(sink_file_names)

BOOST_AUTO_TEST_CASE(stems_keep_plain_characters_and_never_hide_the_file) {
  BOOST_TEST(SafeFileStem("late_readings-v2.x") == "late_readings-v2.x");
  BOOST_TEST(SafeFileStem("big/one") == "big_one");
  BOOST_TEST(SafeFileStem("../etc") == "_.._etc");
  BOOST_TEST(SafeFileStem("") == "_");
  BOOST_TEST(SafeFileStem(std::string(5000, 'x')).size() == kMaxFileStem);
}

BOOST_AUTO_TEST_CASE(distinct_names_keep_their_plain_file_names) {
  BOOST_TEST(SinkCsvFileNames(Names{"hot", "cold"}) == (Names{"hot.csv", "cold.csv"}));
}

BOOST_AUTO_TEST_CASE(names_that_sanitise_alike_get_numbered_files_in_order) {
  // big/one and big_one both sanitise to big_one; the second is numbered.
  BOOST_TEST(SinkCsvFileNames(Names{"big/one", "big_one", "big one"}) ==
             (Names{"big_one.csv", "big_one-2.csv", "big_one-3.csv"}));
}

BOOST_AUTO_TEST_CASE(names_differing_only_in_case_get_distinct_files) {
  BOOST_TEST(SinkCsvFileNames(Names{"Hot", "hot"}) == (Names{"Hot.csv", "hot-2.csv"}));
}

BOOST_AUTO_TEST_CASE(a_number_never_takes_another_sinks_own_name) {
  // a/b wants a_b-2 after a_b, but a later sink is itself a_b-2: it keeps
  // that name and the collision moves on to -3.
  BOOST_TEST(SinkCsvFileNames(Names{"a_b", "a/b", "a_b-2"}) ==
             (Names{"a_b.csv", "a_b-3.csv", "a_b-2.csv"}));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
