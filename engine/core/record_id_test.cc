// Record ids name a source and a row (record.h): made and taken apart again,
// distinct for the same row number of two sources, and never kNoRecordId.
#include <cstdint>

#include <boost/test/unit_test.hpp>

#include "engine/core/record.h"

namespace tidemark::engine {
namespace {

BOOST_AUTO_TEST_CASE(an_id_gives_back_its_source_and_row) {
  const RecordId id = MakeRecordId(3, 41);
  BOOST_TEST(RecordSource(id) == 3u);
  BOOST_TEST(RecordRow(id) == 41u);
  // The row sits in the low 48 bits, the source above: 3 << 48 | 41.
  BOOST_TEST(id == (uint64_t{3} << 48 | 41));
}

BOOST_AUTO_TEST_CASE(source_zero_ids_are_row_numbers) {
  // Source 0's ids are its rows' numbers, as a one-source job always had.
  BOOST_TEST(MakeRecordId(0, 0) == 0u);
  BOOST_TEST(MakeRecordId(0, 7) == 7u);
}

BOOST_AUTO_TEST_CASE(the_same_row_of_two_sources_has_two_ids) {
  BOOST_TEST(MakeRecordId(0, 0) != MakeRecordId(1, 0));
  BOOST_TEST(RecordRow(MakeRecordId(1, 0)) == RecordRow(MakeRecordId(0, 0)));
  // Ordered by source, then row.
  BOOST_TEST(MakeRecordId(0, kMaxRecordRow) < MakeRecordId(1, 0));
}

BOOST_AUTO_TEST_CASE(the_extremes_fit_and_never_make_the_no_record_id) {
  const RecordId last = MakeRecordId(kMaxRecordSources - 1, kMaxRecordRow);
  BOOST_TEST(RecordSource(last) == kMaxRecordSources - 1);
  BOOST_TEST(RecordRow(last) == kMaxRecordRow);
  BOOST_TEST(last != kNoRecordId);
  BOOST_TEST(kMaxRecordRow == (uint64_t{1} << 48) - 1);
  BOOST_TEST(kMaxRecordSources == 65535u);
}

}  // namespace
}  // namespace tidemark::engine
