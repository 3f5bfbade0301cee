// ledger_cost: what the ledger's detail level costs on a benchmark job.
//
// Runs SCENARIO over TRACE (replacing the trace of source SOURCE) with sinks
// counted, alternately with Ledger::Detail::kCountsOnly (what `run` uses) and
// kEveryRecord (every note kept as an entry, plus the schedule, window
// decisions and firings), ROUNDS times each, and prints the median wall time
// of each and what the detailed run kept. Wall time is read here, in the
// benchmark, never in the simulator.
//
// Usage: ledger_cost SCENARIO SOURCE=TRACE [ROUNDS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/session/open_job.h"

namespace {

using tidemark::engine::Ledger;

struct Sample {
  double seconds = 0;
  size_t entries = 0;
  size_t schedule = 0;
};

Sample RunOnce(const tidemark::sim::JobPlan& plan, Ledger::Detail detail) {
  const auto start = std::chrono::steady_clock::now();
  const tidemark::sim::RunResult result =
      tidemark::sim::RunJob(plan, {.seed = plan.info.seed,
                                   .detail = detail,
                                   .sinks = tidemark::sim::RunOptions::Sinks::kCount});
  const auto stop = std::chrono::steady_clock::now();
  return {.seconds = std::chrono::duration<double>(stop - start).count(),
          .entries = detail == Ledger::Detail::kEveryRecord ? result.ledger.entries().size() : 0,
          .schedule = result.schedule.size()};
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 == 1 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: ledger_cost SCENARIO SOURCE=TRACE [ROUNDS]\n");
    return 2;
  }
  try {
    // The trace the benchmark generated, read as `--trace SOURCE=TRACE` reads it.
    const tidemark::sim::JobPlan plan = tidemark::sim::OpenJob(argv[1], {.traces = {argv[2]}});
    const int rounds = argc == 4 ? std::stoi(argv[3]) : 5;
    std::vector<double> counts_only;
    std::vector<double> every_record;
    Sample detailed;
    for (int i = 0; i < rounds; ++i) {
      counts_only.push_back(RunOnce(plan, Ledger::Detail::kCountsOnly).seconds);
      detailed = RunOnce(plan, Ledger::Detail::kEveryRecord);
      every_record.push_back(detailed.seconds);
    }
    const double off = Median(counts_only);
    const double on = Median(every_record);
    std::printf("counts only:  %.3f s (median of %d)\n", off, rounds);
    std::printf(
        "every record: %.3f s (median of %d), %.2fx; kept %zu ledger entries (%zu bytes "
        "each) and %zu schedule steps\n",
        on, rounds, on / off, detailed.entries, sizeof(tidemark::engine::LedgerEntry),
        detailed.schedule);
  } catch (const tidemark::engine::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
