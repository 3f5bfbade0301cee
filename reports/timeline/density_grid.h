// Records binned into a grid of cells, for a timeline too long to draw one
// mark per record: a cell per non-empty (column, row), with its count per
// verdict. The timeline colours a cell by its worst verdict (a late record
// never hides among on-time ones) and darkens it with its count.
//
// Positions are fractions of the plotted range in [0, 1]; a value outside is
// clamped to the edge cell, so every record added is counted once. Cells come
// out ordered by (row, column), whatever the order records went in.
#ifndef TIDEMARK_REPORTS_DENSITY_GRID_H_
#define TIDEMARK_REPORTS_DENSITY_GRID_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "reports/story/run_story.h"

namespace tidemark::reports {

inline constexpr size_t kVerdictCount = static_cast<size_t>(Verdict::kNoFate) + 1;

struct DensityCell {
  size_t column = 0;  // 0 at the left (x fraction 0)
  size_t row = 0;     // 0 at the bottom (y fraction 0)
  uint64_t count = 0;
  std::array<uint64_t, kVerdictCount> by_verdict = {};
  Verdict worst = Verdict::kNoFate;
};

class DensityGrid {
 public:
  // REQUIRES: columns > 0, rows > 0.
  DensityGrid(size_t columns, size_t rows);

  void Add(double fx, double fy, Verdict verdict);

  size_t columns() const { return columns_; }
  size_t rows() const { return rows_; }
  // Non-empty cells by (row, column).
  std::vector<DensityCell> Cells() const;
  // The largest count of one cell (0 when empty).
  uint64_t max_count() const { return max_count_; }
  uint64_t total() const { return total_; }

 private:
  size_t columns_, rows_;
  std::map<std::pair<size_t, size_t>, DensityCell> cells_;  // by (row, column)
  uint64_t max_count_ = 0;
  uint64_t total_ = 0;
};

// "12 records: 10 on_time, 2 late_to_side_output", verdicts worst first.
std::string DensityCellText(const DensityCell& cell);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_DENSITY_GRID_H_
