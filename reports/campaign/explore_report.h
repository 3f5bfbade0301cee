// What `tidemark explore` prints and writes of a campaign
// (sim/session/explore_campaign.h): the outcome groups, each divergence
// explained, reproductions, invariant violations.
//
// The JSON form (format "tidemark-explore", version 1) holds every run, so
// shards' files merge into the unsharded result: ParseExploreJson reads back
// the campaign and its runs, and the app recomputes everything else from them.
// Keys are sorted and the indent fixed, so equal campaigns give equal bytes.
#ifndef TIDEMARK_REPORTS_EXPLORE_REPORT_H_
#define TIDEMARK_REPORTS_EXPLORE_REPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sim/session/explore_campaign.h"

namespace tidemark::reports {

std::string FormatExploreText(const sim::ExploreCampaign& report);
std::string FormatExploreJson(const sim::ExploreCampaign& report);

// The campaign and runs of a JSON file written by FormatExploreJson (outcomes,
// divergences and reproductions are left empty). Throws engine::InputError
// naming `file` when the text is not such a file.
sim::ExploreCampaign ParseExploreJson(const std::string& text, const std::string& file);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_EXPLORE_REPORT_H_
