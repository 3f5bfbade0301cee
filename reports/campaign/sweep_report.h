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

#include "sim/session/sweep_campaign.h"

namespace tidemark::reports {

std::string FormatSweepMarkdown(const sim::SweepCampaign& report);
std::string FormatSweepJson(const sim::SweepCampaign& report);
std::string FormatSweepSvg(const sim::SweepCampaign& report);
// One self-contained page (no network): the plot of completeness against
// latency, inline, and the table of every point.
std::string FormatSweepHtml(const sim::SweepCampaign& report);

// Reads a file FormatSweepJson wrote. Throws engine::InputError naming `file`.
sim::SweepCampaign ParseSweepJson(const std::string& text, const std::string& file);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_SWEEP_REPORT_H_
