// Parallel ordering (§9.2, §6):
//   - per key and per channel, order is preserved end to end: in every sink
//     that carries input records (tags, late output), the records of one key
//     read from one partition appear in trace order — they share one source
//     subtask and one FIFO channel to the key's window subtask;
//   - with no late records, window results do not depend on parallelism or
//     seed: the multiset of results for window parallelism 1 and seed A equals
//     that for any parallelism 1-8 (source parallelism too) and any seed B.
//     Tumbling and sliding only: a session that fired on time can still be
//     extended by a record exactly at its end that is not late, and whether
//     it fired first depends on the schedule — a legitimate difference.
// Mutation tests swap two records of one key and partition in a sink, and
// drop one window result from the parallel run.
#include <algorithm>
#include <map>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "property_tests/gen/mutation_check.h"
#include "property_tests/gen/run_views.h"

namespace tidemark::props {
namespace {

void CheckOrder(bool swap_one) {
  const GeneratedScenario s = *GenScenario();
  GeneratedRun run = RunGenerated(s, s.job.seed);
  for (sim::SinkOutput& sink : run.result.sinks) {
    if (sink.name == "windows") continue;
    if (swap_one) {
      for (size_t i = 0; i < sink.records.size(); ++i) {
        for (size_t j = i + 1; j < sink.records.size(); ++j) {
          const auto& a = s.rows[sink.records[i].id];
          const auto& b = s.rows[sink.records[j].id];
          if (a.key == b.key && a.partition == b.partition) {
            std::swap(sink.records[i], sink.records[j]);
            i = j = sink.records.size();
          }
        }
      }
    }
    std::map<std::pair<std::string, int>, engine::RecordId> last;
    for (const engine::Record& r : sink.records) {
      const TraceRowSpec& row = s.rows[r.id];
      const auto key = std::make_pair(row.key, row.partition);
      const auto it = last.find(key);
      if (it != last.end() && r.id <= it->second) {
        FailScenario("parallel_ordering", s,
                     sink.name + ": row " + std::to_string(r.id) + " after row " +
                         std::to_string(it->second) + " (key " + row.key + ", partition " +
                         std::to_string(row.partition) + ")");
      }
      last[key] = r.id;
    }
  }
}

RC_BOOST_PROP(order_per_key_and_partition_is_preserved_end_to_end, ()) { CheckOrder(false); }

std::vector<std::string> WindowResults(const sim::RunResult& r) {
  std::vector<std::string> out;
  for (const engine::Record& rec : FindSink(r, "windows")->records) out.push_back(ValuesText(rec));
  std::sort(out.begin(), out.end());
  return out;
}

void CheckParallelismIndependence(bool drop_one) {
  GeneratedScenario base = *GenBoundedDisorderScenario();
  RC_PRE(base.job.window.kind != model::WindowKind::kSession);
  base.job.window_parallelism = 1;
  base.job.source_parallelism = 1;
  GeneratedScenario parallel = base;
  parallel.job.window_parallelism = *rc::gen::inRange(1, 9);
  parallel.job.source_parallelism = *rc::gen::inRange(1, 5);
  const uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1'000'000);
  const GeneratedRun a = RunGenerated(base, base.job.seed);
  GeneratedRun b = RunGenerated(parallel, seed);
  std::vector<std::string> x = WindowResults(a.result);
  std::vector<std::string> y = WindowResults(b.result);
  if (drop_one && !y.empty()) y.pop_back();
  if (x != y) {
    FailScenario("parallelism_independence", parallel,
                 "window results differ between parallelism 1 and " +
                     std::to_string(parallel.job.window_parallelism) + " (seed " +
                     std::to_string(seed) + "): " + std::to_string(x.size()) + " vs " +
                     std::to_string(y.size()) + " results");
  }
}

RC_BOOST_PROP(window_results_do_not_depend_on_parallelism_or_seed, ()) {
  CheckParallelismIndependence(false);
}

BOOST_AUTO_TEST_CASE(parallel_ordering_catches_swapped_records) {
  ExpectCaught([] { CheckOrder(true); });
}

BOOST_AUTO_TEST_CASE(parallelism_independence_catches_a_lost_result) {
  ExpectCaught([] { CheckParallelismIndependence(true); });
}

}  // namespace
}  // namespace tidemark::props
