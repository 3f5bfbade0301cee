#include "reports/explore_report.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "engine/input_error.h"

namespace tidemark::reports {

using nlohmann::json;

namespace {

std::string OrderName(sim::OutcomeOrder order) {
  return order == sim::OutcomeOrder::kArrival ? "arrival" : "multiset";
}

std::string ShardText(const sim::Shard& shard) {
  return fmt::format("{}/{}", shard.index, shard.count);
}

bool Complete(const ExploreReport& r) { return r.shard.count == 1; }

}  // namespace

size_t ExploreReport::RunsWithViolations() const {
  size_t n = 0;
  for (const sim::SeedRun& run : runs) n += run.violations.empty() ? 0 : 1;
  return n;
}

bool ExploreReport::failed() const {
  return RunsWithViolations() > 0 || (deterministic && outcomes.size() > 1);
}

std::string FormatExploreText(const ExploreReport& r) {
  std::string out;
  const std::string seeds =
      r.shard.count == 1
          ? fmt::format("seeds 0..{}", r.seeds == 0 ? 0 : r.seeds - 1)
          : fmt::format("shard {} of seeds 0..{}: {} seeds", ShardText(r.shard), r.seeds - 1,
                        r.runs.size());
  out += fmt::format("explore {} ({}): {}, {} outcome{}\n", r.name, r.scenario, seeds,
                     r.outcomes.size(), r.outcomes.size() == 1 ? "" : "s");
  for (size_t i = 0; i < r.outcomes.size(); ++i) {
    const sim::OutcomeGroup& g = r.outcomes[i];
    out += fmt::format("outcome {}  {}  {} run{}, first seed {}\n", i + 1, sim::HashText(g.outcome),
                       g.runs, g.runs == 1 ? "" : "s", g.first_seed);
  }
  for (size_t d = 0; d < r.divergences.size(); ++d) {
    const sim::Divergence& div = r.divergences[d];
    out += fmt::format("\noutcome {} (seed {}) differs from outcome 1 (seed {}):\n", d + 2,
                       div.other.first_seed, div.base.first_seed);
    for (const sim::SinkChange& sink : div.sinks) {
      out += fmt::format("  sink '{}':\n", sink.sink);
      for (const std::string& line : sink.lines) out += "    " + line + "\n";
    }
    out += "  why:\n";
    for (const std::string& line : div.why) out += "    " + line + "\n";
    for (const ExploreReproFile& f : r.repros) {
      if (f.repro.seed != div.other.first_seed) continue;
      out += fmt::format("  reproduction: {} ({} of {} rows{}{})\n", f.path, f.repro.rows.size(),
                         f.repro.original_rows, f.repro.minimal ? ", 1-minimal" : "",
                         f.repro.verified ? ", verified" : ", NOT verified");
      out += fmt::format("    tidemark run {}             # seed {}\n", f.path, f.repro.seed);
      out += fmt::format("    tidemark run {} --seed {}   # another outcome\n", f.path,
                         f.repro.base_seed);
    }
  }
  const size_t bad = r.RunsWithViolations();
  if (bad == 0) {
    out += "\ninvariants (conservation, watermark monotonicity, side-output isolation, per-key "
           "order): hold in every run\n";
  } else {
    out += fmt::format("\ninvariants violated in {} run{}:\n", bad, bad == 1 ? "" : "s");
    size_t shown = 0;
    for (const sim::SeedRun& run : r.runs) {
      for (const std::string& v : run.violations) {
        if (shown++ < 10) out += fmt::format("  seed {}: {}\n", run.seed, v);
      }
    }
  }
  if (r.deterministic) {
    out += r.outcomes.size() > 1
               ? fmt::format("FAIL: the scenario is deterministic, but {} outcomes\n",
                             r.outcomes.size())
               : "deterministic: one outcome, as the scenario demands\n";
  }
  if (!Complete(r)) {
    out += "one shard of several: merge the shards' JSON with --merge for the full report\n";
  }
  return out;
}

std::string FormatExploreJson(const ExploreReport& r) {
  json j;
  j["format"] = "tidemark-explore";
  j["version"] = 1;
  j["scenario"] = r.scenario;
  j["name"] = r.name;
  j["scenario_hash"] = sim::HashText(r.scenario_hash);
  j["seeds"] = r.seeds;
  j["shard"] = ShardText(r.shard);
  j["order"] = OrderName(r.order);
  j["deterministic"] = r.deterministic;
  json runs = json::array();
  for (const sim::SeedRun& run : r.runs) {
    json item = {{"seed", run.seed}, {"outcome", sim::HashText(run.outcome)}};
    if (!run.violations.empty()) item["violations"] = run.violations;
    runs.push_back(std::move(item));
  }
  j["runs"] = std::move(runs);
  json outcomes = json::array();
  for (const sim::OutcomeGroup& g : r.outcomes) {
    outcomes.push_back({{"outcome", sim::HashText(g.outcome)}, {"first_seed", g.first_seed},
                        {"runs", g.runs}});
  }
  j["outcomes"] = std::move(outcomes);
  json divergences = json::array();
  for (const sim::Divergence& d : r.divergences) {
    json item = {{"outcome", sim::HashText(d.other.outcome)},
                 {"seed", d.other.first_seed},
                 {"base_seed", d.base.first_seed},
                 {"why", d.why}};
    json sinks = json::object();
    for (const sim::SinkChange& s : d.sinks) sinks[s.sink] = s.lines;
    item["sinks"] = std::move(sinks);
    for (const ExploreReproFile& f : r.repros) {
      if (f.repro.seed != d.other.first_seed) continue;
      item["reproduction"] = {{"file", f.path},
                              {"rows", f.repro.rows.size()},
                              {"original_rows", f.repro.original_rows},
                              {"minimal", f.repro.minimal},
                              {"verified", f.repro.verified}};
    }
    divergences.push_back(std::move(item));
  }
  j["divergences"] = std::move(divergences);
  j["runs_with_violations"] = r.RunsWithViolations();
  j["failed"] = r.failed();
  return j.dump(2) + "\n";
}

ExploreReport ParseExploreJson(const std::string& text, const std::string& file) {
  auto bad = [&](const std::string& what) -> engine::InputError {
    return engine::InputError({file, 0, 0}, "not a tidemark explore JSON file: " + what,
                              "give files written by `tidemark explore --json`");
  };
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw bad(e.what());
  }
  try {
    if (j.at("format") != "tidemark-explore" || j.at("version") != 1) throw bad("format/version");
    ExploreReport r;
    r.scenario = j.at("scenario").get<std::string>();
    r.name = j.at("name").get<std::string>();
    if (!sim::ParseHashText(j.at("scenario_hash").get<std::string>(), &r.scenario_hash)) {
      throw bad("scenario_hash");
    }
    r.seeds = j.at("seeds").get<uint64_t>();
    r.shard = sim::ParseShard(j.at("shard").get<std::string>(), file);
    r.order = j.at("order") == "arrival" ? sim::OutcomeOrder::kArrival
                                         : sim::OutcomeOrder::kMultiset;
    r.deterministic = j.at("deterministic").get<bool>();
    for (const json& item : j.at("runs")) {
      sim::SeedRun run;
      run.seed = item.at("seed").get<uint64_t>();
      if (!sim::ParseHashText(item.at("outcome").get<std::string>(), &run.outcome)) {
        throw bad("outcome");
      }
      if (item.contains("violations")) {
        run.violations = item.at("violations").get<std::vector<std::string>>();
      }
      r.runs.push_back(std::move(run));
    }
    return r;
  } catch (const json::exception& e) {
    throw bad(e.what());
  }
}

}  // namespace tidemark::reports
