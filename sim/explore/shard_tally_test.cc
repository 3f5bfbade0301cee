#include "sim/explore/shard_tally.h"

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(shard_tally)

BOOST_AUTO_TEST_CASE(every_shard_of_one_count_once_is_complete) {
  ShardTally tally(2);
  tally.Add({.index = 1, .count = 2}, "b.json");
  tally.Add({.index = 0, .count = 2}, "a.json");
  BOOST_CHECK_NO_THROW(tally.CheckComplete());
}

// "0/18446744073709551615" from two files once sized a table by the count.
BOOST_AUTO_TEST_CASE(a_count_above_the_files_given_is_refused_before_allocating) {
  ShardTally tally(2);
  BOOST_CHECK_THROW(tally.Add({.index = 0, .count = UINT64_MAX}, "a.json"), engine::InputError);
}

BOOST_AUTO_TEST_CASE(a_repeated_foreign_or_missing_shard_is_refused) {
  ShardTally repeated(3);
  repeated.Add({.index = 0, .count = 3}, "a.json");
  BOOST_CHECK_THROW(repeated.Add({.index = 0, .count = 3}, "b.json"), engine::InputError);
  BOOST_CHECK_THROW(repeated.Add({.index = 1, .count = 2}, "c.json"), engine::InputError);
  BOOST_CHECK_THROW(repeated.Add({.index = 7, .count = 3}, "d.json"), engine::InputError);
  BOOST_CHECK_THROW(repeated.CheckComplete(), engine::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
