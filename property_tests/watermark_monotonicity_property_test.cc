// Watermark monotonicity (§4.6, §4.8, §5.1): in every
// generated run — idle partitions, idleness timeouts, explicit watermarks
// that regress, any channel latencies — the watermark of every operator
// input (ScheduleStep kWatermark) and of every source subtask output
// (kOutputWatermark) strictly increases per (node, subtask).
//
// The mutation test repeats one watermark step in the schedule.
#include <map>
#include <utility>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "property_tests/gen/run_views.h"

namespace tidemark::props {
namespace {

using sim::ScheduleStep;

void CheckMonotonicity(bool repeat_one) {
  const GeneratedScenario s = *GenScenario();
  GeneratedRun run = RunGenerated(s, s.job.seed);
  auto& schedule = run.result.schedule;
  if (repeat_one) {
    for (size_t i = 0; i < schedule.size(); ++i) {
      if (schedule[i].kind == ScheduleStep::Kind::kWatermark) {
        schedule.insert(schedule.begin() + static_cast<ptrdiff_t>(i), schedule[i]);
        break;
      }
    }
  }
  std::map<std::tuple<ScheduleStep::Kind, uint32_t, uint32_t>, engine::Timestamp> last;
  for (const ScheduleStep& step : schedule) {
    if (step.kind != ScheduleStep::Kind::kWatermark &&
        step.kind != ScheduleStep::Kind::kOutputWatermark) {
      continue;
    }
    const auto key = std::make_tuple(step.kind, step.node, step.subtask);
    const auto it = last.find(key);
    if (it != last.end() && step.watermark <= it->second) {
      FailScenario("watermark_monotonicity", s,
                   "node " + run.plan.nodes[step.node].name + " subtask " +
                       std::to_string(step.subtask) + ": watermark " +
                       engine::FormatTimestamp(step.watermark) + " after " +
                       engine::FormatTimestamp(it->second));
    }
    last[key] = step.watermark;
  }
}

RC_BOOST_PROP(watermarks_strictly_increase_at_every_operator, ()) { CheckMonotonicity(false); }

BOOST_AUTO_TEST_CASE(watermark_monotonicity_catches_a_repeated_watermark) {
  const MutationOutcome o = ExpectFailure([] { CheckMonotonicity(true); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

}  // namespace
}  // namespace tidemark::props
