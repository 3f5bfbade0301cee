#include "reports/campaign/explore_report.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/core/input_error.h"

namespace tidemark::reports {

using nlohmann::json;

namespace {

std::string OrderName(sim::OutcomeOrder order) {
  return order == sim::OutcomeOrder::kArrival ? "arrival" : "multiset";
}

std::string ShardText(const sim::Shard& shard) {
  return fmt::format("{}/{}", shard.index, shard.count);
}

bool Complete(const sim::ExploreCampaign& r) { return r.shard.count == 1; }

}  // namespace

namespace {

const sim::SeedRun* RunOf(const sim::ExploreCampaign& r, uint64_t seed) {
  const auto it =
      std::lower_bound(r.runs.begin(), r.runs.end(), seed,
                       [](const sim::SeedRun& run, uint64_t s) { return run.seed < s; });
  return it != r.runs.end() && it->seed == seed ? &*it : nullptr;
}

std::string Plural(uint64_t n, const char* word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// The campaign's failures: how often the job gave up, and how often a replay
// was judged differently after a restore.
std::string FailureSummary(const sim::ExploreCampaign& r) {
  uint64_t failed = 0;
  uint64_t changed = 0;
  uint64_t unchanged = 0;
  std::map<std::string, uint64_t> waived;  // by reason
  for (const sim::SeedRun& run : r.runs) {
    if (!run.waived.empty()) ++waived[run.waived];
    failed += run.job_failed ? 1 : 0;
    changed += run.lateness_changed ? 1 : 0;
    unchanged += run.outcome == run.failure_free_outcome ? 1 : 0;
  }
  std::string out = fmt::format(
      "\nfailures: {} per run, at points each seed picks; {} of {} gave the failure-free "
      "output\n",
      r.failures, Plural(unchanged, "run"), r.runs.size());
  if (failed > 0) {
    out += fmt::format("  the restart strategy gave up: the job failed in {}\n",
                       Plural(failed, "run"));
  }
  if (changed > 0) {
    out += fmt::format(
        "  a replayed record was judged differently after the restore in {} (watermarks are "
        "not in a checkpoint, so the rebuilt watermark decides again)\n",
        Plural(changed, "run"));
  }
  for (const auto& [why, n] : waived) {
    out += fmt::format("  exactly-once and no-loss not checked in {}: {}\n", Plural(n, "run"), why);
  }
  return out;
}

}  // namespace

std::string FormatExploreText(const sim::ExploreCampaign& r) {
  std::string out;
  const std::string seeds = r.shard.count == 1
                                ? fmt::format("seeds 0..{}", r.seeds == 0 ? 0 : r.seeds - 1)
                                : fmt::format("shard {} of seeds 0..{}: {} seeds",
                                              ShardText(r.shard), r.seeds - 1, r.runs.size());
  const std::string failures =
      r.failures == 0 ? "" : fmt::format(", {} per run", Plural(r.failures, "failure"));
  out += fmt::format("explore {} ({}): {}{}, {} outcome{}\n", r.name, r.scenario, seeds, failures,
                     r.outcomes.size(), r.outcomes.size() == 1 ? "" : "s");
  for (size_t i = 0; i < r.outcomes.size(); ++i) {
    const sim::OutcomeGroup& g = r.outcomes[i];
    const sim::SeedRun* first = r.failures == 0 ? nullptr : RunOf(r, g.first_seed);
    const std::string as_free = first != nullptr && first->outcome == first->failure_free_outcome
                                    ? ": the failure-free output"
                                    : "";
    out +=
        fmt::format("outcome {}  {}  {} run{}, first seed {}{}\n", i + 1, sim::HashText(g.outcome),
                    g.runs, g.runs == 1 ? "" : "s", g.first_seed, as_free);
  }
  for (size_t d = 0; d < r.divergences.size(); ++d) {
    const sim::Divergence& div = r.divergences[d];
    size_t number = d + 2;
    for (size_t i = 0; i < r.outcomes.size(); ++i) {
      if (r.outcomes[i].outcome == div.other.outcome) number = i + 1;
    }
    if (div.against_failure_free) {
      const sim::SeedRun* run = RunOf(r, div.other.first_seed);
      out += fmt::format(
          "\noutcome {} (seed {}, failing at {}) differs from seed {} without "
          "failures:\n",
          number, div.other.first_seed,
          run == nullptr ? std::string("?")
                         : fmt::format("{}", fmt::join(run->failure_points, ", ")),
          div.other.first_seed);
    } else {
      out += fmt::format("\noutcome {} (seed {}) differs from outcome 1 (seed {}):\n", number,
                         div.other.first_seed, div.base.first_seed);
    }
    for (const sim::SinkChange& sink : div.sinks) {
      out += fmt::format("  sink '{}':\n", sink.sink);
      for (const std::string& line : sink.lines) out += "    " + line + "\n";
    }
    out += "  why:\n";
    for (const std::string& line : div.why) out += "    " + line + "\n";
    for (const sim::ExploreReproFile& f : r.repros) {
      if (f.repro.seed != div.other.first_seed) continue;
      out += fmt::format("  reproduction: {} ({} of {} rows{}{})\n", f.path, f.repro.rows.size(),
                         f.repro.original_rows, f.repro.minimal ? ", 1-minimal" : "",
                         f.repro.verified ? ", verified" : ", NOT verified");
      out += fmt::format("    tidemark run {}             # seed {}\n", f.path, f.repro.seed);
      if (f.repro.failure_points.empty()) {
        out += fmt::format("    tidemark run {} --seed {}   # another outcome\n", f.path,
                           f.repro.base_seed);
      } else {
        out += "    (without its `failures:` the sinks differ)\n";
      }
    }
  }
  if (r.unexplained > 0) {
    out += fmt::format(
        "\n{} more outcome{} differ{} from the failure-free run: not explained (the "
        "runs are in the JSON)\n",
        r.unexplained, r.unexplained == 1 ? "" : "s", r.unexplained == 1 ? "s" : "");
  }
  if (r.failures > 0) out += FailureSummary(r);
  const size_t bad = r.RunsWithViolations();
  if (bad == 0) {
    out += r.failures == 0
               ? "\ninvariants (conservation, watermark monotonicity, side-output isolation, "
                 "per-key order): hold in every run\n"
               : "\ninvariants (conservation, watermark monotonicity, side-output isolation, "
                 "per-key order, exactly-once, no loss): hold in every run\n";
  } else {
    out += fmt::format("\ninvariants violated in {} run{}:\n", bad, bad == 1 ? "" : "s");
    size_t shown = 0;
    for (const sim::SeedRun& run : r.runs) {
      for (const std::string& v : run.violations) {
        if (shown++ < 10) out += fmt::format("  seed {}: {}\n", run.seed, v);
      }
    }
  }
  if (r.deterministic && r.failures == 0) {
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

std::string FormatExploreJson(const sim::ExploreCampaign& r) {
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
  if (r.failures > 0) j["failures"] = r.failures;
  json runs = json::array();
  for (const sim::SeedRun& run : r.runs) {
    json item = {{"seed", run.seed}, {"outcome", sim::HashText(run.outcome)}};
    if (!run.violations.empty()) item["violations"] = run.violations;
    if (r.failures > 0) {
      item["failure_points"] = run.failure_points;
      item["failure_free_outcome"] = sim::HashText(run.failure_free_outcome);
      item["lateness_changed"] = run.lateness_changed;
      item["job_failed"] = run.job_failed;
      if (!run.waived.empty()) item["waived"] = run.waived;
    }
    runs.push_back(std::move(item));
  }
  j["runs"] = std::move(runs);
  json outcomes = json::array();
  for (const sim::OutcomeGroup& g : r.outcomes) {
    outcomes.push_back(
        {{"outcome", sim::HashText(g.outcome)}, {"first_seed", g.first_seed}, {"runs", g.runs}});
  }
  j["outcomes"] = std::move(outcomes);
  json divergences = json::array();
  for (const sim::Divergence& d : r.divergences) {
    json item = {{"outcome", sim::HashText(d.other.outcome)},
                 {"seed", d.other.first_seed},
                 {"base_seed", d.base.first_seed},
                 {"why", d.why}};
    if (d.against_failure_free) item["against_failure_free"] = true;
    json sinks = json::object();
    for (const sim::SinkChange& s : d.sinks) sinks[s.sink] = s.lines;
    item["sinks"] = std::move(sinks);
    for (const sim::ExploreReproFile& f : r.repros) {
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
  if (r.failures > 0) j["unexplained"] = r.unexplained;
  j["runs_with_violations"] = r.RunsWithViolations();
  j["failed"] = r.failed();
  return j.dump(2) + "\n";
}

sim::ExploreCampaign ParseExploreJson(const std::string& text, const std::string& file) {
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
    sim::ExploreCampaign r;
    r.scenario = j.at("scenario").get<std::string>();
    r.name = j.at("name").get<std::string>();
    if (!sim::ParseHashText(j.at("scenario_hash").get<std::string>(), &r.scenario_hash)) {
      throw bad("scenario_hash");
    }
    r.seeds = j.at("seeds").get<uint64_t>();
    r.shard = sim::ParseShard(j.at("shard").get<std::string>(), file);
    r.order =
        j.at("order") == "arrival" ? sim::OutcomeOrder::kArrival : sim::OutcomeOrder::kMultiset;
    r.deterministic = j.at("deterministic").get<bool>();
    r.failures = j.value("failures", uint64_t{0});
    for (const json& item : j.at("runs")) {
      sim::SeedRun run;
      run.seed = item.at("seed").get<uint64_t>();
      if (!sim::ParseHashText(item.at("outcome").get<std::string>(), &run.outcome)) {
        throw bad("outcome");
      }
      if (item.contains("violations")) {
        run.violations = item.at("violations").get<std::vector<std::string>>();
      }
      if (r.failures > 0) {
        run.failure_points = item.at("failure_points").get<std::vector<std::string>>();
        if (!sim::ParseHashText(item.at("failure_free_outcome").get<std::string>(),
                                &run.failure_free_outcome)) {
          throw bad("failure_free_outcome");
        }
        run.lateness_changed = item.at("lateness_changed").get<bool>();
        run.job_failed = item.at("job_failed").get<bool>();
        run.waived = item.value("waived", std::string());
      }
      r.runs.push_back(std::move(run));
    }
    return r;
  } catch (const json::exception& e) {
    throw bad(e.what());
  }
}

}  // namespace tidemark::reports
