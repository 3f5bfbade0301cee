// Scenario::Explore: the campaign of `tidemark explore`, on one thread and
// without reproduction files.
#include <string>
#include <utility>
#include <vector>

#include "api/internal/convert.h"
#include "api/internal/scenario_plan.h"
#include "sim/explore/explore_outcome.h"
#include "sim/session/explore_campaign.h"
#include "tidemark/scenario.h"

namespace tidemark {

ExploreResult Scenario::Explore(const ExploreOptions& options) const {
  return api::internal::Guarded([&] {
    const sim::ExploreCampaign campaign =
        sim::RunExploreCampaign(plan_->job,
                                {.seeds = options.seeds,
                                 .options = {.order = options.order == OutcomeOrder::kArrival
                                                          ? sim::OutcomeOrder::kArrival
                                                          : sim::OutcomeOrder::kMultiset,
                                             .invariants = options.invariants == Invariants::kCheck
                                                               ? sim::InvariantChecks::kEveryRun
                                                               : sim::InvariantChecks::kNone},
                                 .input_hash = sim::ExploreRequest::InputHash::kSkip},
                                sim::InOrder);
    ExploreResult out{.seeds = options.seeds, .deterministic = campaign.deterministic};
    for (const sim::SeedRun& run : campaign.runs) {
      for (const std::string& v : run.violations) {
        out.violations.push_back({.seed = run.seed, .message = v});
      }
    }
    for (const sim::OutcomeGroup& g : campaign.outcomes) {
      out.outcomes.push_back(
          {.hash = sim::HashText(g.outcome), .first_seed = g.first_seed, .runs = g.runs});
    }
    for (const sim::Divergence& div : campaign.divergences) {
      Divergence d{.base_seed = div.base.first_seed, .seed = div.other.first_seed, .why = div.why};
      for (const sim::SinkChange& s : div.sinks) {
        d.sinks.push_back({.sink = s.sink, .lines = s.lines});
      }
      out.divergences.push_back(std::move(d));
    }
    return out;
  });
}

}  // namespace tidemark
