// What `tidemark sweep` prints and writes: a Markdown table of the points,
// JSON (format "tidemark-sweep", version 1; every point, so shards merge),
// and a standalone SVG plot of completeness (1 - late share) against the
// median output latency, one labelled dot per point in sweep order, alone or
// in a self-contained HTML page with the table.
#ifndef TIDEMARK_REPORTS_SWEEP_REPORT_H_
#define TIDEMARK_REPORTS_SWEEP_REPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sim/explore/explore.h"
#include "sim/explore/sweep.h"

namespace tidemark::reports {

struct SweepPointResult {
  uint64_t index = 0;  // in the full grid
  sim::SweepPoint point;
  sim::SweepMetrics metrics;
};

struct SweepReport {
  std::string scenario;
  std::string name;
  uint64_t scenario_hash = 0;
  std::vector<sim::SweepSetting> settings;
  uint64_t points = 0;  // in the full grid
  sim::Shard shard;
  std::vector<SweepPointResult> results;  // by index
};

std::string FormatSweepMarkdown(const SweepReport& report);
std::string FormatSweepJson(const SweepReport& report);
std::string FormatSweepSvg(const SweepReport& report);
// One self-contained page (no network): the plot of completeness against
// latency, inline, and the table of every point.
std::string FormatSweepHtml(const SweepReport& report);

// Reads a file FormatSweepJson wrote. Throws engine::InputError naming `file`.
SweepReport ParseSweepJson(const std::string& text, const std::string& file);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_SWEEP_REPORT_H_
