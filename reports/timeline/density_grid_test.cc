#include "reports/timeline/density_grid.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(density_grid)

// A 4 x 2 grid: x fractions [0, .25) go to column 0, ..., [.75, 1] to 3;
// y [0, .5) to row 0 and [.5, 1] to row 1.
BOOST_AUTO_TEST_CASE(records_fall_in_the_cell_of_their_fractions) {
  DensityGrid grid(4, 2);
  grid.Add(0.1, 0.1, Verdict::kOnTime);
  grid.Add(0.2, 0.4, Verdict::kOnTime);
  grid.Add(0.3, 0.9, Verdict::kOnTime);
  grid.Add(1.0, 1.0, Verdict::kOnTime);  // the right and top edges stay in the last cell
  const std::vector<DensityCell> cells = grid.Cells();
  BOOST_TEST_REQUIRE(cells.size() == 3u);
  // By (row, column).
  BOOST_TEST(cells[0].row == 0u);
  BOOST_TEST(cells[0].column == 0u);
  BOOST_TEST(cells[0].count == 2u);
  BOOST_TEST(cells[1].row == 1u);
  BOOST_TEST(cells[1].column == 1u);
  BOOST_TEST(cells[2].row == 1u);
  BOOST_TEST(cells[2].column == 3u);
  BOOST_TEST(grid.max_count() == 2u);
  BOOST_TEST(grid.total() == 4u);
}

BOOST_AUTO_TEST_CASE(out_of_range_fractions_are_clamped_and_still_counted) {
  DensityGrid grid(10, 10);
  grid.Add(-3, -0.5, Verdict::kOnTime);
  grid.Add(7, 1.5, Verdict::kOnTime);
  const std::vector<DensityCell> cells = grid.Cells();
  BOOST_TEST_REQUIRE(cells.size() == 2u);
  BOOST_TEST((cells[0].row == 0u && cells[0].column == 0u));
  BOOST_TEST((cells[1].row == 9u && cells[1].column == 9u));
  BOOST_TEST(grid.total() == 2u);
}

// A cell shows its worst verdict, so one late record among many on time shows.
BOOST_AUTO_TEST_CASE(a_cell_takes_its_worst_verdict_and_counts_each) {
  DensityGrid grid(1, 1);
  for (int i = 0; i < 40; ++i) grid.Add(0.5, 0.5, Verdict::kOnTime);
  grid.Add(0.5, 0.5, Verdict::kLateToSideOutput);
  grid.Add(0.5, 0.5, Verdict::kFiltered);
  const std::vector<DensityCell> cells = grid.Cells();
  BOOST_TEST_REQUIRE(cells.size() == 1u);
  BOOST_TEST((cells[0].worst == Verdict::kLateToSideOutput));
  BOOST_TEST(cells[0].count == 42u);
  BOOST_TEST(DensityCellText(cells[0]) ==
             "42 records: 1 late_to_side_output, 40 on_time, 1 filtered");
}

BOOST_AUTO_TEST_CASE(cells_come_out_in_the_same_order_whatever_the_order_in) {
  DensityGrid forward(5, 5), backward(5, 5);
  const double points[][2] = {{0.1, 0.9}, {0.9, 0.1}, {0.5, 0.5}, {0.1, 0.1}};
  for (const auto& p : points) forward.Add(p[0], p[1], Verdict::kOnTime);
  for (int i = 3; i >= 0; --i) backward.Add(points[i][0], points[i][1], Verdict::kOnTime);
  const auto a = forward.Cells(), b = backward.Cells();
  BOOST_TEST_REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    BOOST_TEST((a[i].row == b[i].row && a[i].column == b[i].column));
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
