#include "reports/timeline/density_grid.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::reports {

namespace {

size_t Bin(double fraction, size_t bins) {
  if (!(fraction > 0)) return 0;  // also NaN
  const double scaled = std::floor(fraction * static_cast<double>(bins));
  return scaled >= static_cast<double>(bins) ? bins - 1 : static_cast<size_t>(scaled);
}

}  // namespace

DensityGrid::DensityGrid(size_t columns, size_t rows) : columns_(columns), rows_(rows) {
  TIDEMARK_CHECK(columns > 0 && rows > 0);
}

void DensityGrid::Add(double fx, double fy, Verdict verdict) {
  const size_t column = Bin(fx, columns_), row = Bin(fy, rows_);
  DensityCell& cell = cells_[{row, column}];
  cell.column = column;
  cell.row = row;
  ++cell.count;
  ++cell.by_verdict[static_cast<size_t>(verdict)];
  cell.worst = cell.count == 1 ? verdict : std::min(cell.worst, verdict);
  max_count_ = std::max(max_count_, cell.count);
  ++total_;
}

std::vector<DensityCell> DensityGrid::Cells() const {
  std::vector<DensityCell> out;
  out.reserve(cells_.size());
  for (const auto& [where, cell] : cells_) out.push_back(cell);
  return out;
}

std::string DensityCellText(const DensityCell& cell) {
  std::string out = fmt::format("{} record{}:", cell.count, cell.count == 1 ? "" : "s");
  const char* separator = " ";
  for (size_t v = 0; v < kVerdictCount; ++v) {
    if (cell.by_verdict[v] == 0) continue;
    out +=
        fmt::format("{}{} {}", separator, cell.by_verdict[v], VerdictName(static_cast<Verdict>(v)));
    separator = ", ";
  }
  return out;
}

}  // namespace tidemark::reports
