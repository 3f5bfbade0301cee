#include "sim/check/expectations.h"

#include <fmt/format.h>

#include "engine/core/visible_text.h"
#include "sim/check/expectation.h"

namespace tidemark::sim {

std::string FormatMetadataTime(engine::Timestamp t, bool is_timestamp) {
  if (t.is_min()) return is_timestamp ? "null" : "-inf";
  if (t.is_max()) return "+inf";
  return fmt::format("{}", t.millis());
}

RunOptions CheckRunOptions(const JobPlan& plan, uint64_t seed) {
  RunOptions options{.seed = seed};
  for (const auto& expectation : plan.expectations) expectation->Configure(options);
  return options;
}

ExpectationReport CheckExpectations(const JobPlan& plan, const RunResult& result) {
  ExpectationReport report;
  for (const auto& expectation : plan.expectations) {
    expectation->Check(plan, result, report.diffs);
  }
  // Names and values of the scenario and its run are shown, never obeyed: a
  // diff line is one line in a terminal, a CI log or a JUnit file.
  for (SinkDiff& diff : report.diffs) {
    diff.subject = engine::VisibleText(diff.subject);
    for (std::string& line : diff.lines) line = engine::VisibleText(line);
  }
  return report;
}

}  // namespace tidemark::sim
