// Scenario::Explore: the campaign of `tidemark explore`, on one thread and
// without reproduction files.
#include "sim/explore/explore.h"

#include <string>
#include <utility>
#include <vector>

#include "api/internal/convert.h"
#include "api/internal/scenario_plan.h"
#include "sim/explore/explore_outcome.h"
#include "tidemark/scenario.h"

namespace tidemark {

ExploreResult Scenario::Explore(const ExploreOptions& options) const {
  return api::internal::Guarded([&] {
    const sim::Explorer explorer(
        plan_->job,
        {.order = options.order == OutcomeOrder::kArrival ? sim::OutcomeOrder::kArrival
                                                          : sim::OutcomeOrder::kMultiset,
         .invariants = options.invariants == Invariants::kCheck ? sim::InvariantChecks::kEveryRun
                                                                : sim::InvariantChecks::kNone});
    ExploreResult out{.seeds = options.seeds, .deterministic = plan_->job.spec.deterministic};
    std::vector<sim::SeedRun> runs;
    runs.reserve(options.seeds);
    for (uint64_t seed = 0; seed < options.seeds; ++seed) {
      runs.push_back(explorer.Run(seed));
      for (std::string& v : runs.back().violations) {
        out.violations.push_back({.seed = seed, .message = std::move(v)});
      }
    }
    const std::vector<sim::OutcomeGroup> groups = sim::GroupOutcomes(runs);
    for (const sim::OutcomeGroup& g : groups) {
      out.outcomes.push_back(
          {.hash = sim::HashText(g.outcome), .first_seed = g.first_seed, .runs = g.runs});
    }
    for (size_t g = 1; g < groups.size(); ++g) {
      sim::Divergence div = sim::ExplainDivergence(explorer, groups[0], groups[g]);
      Divergence d{.base_seed = div.base.first_seed,
                   .seed = div.other.first_seed,
                   .why = std::move(div.why)};
      for (sim::SinkChange& s : div.sinks) {
        d.sinks.push_back({.sink = std::move(s.sink), .lines = std::move(s.lines)});
      }
      out.divergences.push_back(std::move(d));
    }
    return out;
  });
}

}  // namespace tidemark
